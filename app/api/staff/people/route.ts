import { listPeople } from '@/lib/auth/deactivation';
import { parseQuery } from '@/lib/http/handler';
import { peopleQuery as query } from '@/lib/http/api/staff';
import { pageRequest, pageResponse } from '@/lib/http/paging';
import { staffRoute } from '@/lib/http/session-route';

/** Every account, newest first, a page at a time; `email` narrows the list. */
export const GET = staffRoute(async ({ request, app }) => {
  const { email, ...paging } = parseQuery(request, query);
  return pageResponse(request, await listPeople(app.db, { email }, pageRequest(paging)));
});
