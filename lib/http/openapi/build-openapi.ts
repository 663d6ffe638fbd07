import { z } from 'zod';
import packageJson from '@/package.json';
import type { ApiOperation } from './api-operation';
import { API_OPERATIONS, API_TAGS } from './operations';

type JsonSchema = Record<string, unknown>;
type ResponseObject = Record<string, unknown>;

export const SESSION_COOKIE = 'better-auth.session_token';

/** The shared error answers, named once in `components.responses` and referenced by status. */
const STANDARD_ERRORS: Record<number, { name: string; description: string }> = {
  400: {
    name: 'BadRequest',
    description: 'The body, query or address is not valid (malformed JSON, a field out of range, U+0000 or a lone surrogate in text).',
  },
  401: { name: 'Unauthorized', description: 'No valid session cookie.' },
  402: { name: 'PaymentRequired', description: 'Not enough credits.' },
  403: { name: 'Forbidden', description: 'Not allowed: staff only, or a state-changing request from another site.' },
  404: { name: 'NotFound', description: 'No such thing, or it is not shared with the caller.' },
  409: { name: 'Conflict', description: 'The request conflicts with the current state.' },
  413: { name: 'PayloadTooLarge', description: "The body is larger than the route's limit." },
  415: { name: 'UnsupportedMediaType', description: 'The content type is not the one the route takes.' },
  422: { name: 'Unprocessable', description: 'Well-formed, but it cannot be done.' },
  429: { name: 'TooManyRequests', description: 'Rate limit reached; `Retry-After` says when to try again.' },
  500: { name: 'InternalError', description: 'Something failed on the server; the message carries a request id to quote.' },
};

const nextPageLink = {
  Link: {
    description: 'When more rows follow: `<address of the next page>; rel="next"` (RFC 8288). Absent on the last page.',
    schema: { type: 'string' },
  },
};

const retryAfter = { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } };

/**
 * The request schemas describe what a client may send (`io: 'input'`): a
 * field with a default is optional, a transform shows the type it accepts.
 * Dates arrive as strings (`z.coerce.date()` in queries).
 */
export function requestJsonSchema(schema: z.ZodType): JsonSchema {
  return jsonSchemaOf(schema, 'input');
}

/**
 * The response schemas describe what the server sends (`io: 'output'`). A date
 * is an ISO string, said by its format alone (zod's pattern for it is a wall of
 * regex), and an integer's safe-integer bounds are no limit worth printing.
 */
export function responseJsonSchema(schema: z.ZodType): JsonSchema {
  return jsonSchemaOf(schema, 'output');
}

function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      if (zodSchema._zod.def.type === 'date') Object.assign(jsonSchema, { type: 'string', format: 'date-time' });
      if (io === 'input') return;
      if (jsonSchema.format === 'date-time') delete jsonSchema.pattern;
      if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
      if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
    },
  }) as JsonSchema;
  return json;
}

export function operationId(op: Pick<ApiOperation, 'method' | 'path'>): string {
  const words = op.path
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replace(/^\{(.+)\}$/, 'by-$1'))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return op.method.toLowerCase() + words.map((word) => word[0].toUpperCase() + word.slice(1)).join('');
}

function pathParameters(path: string) {
  return [...path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
}

function queryParameters(query: z.ZodType | undefined) {
  if (!query) return [];
  const json = requestJsonSchema(query);
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries((json.properties as Record<string, JsonSchema> | undefined) ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema,
  }));
}

function requestBody(op: ApiOperation) {
  if (!op.body) return undefined;
  const content: Record<string, { schema: JsonSchema }> = {};
  const type = op.bodyType ?? 'json';
  if (type !== 'multipart') content['application/json'] = { schema: requestJsonSchema(op.body) };
  if (type !== 'json') content['multipart/form-data'] = { schema: requestJsonSchema(op.multipartBody ?? op.body) };
  // an empty JSON body is read as `{}`: the body is optional exactly when `{}` passes
  return { required: !op.body.safeParse({}).success, content };
}

/** The refusals every route of this kind can give (handler.ts, same-origin.ts, session.ts). */
function sharedErrorStatuses(op: ApiOperation): number[] {
  const statuses = new Set<number>();
  if (op.body || op.query || op.path.includes('{')) statuses.add(400);
  if (op.auth !== 'none') statuses.add(401);
  if (op.auth === 'staff' || op.method !== 'GET') statuses.add(403);
  if (op.path.includes('{')) statuses.add(404);
  if (op.body) statuses.add(413).add(415);
  if (op.errorFormat !== 'better-auth') statuses.add(500);
  return [...statuses];
}

function errorSchemaRef(op: ApiOperation) {
  return { $ref: op.errorFormat === 'better-auth' ? '#/components/schemas/BetterAuthError' : '#/components/schemas/Error' };
}

function operationResponses(op: ApiOperation): Record<string, ResponseObject> {
  const responses: Record<string, ResponseObject> = {};
  for (const status of sharedErrorStatuses(op)) {
    responses[status] =
      op.errorFormat === 'better-auth'
        ? { description: STANDARD_ERRORS[status].description, content: { 'application/json': { schema: errorSchemaRef(op) } } }
        : { $ref: `#/components/responses/${STANDARD_ERRORS[status].name}` };
  }
  for (const [key, description] of Object.entries(op.responses)) {
    const status = Number(key);
    if (status >= 400 && status < 500) {
      responses[key] = {
        description,
        content: { 'application/json': { schema: errorSchemaRef(op) } },
        ...(status === 429 ? { headers: retryAfter } : {}),
      };
    } else if (status >= 300 && status < 400) {
      responses[key] = { description, headers: { Location: { schema: { type: 'string' } } } };
    } else {
      const body = op.responseBodies?.[status];
      const mediaTypes = status < 300 ? [op.produces ?? 'application/json'].flat() : ['application/json'];
      responses[key] = {
        description,
        content: Object.fromEntries(mediaTypes.map((mediaType) => [mediaType, body ? { schema: responseJsonSchema(body) } : {}])),
        ...(op.paged && status === 200 ? { headers: nextPageLink } : {}),
      };
    }
  }
  return Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b)));
}

function operationObject(op: ApiOperation) {
  const parameters = [...pathParameters(op.path), ...queryParameters(op.query)];
  const body = requestBody(op);
  return {
    operationId: operationId(op),
    tags: [op.tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    'x-auth': op.auth,
    security: op.auth === 'none' ? [] : [{ sessionCookie: [] }],
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: operationResponses(op),
  };
}

const errorSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', description: 'Stable, for programs: `validation_failed`, `not_found`, `rate_limited`…' },
        message: { type: 'string', description: 'For people.' },
      },
    },
    requestId: { type: 'string', description: 'On a 500: quote it; the details are in the server log under it.' },
    limit: { type: 'string', description: 'On a 413 or 429: which limit was reached.' },
  },
};

export type OpenApiDocument = ReturnType<typeof buildOpenApi>;

export function buildOpenApi(operations: readonly ApiOperation[] = API_OPERATIONS) {
  const paths: Record<string, Record<string, ReturnType<typeof operationObject>>> = {};
  for (const op of operations) {
    paths[op.path] = { ...paths[op.path], [op.method.toLowerCase()]: operationObject(op) };
  }
  return {
    openapi: '3.1.0' as const,
    info: {
      title: 'Quire API',
      version: packageJson.version,
      description:
        "JSON in and out. Errors are `{error: {code, message}}` with a 4xx status (better-auth's own routes answer `{code, message}`). " +
        'A state-changing request from another site is refused with 403. A readable form of this document is at /docs/api.',
    },
    servers: [{ url: '/', description: 'This Quire server' }],
    tags: API_TAGS.map((tag) => ({ ...tag })),
    paths,
    components: {
      securitySchemes: {
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'The session cookie that sign-in and sign-up set. Staff routes need a staff account as well.',
        },
      },
      schemas: {
        Error: errorSchema,
        BetterAuthError: { type: 'object', required: ['message'], properties: { code: { type: 'string' }, message: { type: 'string' } } },
      },
      responses: Object.fromEntries(
        Object.entries(STANDARD_ERRORS).map(([status, { name, description }]) => [
          name,
          {
            description,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
            ...(status === '429' ? { headers: retryAfter } : {}),
          },
        ]),
      ),
    },
  };
}

let cached: OpenApiDocument | undefined;

/** Built once per process: the operations are fixed at build time. */
export function openApiDocument(): OpenApiDocument {
  cached ??= buildOpenApi();
  return cached;
}
