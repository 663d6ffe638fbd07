/**
 * Telling "the database is not there right now" (restarted, failed over, out of
 * reach) from "this statement is wrong", and waiting out the first kind for
 * writes that must not be lost: an answer the person has already read, the
 * charge for it. Such a write is retried until the database answers again, up to
 * a deadline; anything else fails at once.
 */

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** Prisma's "cannot reach", "timed out", "server closed the connection", "no connection from the pool in time" */
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1017', 'P2024']);
/** what @prisma/driver-adapter-utils calls a lost or refused connection */
const ADAPTER_KINDS = new Set(['ConnectionClosed', 'DatabaseNotReachable', 'SocketTimeout', 'TooManyConnections']);
/** SQLSTATE class 08 (connection exception) and the server shutting down or starting up */
const UNREACHABLE_SQLSTATE = /^(08|57P0[1-3])/;

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: { cause?: { kind?: unknown; originalCode?: unknown; code?: unknown } } };
}

export function isDatabaseUnreachable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const e = error as ErrorLike;
  const code = typeof e.code === 'string' ? e.code : '';
  if (NETWORK_CODES.has(code) || PRISMA_CODES.has(code) || UNREACHABLE_SQLSTATE.test(code)) return true;
  const adapter = e.meta?.driverAdapterError?.cause;
  if (adapter && (ADAPTER_KINDS.has(String(adapter.kind)) || UNREACHABLE_SQLSTATE.test(String(adapter.originalCode ?? adapter.code ?? ''))))
    return true;
  // node-postgres ends a query whose socket closed with this message and no code
  if (typeof e.message === 'string' && /^Connection terminated( unexpectedly| due to connection timeout)?$/.test(e.message)) return true;
  return isDatabaseUnreachable(e.cause, depth + 1);
}

export interface WaitOptions {
  /** give up (rethrow) once the database has been out of reach this long */
  deadlineMs?: number;
  /** first pause between tries; doubles up to 2 s */
  firstPauseMs?: number;
  /** told once when the first try failed, and once when a later one succeeded */
  onWait?: (event: { state: 'waiting' | 'reached'; tries: number; waitedMs: number; error?: unknown }) => void;
  sleep?: (ms: number) => Promise<void>;
}

const DEFAULT_DEADLINE_MS = 60_000;

/** `onWait` for a write named `what`: one log line when it starts waiting, one when the database answered. */
export function logDatabaseWait(
  log: (fields: { event: string } & Record<string, unknown>) => void,
  what: string,
  ids: Record<string, unknown> = {},
) {
  return (wait: { state: 'waiting' | 'reached'; tries: number; waitedMs: number; error?: unknown }) =>
    log({
      event: wait.state === 'waiting' ? 'database_wait' : 'database_reached',
      what,
      ...ids,
      tries: wait.tries,
      waitedMs: wait.waitedMs,
      ...(wait.error ? { error: wait.error instanceof Error ? wait.error.message.trim().split('\n').pop() : String(wait.error) } : {}),
    });
}
const MAX_PAUSE_MS = 2_000;

/**
 * Runs `write` and, while it fails because the database cannot be reached,
 * again after a pause. `write` must be safe to repeat: a statement whose commit
 * landed just before the connection broke is run a second time.
 */
export async function whenDatabaseReachable<T>(write: () => Promise<T>, options: WaitOptions = {}): Promise<T> {
  const deadline = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const started = Date.now();
  let pause = options.firstPauseMs ?? 100;
  for (let tries = 1; ; tries++) {
    try {
      const result = await write();
      if (tries > 1) options.onWait?.({ state: 'reached', tries, waitedMs: Date.now() - started });
      return result;
    } catch (error) {
      if (!isDatabaseUnreachable(error) || Date.now() - started >= deadline) throw error;
      if (tries === 1) options.onWait?.({ state: 'waiting', tries, waitedMs: 0, error });
      await sleep(Math.min(pause, Math.max(0, deadline - (Date.now() - started))));
      pause = Math.min(pause * 2, MAX_PAUSE_MS);
    }
  }
}
