import path from 'node:path';
import { z } from 'zod';
import { mcpServersVariable } from './mcp/servers-config';

// The environment variables (README, "Configuration"), parsed once. Everything else reads this object.
const envSchema = z.object({
  PORT: z.coerce.number().int().positive().default(3000),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://')
    .optional(),
  AUTH_SECRET: z.string().min(16).optional(),
  LLM_BASE_URL: z.string().url().optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODELS: z.string().optional(),
  LLM_PROVIDERS: z.string().optional(),
  LLM_MAX_OUTPUT_TOKENS: z.coerce.number().int().positive().default(2400),
  STARTING_CREDITS: z.coerce.number().int().nonnegative().default(5_000_000),
  STAFF_EMAILS: z.string().default(''),
  PUBLIC_SOURCES: z.enum(['on', 'off']).default('off'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  SIMULATOR_TOKEN_DELAY_MS: z.coerce.number().nonnegative().optional(),
  TURN_WALL_CLOCK_MS: z.coerce.number().int().positive().default(180_000),
  CHAT_IDLE_MINUTES: z.coerce.number().int().positive().default(240),
  APP_URL: z
    .string()
    .url()
    .regex(/^https?:\/\//, 'APP_URL must start with http:// or https://')
    .optional(),
  TRUST_PROXY: z.string().optional(),
  SIGNUP: z.enum(['open', 'invite', 'closed']).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  SEARCH_PROVIDER: z.enum(['searxng']).optional(),
  SEARXNG_URL: z.string().url().optional(),
  FETCH_ALLOW_HOSTS: z.string().default(''),
  METRICS_PORT: z.coerce.number().int().positive().optional(),
  MCP_SERVERS: mcpServersVariable,
  OIDC_ISSUER: z
    .string()
    .url()
    .regex(/^https?:\/\//, 'OIDC_ISSUER must start with https:// (or http:// for a provider on this machine)')
    .optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_ALLOWED_DOMAINS: z.string().default(''),
  OIDC_STAFF_GROUP: z.string().optional(),
  OIDC_SCOPES: z.string().default(''),
  OIDC_NAME: z.string().max(60).optional(),
});

/** The three variables single sign-on needs together (README, "Single sign-on"). */
const OIDC_REQUIRED = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;

/** Single sign-on through one OpenID Connect provider, or undefined when none of its three variables is set. */
function parseOidc(e: z.infer<typeof envSchema>) {
  const missing = OIDC_REQUIRED.filter((name) => !e[name]);
  if (missing.length === OIDC_REQUIRED.length) return undefined;
  if (missing.length > 0)
    throw new Error(
      `Invalid configuration: single sign-on needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together; ` +
        `set ${missing.join(' and ')} as well, or unset the others to sign in with passwords only.`,
    );
  return {
    /** as the provider writes it in its discovery document, without a trailing slash */
    issuer: e.OIDC_ISSUER!.replace(/\/+$/, ''),
    clientId: e.OIDC_CLIENT_ID!,
    clientSecret: e.OIDC_CLIENT_SECRET!,
    /** lower-case domains a signed-in address must end in; empty: any */
    allowedDomains: listOf(e.OIDC_ALLOWED_DOMAINS).map((d) => d.replace(/^@/, '').toLowerCase()),
    /** a member of this group (the `groups` claim) is staff */
    staffGroup: e.OIDC_STAFF_GROUP?.trim() || undefined,
    /** scopes asked for beside openid, email and profile (some providers send `groups` only when asked) */
    extraScopes: listOf(e.OIDC_SCOPES.replaceAll(' ', ',')),
    /** the button says "Sign in with <name>" */
    name: e.OIDC_NAME?.trim() || undefined,
  };
}

const listOf = (raw: string) =>
  raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Which proxies' X-Forwarded-* headers are believed: a hop count, or a list of their addresses. */
export type TrustProxy = { kind: 'none' } | { kind: 'hops'; hops: number } | { kind: 'addresses'; addresses: string[] };

function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim();
  if (!value) return { kind: 'none' };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops > 0 ? { kind: 'hops', hops } : { kind: 'none' };
  }
  return {
    kind: 'addresses',
    addresses: value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  };
}

export type AppConfig = ReturnType<typeof loadConfig>;
export type OidcConfig = NonNullable<AppConfig['oidc']>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const blankToUndefined = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === '' ? undefined : v]));
  const parsed = envSchema.safeParse(blankToUndefined);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    authSecret: e.AUTH_SECRET,
    llm: {
      baseUrl: e.LLM_BASE_URL,
      apiKey: e.LLM_API_KEY,
      models: e.LLM_MODELS,
      providers: e.LLM_PROVIDERS,
      maxOutputTokens: e.LLM_MAX_OUTPUT_TOKENS,
    },
    startingCredits: BigInt(e.STARTING_CREDITS),
    staffEmails: e.STAFF_EMAILS.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    publicSources: e.PUBLIC_SOURCES === 'on',
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    simulatorTokenDelayMs: e.SIMULATOR_TOKEN_DELAY_MS,
    turnWallClockMs: e.TURN_WALL_CLOCK_MS,
    chatIdleMinutes: e.CHAT_IDLE_MINUTES,
    /** the public URL people open; unset: the address of each request */
    appUrl: e.APP_URL ? new URL(e.APP_URL).origin : undefined,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    /** an instance on a real model is invite-only unless the operator opens it */
    signup: e.SIGNUP ?? (e.LLM_BASE_URL ? 'invite' : 'open'),
    smtpUrl: e.SMTP_URL,
    /** the sender of verification and invite mail; unset: no-reply at the public host */
    mailFrom: e.MAIL_FROM ?? `Quire <no-reply@${e.APP_URL ? new URL(e.APP_URL).hostname : 'localhost'}>`,
    search: { provider: e.SEARCH_PROVIDER, searxngUrl: e.SEARXNG_URL },
    /** host:port pairs that research may fetch although they resolve inside the network */
    fetchAllowHosts: e.FETCH_ALLOW_HOSTS.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    metricsPort: e.METRICS_PORT,
    /** the MCP servers whose allowed tools the chat offers (docs/operating.md) */
    mcpServers: e.MCP_SERVERS,
    oidc: parseOidc(e),
  };
}

let cached: AppConfig | undefined;
export function config(): AppConfig {
  cached ??= loadConfig();
  return cached;
}
