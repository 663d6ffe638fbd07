import { getApp } from '@/lib/app';
import { requireUser } from '@/lib/auth/session';
import { loadChatView } from '@/lib/chat/chat-view';
import { deleteChat, setChatArchived, updateChatSettings } from '@/lib/chat/chats';
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
  const { status, ...rest } = await readJson(request, settings);
  if (rest.title !== undefined || rest.summariesEnabled !== undefined) await updateChatSettings(app.db, id, user.id, rest);
  if (status !== undefined) await setChatArchived(app.db, id, user.id, status === 'archived');
  return Response.json(await loadChatView(app.db, id, user.id, { idleMinutes: app.config.chatIdleMinutes }));
});

/** The owner deletes the chat (404 for anyone else, 409 while an answer is being written); its ledger entries stay. */
export const DELETE = route<{ id: string }>(async (request, { id }) => {
  const app = await getApp();
  const user = await requireUser(app, request);
  await deleteChat(app.db, id, user.id);
  return Response.json({ id, deleted: true });
});
