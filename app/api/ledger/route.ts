import { getApp } from '@/lib/app';
import { requireUser } from '@/lib/auth/session';
import { listLedger } from '@/lib/billing/ledger-view';
import { parseQuery, route } from '@/lib/http/handler';
import { ledgerQuery as query } from '@/lib/billing/billing-api';

export const GET = route(async (request) => {
  const app = await getApp();
  const user = await requireUser(app, request);
  return Response.json(await listLedger(app.db, { userId: user.id, ...parseQuery(request, query) }));
});
