import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { config } from '@/lib/config';

/**
 * The one logger: one JSON object per line on stdout (pino), written
 * synchronously so lines from a process that is about to exit are not lost and
 * a reader counting `model_call` lines sees every one. Every string field
 * passes through scrubSecrets, so the model endpoint's credentials never reach
 * the log, whatever message carried them.
 */
const logger = pino(
  {
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: {
      level: (label) => ({ level: label }),
      log: (fields) => scrubFields(fields),
    },
  },
  pino.destination({ dest: 1, sync: true }),
);

/** A structured event: `{event, …fields}` at info level. */
export function logEvent(fields: { event: string } & Record<string, unknown>): void {
  logger.info(fields);
}

/** A failure the operator should read: the error's text stays here, never in a response. */
export function logError(fields: { event: string; error?: unknown } & Record<string, unknown>): void {
  const { error, ...rest } = fields;
  logger.error(error === undefined ? rest : { ...rest, error: errorText(error) });
}

/** A short id a person can quote and an operator can grep the log for. */
export function newRequestId(): string {
  return randomBytes(6).toString('hex');
}

export function errorText(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error));
}

/** A URL fit for a log line or a banner: user and password removed. */
export function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.username && !parsed.password) return url;
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return scrubSecrets(url);
  }
}

/** Removes `user:password@` from any URL in the text, and the configured model API key wherever it appears. */
export function scrubSecrets(text: string, secrets: readonly string[] = configuredSecrets()): string {
  let scrubbed = text.replace(/(\b[a-z][a-z0-9+.-]*:\/\/)[^/\s:@]*:[^/\s@]*@/gi, '$1***@');
  for (const secret of secrets) scrubbed = scrubbed.split(secret).join('***');
  return scrubbed;
}

/** The model endpoint's secrets: its API key and the password in its URL (raw and decoded). */
export function secretsOf(llm: { apiKey?: string | null; baseUrl?: string | null }): string[] {
  const found = [llm.apiKey];
  if (llm.baseUrl) {
    const url = new URL(llm.baseUrl);
    found.push(decodeURIComponent(url.password), url.password);
  }
  // very short values would blank out ordinary words; such a key is no secret anyway
  return found.filter((s): s is string => typeof s === 'string' && s.length >= 6);
}

let secrets: string[] | undefined;
function configuredSecrets(): string[] {
  secrets ??= secretsOf(config().llm);
  return secrets;
}

function scrubFields(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, scrubValue(value)]));
}

function scrubValue(value: unknown): unknown {
  if (typeof value === 'string') return scrubSecrets(value);
  if (Array.isArray(value)) return value.map(scrubValue);
  if (value && typeof value === 'object' && !(value instanceof Date)) return scrubFields(value as Record<string, unknown>);
  return value;
}

/** A log sink for domain code that takes `log` as a dependency; `model_call` lines are counted by tests and benchmarks. */
export const logToStdout = (line: Record<string, unknown>): void => logEvent({ event: String(line.event ?? 'log'), ...line });
