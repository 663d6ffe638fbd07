import { exportChat } from '@/lib/chat/export-chat';
import { parseQuery } from '@/lib/http/handler';
import { chatExportQuery as query } from '@/lib/http/api/chat';
import { userRoute } from '@/lib/http/session-route';

/** The owner downloads the chat (404 for anyone else). */
export const GET = userRoute<{ id: string }>(async ({ request, app, user, params: { id } }) => {
  const { format } = parseQuery(request, query);
  const file = await exportChat(app.db, id, user.id, format, (model) => app.catalog.find(model)?.label ?? model ?? 'Assistant');
  return new Response(file.body, {
    headers: {
      'content-type': file.contentType,
      'content-disposition': `attachment; filename="chat.${format}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    },
  });
});
