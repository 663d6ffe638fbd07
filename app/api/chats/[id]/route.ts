import { loadChatView } from '@/lib/chat/chat-view';
import { deleteChat, setChatArchived, updateChatSettings } from '@/lib/chat/chats';
import { parseQuery, readJson } from '@/lib/http/handler';
import { chatSettingsBody as settings, chatViewQuery } from '@/lib/http/api/chat';
import { withMessagePages } from '@/lib/http/paging';
import { userRoute } from '@/lib/http/session-route';

const messagesOf = (chatId: string) => `/api/chats/${chatId}/messages`;

export const GET = userRoute<{ id: string }>(async ({ request, app, user, params: { id } }) => {
  const { around } = parseQuery(request, chatViewQuery);
  return Response.json(
    withMessagePages(await loadChatView(app.db, id, user.id, { idleMinutes: app.config.chatIdleMinutes, around }), messagesOf(id)),
  );
});

export const PATCH = userRoute<{ id: string }>(async ({ request, app, user, params: { id } }) => {
  const { status, ...rest } = await readJson(request, settings);
  if (Object.values(rest).some((value) => value !== undefined)) await updateChatSettings(app.db, id, user.id, rest);
  if (status !== undefined) await setChatArchived(app.db, id, user.id, status === 'archived');
  return Response.json(
    withMessagePages(await loadChatView(app.db, id, user.id, { idleMinutes: app.config.chatIdleMinutes }), messagesOf(id)),
  );
});

/** The owner deletes the chat (404 for anyone else, 409 while an answer is being written); its ledger entries stay. */
export const DELETE = userRoute<{ id: string }>(async ({ app, user, params: { id } }) => {
  await deleteChat(app.db, id, user.id);
  return Response.json({ id, deleted: true });
});
