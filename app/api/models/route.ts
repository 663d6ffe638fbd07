import { withLeastReserve } from '@/lib/billing/pricing';
import { userRoute } from '@/lib/http/session-route';

export const GET = userRoute(async ({ app }) => {
  return Response.json(withLeastReserve(app.catalog.models));
});
