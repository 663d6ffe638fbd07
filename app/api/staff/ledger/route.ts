import { userIdByEmail } from '@/lib/auth/user-by-email';
import { listLedger } from '@/lib/billing/ledger-view';
import { parseQuery } from '@/lib/http/handler';
import { staffLedgerQuery as query } from '@/lib/http/api/staff';
import { staffRoute } from '@/lib/http/session-route';

/** Any user's ledger (by email), or everyone's. */
export const GET = staffRoute(async ({ request, app }) => {
  const { user } = parseQuery(request, query);
  const userId = user ? await userIdByEmail(app.db, user) : undefined;
  return Response.json(await listLedger(app.db, { userId }));
});
