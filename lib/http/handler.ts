import { z } from 'zod';
import { config } from '@/lib/config';
import { countError } from '@/lib/ops/metrics';
import { AppError } from '@/lib/errors';
import { errorResponse } from '@/lib/http/error-response';
import { assertJsonBody, assertSameOrigin } from './same-origin';
import { logError, newRequestId } from '@/lib/log';
import { cleanJsonStrings, cleanText, hasUnsafeText } from '@/lib/text/clean-text';
import { BodyTooLargeError, describeBytes, readCappedBody } from '../streams/read-capped-body';
import { assertJsonDepth } from './bounded-json';

type RouteContext<P> = { params: Promise<P> };

/**
 * Wraps a route handler: a state-changing request from another site's page is
 * refused first (403), then AppError → its status, a zod error → 400, anything
 * else → 500 with the details logged under a request id, and only that id
 * (never a stack trace or a database message) in the response.
 */
export function route<P = Record<string, string>>(
  handler: (request: Request, params: P) => Promise<Response>,
): (request: Request, context: RouteContext<P>) => Promise<Response> {
  return async (request, context) => {
    try {
      assertSameOrigin(request, config().appUrl);
      return await handler(request, checkedParams((await context?.params) ?? ({} as P)));
    } catch (error) {
      if (error instanceof AppError) return errorResponse(error);
      if (error instanceof z.ZodError) return errorResponse(validationError(error));
      return unexpectedErrorResponse(request.method, new URL(request.url).pathname, error);
    }
  };
}

/**
 * An error nothing above expected: counted, logged in full under a new request
 * id, and answered with a 500 that carries only that id (the database's or a
 * library's own text stays in the log; the person gets an id to quote).
 */
export function unexpectedErrorResponse(method: string, path: string, error: unknown): Response {
  countError('route');
  const requestId = newRequestId();
  logError({ event: 'route_error', requestId, method, path, error });
  return errorResponse(
    new AppError(
      'internal',
      `Something went wrong on our side. It has been logged with request id ${requestId}.`,
      { requestId },
      { 'x-request-id': requestId },
    ),
  );
}

/** Path parameters are ids and keys: one holding NUL or a lone surrogate names nothing, and would fail in the database. */
function checkedParams<P>(params: P): P {
  for (const value of Object.values(params as Record<string, unknown>)) {
    const parts = Array.isArray(value) ? value : [value];
    if (parts.some((part) => typeof part === 'string' && hasUnsafeText(part))) {
      throw new AppError('bad_request', 'The address holds a character that cannot be part of a name (NUL or a lone surrogate).');
    }
  }
  return params;
}

export function validationError(error: z.ZodError): AppError {
  const first = error.issues[0];
  const where = first?.path.length ? `${first.path.join('.')}: ` : '';
  return new AppError('validation_failed', `${where}${first?.message ?? 'invalid input'}`);
}

const DEFAULT_MAX_BODY = 64 * 1024;

/** Reads a JSON body with a size cap and validates it; malformed or oversized bodies never reach domain code. */
export async function readJson<T extends z.ZodType>(request: Request, schema: T, maxBytes = DEFAULT_MAX_BODY): Promise<z.infer<T>> {
  const raw = (await readBodyOr413(request, maxBytes)).toString('utf8');
  let value: unknown = {};
  if (raw.trim()) {
    assertJsonBody(request);
    assertJsonDepth(raw);
    try {
      value = cleanJsonStrings(JSON.parse(raw));
    } catch {
      throw new AppError('invalid_json', 'The request body is not valid JSON.');
    }
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/**
 * The same request with every string of its JSON body cleaned (clean-text.ts),
 * for handlers that read the body themselves (better-auth). A body that is not
 * JSON passes unchanged: that handler refuses it in its own words.
 */
export async function withCleanJsonBody(request: Request, maxBytes = DEFAULT_MAX_BODY): Promise<Request> {
  if (!(request.headers.get('content-type') ?? '').includes('json')) return request;
  const raw = (await readBodyOr413(request, maxBytes)).toString('utf8');
  assertJsonDepth(raw);
  let body = raw;
  try {
    body = JSON.stringify(cleanJsonStrings(JSON.parse(raw)));
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
  }
  const headers = new Headers(request.headers);
  headers.delete('content-length');
  return new Request(request.url, { method: request.method, headers, body, signal: request.signal });
}

/** The body, capped while it streams; over the cap → 413 that names the limit. */
export async function readBodyOr413(request: Request, maxBytes: number, tooLarge?: AppError): Promise<Buffer<ArrayBuffer>> {
  try {
    return await readCappedBody(request, maxBytes);
  } catch (error) {
    if (error instanceof BodyTooLargeError)
      throw tooLarge ?? new AppError('payload_too_large', `The request body is larger than ${describeBytes(maxBytes)}.`);
    throw error;
  }
}

export function parseQuery<T extends z.ZodType>(request: Request, schema: T): z.infer<T> {
  const params = Object.fromEntries([...new URL(request.url).searchParams].map(([key, value]) => [key, cleanText(value)]));
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}
