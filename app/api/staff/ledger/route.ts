import { getApp } from '@/lib/app';
import { requireStaff } from '@/lib/auth/session';
import { listLedger } from '@/lib/billing/ledger-view';
import { notFound } from '@/lib/http/errors';
import { parseQuery, route } from '@/lib/http/handler';
import { staffLedgerQuery as query } from '@/lib/auth/staff-api';

/** Any user's ledger (by email), or everyone's. */
export const GET = route(async (request) => {
  const app = await getApp();
  await requireStaff(app, request);
  const { user } = parseQuery(request, query);
  let userId: string | undefined;
  if (user) {
    const found = await app.db.user.findUnique({ where: { email: user.toLowerCase() }, select: { id: true } });
    if (!found) throw notFound(`No user with the email ${user}.`);
    userId = found.id;
  }
  return Response.json(await listLedger(app.db, { userId }));
});
