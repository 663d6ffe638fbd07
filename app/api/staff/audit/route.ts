import { listAudit } from '@/lib/audit/audit-list';
import { parseQuery } from '@/lib/http/handler';
import { auditQuery as query } from '@/lib/http/api/staff';
import { pageRequest, pageResponse } from '@/lib/http/paging';
import { staffRoute } from '@/lib/http/session-route';

/** The audit log, newest first, filtered by act, actor and time; a page at a time (the next one in the `Link` header). */
export const GET = staffRoute(async ({ request, app }) => {
  const { cursor, limit, ...filter } = parseQuery(request, query);
  return pageResponse(request, await listAudit(app.db, filter, pageRequest({ cursor, limit })));
});
