import { loadAnswerContext } from '@/lib/chat/answer-context-view';
import { userRoute } from '@/lib/http/session-route';

/** What the model saw for one answer, with the texts of the messages it names ("What the model saw", opened). */
export const GET = userRoute<{ id: string; messageId: string }>(async ({ app, user, params: { id, messageId } }) =>
  Response.json(await loadAnswerContext(app.db, user, id, messageId)),
);
