import { startTurnResponse } from '@/lib/chat/start-turn';
import { listChatMessages } from '@/lib/chat/chat-view';
import { parseQuery, readJson } from '@/lib/http/handler';
import { pageRequest, pageResponse } from '@/lib/http/paging';
import { sendMessageBody as body, chatMessagesQuery } from '@/lib/http/api/chat';
import { userRoute } from '@/lib/http/session-route';

/** Older messages of the chat, newest first, a page at a time (the chat itself comes with its newest page). */
export const GET = userRoute<{ id: string }>(async ({ request, app, user, params: { id } }) => {
  const page = pageRequest(parseQuery(request, chatMessagesQuery));
  return pageResponse(request, await listChatMessages(app.db, id, user.id, page));
});

export const POST = userRoute<{ id: string }>(async ({ request, app, rate, params: { id } }) => {
  const { text, model, files, compare } = await readJson(request, body);
  return startTurnResponse(app.turnDeps, rate, request, { chatId: id, mode: 'answer', text, modelId: model, fileIds: files, compare });
});
