import { listCredits } from '@/lib/billing/ledger-view';
import { parseQuery } from '@/lib/http/handler';
import { ownCreditsQuery as query } from '@/lib/http/api/billing';
import { pageRequest, pageResponse } from '@/lib/http/paging';
import { userRoute } from '@/lib/http/session-route';

/** The caller's top-ups (the credit lines of their ledger), newest first, a page at a time. */
export const GET = userRoute(async ({ request, app, user }) => {
  return pageResponse(request, await listCredits(app.db, { userId: user.id }, pageRequest(parseQuery(request, query))));
});
