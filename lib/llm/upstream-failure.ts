import { logError, newRequestId } from '@/lib/log';

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
  return `The model service failed${status ? ` (HTTP ${status})` : ''}. Try again, or pick another model. Request id: ${requestId}.`;
}

/** Something on our side (the database, a bug) failed: logged with an id; the person sees only the id. */
export function describeInternalFailure(error: unknown, fields: { event: string } & Record<string, unknown>): string {
  const requestId = newRequestId();
  logError({ ...fields, requestId, error });
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
