import { getApp } from '@/lib/app';
import { requireUser } from '@/lib/auth/session';
import { loadChatView } from '@/lib/chat/chat-view';
import { updateChatSettings } from '@/lib/chat/chats';
import { readJson, route } from '@/lib/http/handler';
import { chatSettingsBody as settings } from '@/lib/chat/chat-api';

export const GET = route<{ id: string }>(async (request, { id }) => {
  const app = await getApp();
  const user = await requireUser(app, request);
  return Response.json(await loadChatView(app.db, id, user.id, { idleMinutes: app.config.chatIdleMinutes }));
});

export const PATCH = route<{ id: string }>(async (request, { id }) => {
  const app = await getApp();
  const user = await requireUser(app, request);
  await updateChatSettings(app.db, id, user.id, await readJson(request, settings));
  return Response.json(await loadChatView(app.db, id, user.id, { idleMinutes: app.config.chatIdleMinutes }));
});
