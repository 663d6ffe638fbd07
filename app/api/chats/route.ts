import { getApp } from '@/lib/app';
import { requireUser } from '@/lib/auth/session';
import { createChat, listChats } from '@/lib/chat/chats';
import { readJson, route } from '@/lib/http/handler';
import { chatCreateBody as createBody } from '@/lib/chat/chat-api';

export const POST = route(async (request) => {
  const app = await getApp();
  const user = await requireUser(app, request);
  const body = await readJson(request, createBody);
  return Response.json(await createChat(app.db, app.catalog, user.id, body), { status: 201 });
});

export const GET = route(async (request) => {
  const app = await getApp();
  const user = await requireUser(app, request);
  return Response.json(await listChats(app.db, user.id));
});
