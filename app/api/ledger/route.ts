import { listLedger } from '@/lib/billing/ledger-view';
import { parseQuery } from '@/lib/http/handler';
import { ledgerQuery as query } from '@/lib/http/api/billing';
import { userRoute } from '@/lib/http/session-route';

export const GET = userRoute(async ({ request, app, user }) => {
  return Response.json(await listLedger(app.db, { userId: user.id, ...parseQuery(request, query) }));
});
