import type { AppError } from '@/lib/errors';

/** An AppError as the API answers it: `{error: {code, message}}` with its status and headers. */
export function errorResponse(error: AppError): Response {
  return Response.json(
    { error: { code: error.code, message: error.message }, ...error.body },
    { status: error.status, headers: error.headers },
  );
}
