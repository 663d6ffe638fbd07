import { userRoute } from '@/lib/http/session-route';

export const GET = userRoute(async ({ app }) => {
  return Response.json(app.catalog.models);
});
