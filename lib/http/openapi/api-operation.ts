import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call an operation: anyone, a signed-in person (the session cookie), or staff. */
export type OperationAuth = 'none' | 'session' | 'staff';

/**
 * One HTTP operation as the API documents it. The zod schemas are the very
 * ones the route validates with, so the document cannot drift from the code.
 * Error statuses every route shares (400 for a body, 401, 403, 404 for a path
 * id…) are added by build-openapi.ts; `responses` names the success answers and
 * the operation's own refusals (402, 409, 422, 429…), and `responseBodies` gives
 * the JSON answers their schemas.
 */
export interface ApiOperation {
  method: HttpMethod;
  /** OpenAPI form: `/api/chats/{id}` */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  auth: OperationAuth;
  /** the JSON body (or, with `bodyType: 'multipart'`, the form's fields) */
  body?: z.ZodType;
  /** `json` (default); `multipart` for uploads; `json-or-multipart` when the route takes either */
  bodyType?: 'json' | 'multipart' | 'json-or-multipart';
  /** the multipart form when it differs from the JSON body */
  multipartBody?: z.ZodType;
  query?: z.ZodType;
  responses: Record<number, string>;
  /**
   * The JSON answer of each success status (and of any other status that
   * answers with a body of its own, as readiness's 503 does). Written from what
   * the route returns; tests/http/openapi.test.ts parses real answers with them.
   */
  responseBodies?: Record<number, z.ZodType>;
  /** the media type of the success answer when it is not JSON (several when a query parameter chooses among them) */
  produces?: string | readonly string[];
  /** a list read page by page (`cursor`, `limit` in its query; the next page in a `Link` header: lib/http/paging.ts) */
  paged?: boolean;
  /** better-auth's own routes answer errors as `{code, message}` rather than `{error: {code, message}}` */
  errorFormat?: 'app' | 'better-auth';
}

/** Typed in one place so each domain module reads as a plain list. */
export const defineOperations = (operations: ApiOperation[]): ApiOperation[] => operations;
