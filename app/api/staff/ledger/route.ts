import { userIdByEmail } from '@/lib/auth/user-by-email';
import { listLedger } from '@/lib/billing/ledger-view';
import { parseQuery } from '@/lib/http/handler';
import { staffLedgerQuery as query } from '@/lib/http/api/staff';
import { pageRequest, pageResponse } from '@/lib/http/paging';
import { staffRoute } from '@/lib/http/session-route';

/** Any user's ledger (by email), or everyone's; newest first, a page at a time. */
export const GET = staffRoute(async ({ request, app }) => {
  const { user, ...paging } = parseQuery(request, query);
  const userId = user ? await userIdByEmail(app.db, user) : undefined;
  return pageResponse(request, await listLedger(app.db, { userId }, pageRequest(paging)));
});
