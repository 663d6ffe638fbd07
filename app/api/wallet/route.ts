import { getApp } from '@/lib/app';
import { requireUser } from '@/lib/auth/session';
import { getWallet } from '@/lib/billing/wallet';
import { route } from '@/lib/http/handler';

export const GET = route(async (request) => {
  const app = await getApp();
  const user = await requireUser(app, request);
  return Response.json(await getWallet(app.db, user.id));
});
