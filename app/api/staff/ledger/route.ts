import { getApp } from '@/lib/app';
import { requireStaff } from '@/lib/auth/session';
import { userIdByEmail } from '@/lib/auth/user-by-email';
import { listLedger } from '@/lib/billing/ledger-view';
import { parseQuery, route } from '@/lib/http/handler';
import { staffLedgerQuery as query } from '@/lib/auth/staff-api';

/** Any user's ledger (by email), or everyone's. */
export const GET = route(async (request) => {
  const app = await getApp();
  await requireStaff(app, request);
  const { user } = parseQuery(request, query);
  const userId = user ? await userIdByEmail(app.db, user) : undefined;
  return Response.json(await listLedger(app.db, { userId }));
});
