import { route } from '@/lib/http/handler';
import { openApiDocument } from '@/lib/http/openapi/build-openapi';

/** The HTTP API as OpenAPI 3.1; public, like the readable form at /docs/api. */
export const GET = route(async () => Response.json(openApiDocument(), { headers: { 'cache-control': 'public, max-age=300' } }));
