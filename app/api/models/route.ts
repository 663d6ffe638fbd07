import { getApp } from '@/lib/app';
import { requireUser } from '@/lib/auth/session';
import { route } from '@/lib/http/handler';

export const GET = route(async (request) => {
  const app = await getApp();
  await requireUser(app, request);
  return Response.json(app.catalog.models);
});
