import { z } from 'zod';
import { countError } from '@/lib/ops/metrics';
import { AppError, errorResponse } from './errors';

type RouteContext<P> = { params: Promise<P> };

/**
 * Wraps a route handler: AppError → its status, a zod error → 400, anything
 * else → 500 with the details logged (never a stack trace to the client).
 */
export function route<P = Record<string, string>>(
  handler: (request: Request, params: P) => Promise<Response>,
): (request: Request, context: RouteContext<P>) => Promise<Response> {
  return async (request, context) => {
    try {
      return await handler(request, (await context?.params) ?? ({} as P));
    } catch (error) {
      if (error instanceof AppError) return errorResponse(error);
      if (error instanceof z.ZodError) return errorResponse(validationError(error));
      countError('route');
      console.error(JSON.stringify({ event: 'route_error', url: request.url, error: String((error as Error)?.stack ?? error) }));
      return errorResponse(new AppError('internal', 'Something went wrong on our side. It has been logged.'));
    }
  };
}

export function validationError(error: z.ZodError): AppError {
  const first = error.issues[0];
  const where = first?.path.length ? `${first.path.join('.')}: ` : '';
  return new AppError('validation_failed', `${where}${first?.message ?? 'invalid input'}`);
}

const DEFAULT_MAX_BODY = 64 * 1024;

/** Reads a JSON body with a size cap and validates it; malformed or oversized bodies never reach domain code. */
export async function readJson<T extends z.ZodType>(request: Request, schema: T, maxBytes = DEFAULT_MAX_BODY): Promise<z.infer<T>> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw new AppError('payload_too_large', `The request body is larger than ${maxBytes} bytes.`);
  const raw = await readTextCapped(request, maxBytes);
  let value: unknown = {};
  if (raw.trim()) {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new AppError('invalid_json', 'The request body is not valid JSON.');
    }
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

async function readTextCapped(request: Request, maxBytes: number): Promise<string> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new AppError('payload_too_large', `The request body is larger than ${maxBytes} bytes.`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function parseQuery<T extends z.ZodType>(request: Request, schema: T): z.infer<T> {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}
