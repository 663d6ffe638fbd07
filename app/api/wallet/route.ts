import { getWallet } from '@/lib/billing/wallet';
import { userRoute } from '@/lib/http/session-route';

export const GET = userRoute(async ({ app, user }) => {
  return Response.json(await getWallet(app.db, user.id));
});
