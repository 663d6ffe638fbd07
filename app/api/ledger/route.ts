import { listLedger } from '@/lib/billing/ledger-view';
import { parseQuery } from '@/lib/http/handler';
import { ledgerQuery as query } from '@/lib/http/api/billing';
import { pageRequest, pageResponse } from '@/lib/http/paging';
import { userRoute } from '@/lib/http/session-route';

/** The caller's ledger, newest first, a page at a time (the next one in the `Link` header). */
export const GET = userRoute(async ({ request, app, user }) => {
  const { cursor, limit, ...filter } = parseQuery(request, query);
  return pageResponse(request, await listLedger(app.db, { userId: user.id, ...filter }, pageRequest({ cursor, limit })));
});
