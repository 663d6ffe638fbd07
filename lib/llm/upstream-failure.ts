import { logError, newRequestId } from '@/lib/log';
import { isDatabaseUnreachable } from '@/lib/db/unreachable';

/**
 * A model call that failed. The provider's own text (often a JSON error body,
 * sometimes internal detail) goes to the log under a fresh request id; the
 * person gets a plain sentence with that id to quote, and the HTTP status when
 * there was one. Returns that sentence.
 */
export function describeUpstreamFailure(error: unknown, ids: { turnId?: string | null; jobId?: string | null; callId?: string }): string {
  const requestId = newRequestId();
  const status = httpStatusOf(error);
  logError({ event: 'upstream_error', requestId, ...ids, status, error: upstreamText(error) });
  if (upstreamRetryPolicy(error).permanent)
    return `The model service refused the request (HTTP ${status}); sending it again will not help. Pick another model, or ask the operator to check the model's settings. Request id: ${requestId}.`;
  return `The model service failed${status ? ` (HTTP ${status})` : ''}. Try again, or pick another model. Request id: ${requestId}.`;
}

/**
 * Statuses that say the same request will be refused again (a parameter the model does not take, a key
 * without rights, a model that does not exist, a prompt too large): retrying only charges attempts.
 */
const PERMANENT_STATUSES = new Set([400, 401, 403, 404, 405, 413, 422]);

/** Whether a failed call is worth repeating, and how long the provider asked us to wait first (Retry-After). */
export function upstreamRetryPolicy(error: unknown, now = Date.now()): { permanent: boolean; retryAfterMs: number | null } {
  const status = httpStatusOf(error);
  const headers = (error as { responseHeaders?: Record<string, string> } | null)?.responseHeaders ?? {};
  const raw = headers['retry-after'] ?? headers['Retry-After'];
  let retryAfterMs: number | null = null;
  if (raw !== undefined) {
    const seconds = Number(raw);
    if (Number.isFinite(seconds)) retryAfterMs = Math.max(0, seconds * 1000);
    else if (!Number.isNaN(Date.parse(raw))) retryAfterMs = Math.max(0, Date.parse(raw) - now);
  }
  return { permanent: status !== null && PERMANENT_STATUSES.has(status), retryAfterMs };
}

/** Something on our side (the database, a bug) failed: logged with an id; the person sees only the id. */
export function describeInternalFailure(error: unknown, fields: { event: string } & Record<string, unknown>): string {
  const requestId = newRequestId();
  logError({ ...fields, requestId, error });
  if (isDatabaseUnreachable(error))
    return `Our database could not be reached, so this was not saved. It has been logged with request id ${requestId}.`;
  return `Something went wrong on our side. It has been logged with request id ${requestId}.`;
}

function httpStatusOf(error: unknown): number | null {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' ? status : null;
}

function upstreamText(error: unknown): string {
  if (error instanceof Error) {
    const body = (error as { responseBody?: unknown }).responseBody;
    return typeof body === 'string' && body ? `${error.message} — ${body.slice(0, 2000)}` : error.message;
  }
  return typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error));
}
