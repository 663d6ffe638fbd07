import { arenaSummary } from '@/lib/chat/compare/arena';
import { parseQuery } from '@/lib/http/handler';
import { arenaQuery as query } from '@/lib/http/api/staff';
import { staffRoute } from '@/lib/http/session-route';

/** How the deployment's models fared when people marked the better of side-by-side answers. */
export const GET = staffRoute(async ({ request, app }) => Response.json(await arenaSummary(app.db, parseQuery(request, query))));
