/**
 * Every error a person can see has a stable code, a message, and an HTTP status
 * from this one table. Domain code throws AppError; the route wrapper in lib/http turns it into
 * `{error: {code, message}}`.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  invalid_json: 400,
  validation_failed: 400,
  invalid_range: 400,
  unauthorized: 401,
  payment_required: 402,
  insufficient_credits: 402,
  forbidden: 403,
  /** a password asked for again before an act that cannot be undone, and not the right one */
  wrong_password: 403,
  /** an account without a password proves it is its owner by a sign-in of a few minutes ago */
  fresh_sign_in_required: 403,
  cross_site: 403,
  not_found: 404,
  conflict: 409,
  turn_in_progress: 409,
  payload_too_large: 413,
  // importing chats (lib/chat/import): the upload past its cap, more conversations than one import takes,
  // a ZIP that inflates far past its size, JSON nested past the limit, a file that is no export we know
  import_too_large: 413,
  import_too_many_chats: 413,
  import_zip_bomb: 413,
  import_too_deep: 400,
  import_not_recognised: 422,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  upstream_error: 502,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** extra top-level fields of the response body (e.g. `current` on a conflict) */
    readonly body?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what = 'Not found') => new AppError('not_found', what);
