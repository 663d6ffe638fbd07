/** An error the API answered with: `{error: {code, message}}` and its HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** seconds the server asked to wait before trying again (429, 503), when it said */
    readonly retryAfter: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Reads `{error: {code, message}}` (the app's routes) or `{code, message}` (the auth
 * library's routes) out of a response body; falls back to the raw text.
 */
export function parseApiError(status: number, body: string, retryAfterHeader: string | null = null): ApiError {
  const seconds = Number(retryAfterHeader);
  const retryAfter = retryAfterHeader && Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : null;
  try {
    const parsed = JSON.parse(body) as { error?: { code?: string; message?: string }; code?: string; message?: string };
    if (parsed.error?.message) return new ApiError(status, parsed.error.code ?? 'error', parsed.error.message, retryAfter);
    if (parsed.message) return new ApiError(status, parsed.code ?? 'error', parsed.message, retryAfter);
  } catch {
    // not JSON: an HTML error page or a proxy's text; show it as it came
  }
  return new ApiError(status, 'error', body.trim().slice(0, 300) || `HTTP ${status}`, retryAfter);
}

/** fetch for the JSON API: same-origin cookies, JSON in and out, ApiError on a non-2xx answer. */
export async function fetchJson<T>(url: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    credentials: 'same-origin',
    headers: init.body === undefined ? undefined : { 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: init.signal,
    cache: 'no-store',
  });
  const text = await response.text();
  if (!response.ok) throw parseApiError(response.status, text, response.headers.get('retry-after'));
  return (text ? JSON.parse(text) : null) as T;
}
