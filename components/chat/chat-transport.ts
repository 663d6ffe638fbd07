import { DefaultChatTransport } from 'ai';
import type { ChatMessage } from '@/lib/chat/turn/wire';

/** What a request asks of the turn routes: a new answer, or a Continue/Retry of a saved one. */
export type TurnRequestBody =
  /** `compare`: more models that answer the message side by side with `model` */
  | { action: 'answer'; model: string; files?: string[]; compare?: string[] }
  | { action: 'continue' | 'retry'; messageId: string }
  /** reruns the last answer with this model */
  | { action: 'regenerate'; messageId: string; model: string }
  /** replaces the person's message `messageId` (and what followed) with the last user message's text */
  | { action: 'edit'; messageId: string; model: string };

function lastUserText(messages: ChatMessage[]): string {
  const last = messages.findLast((m) => m.role === 'user');
  return last?.parts.map((part) => (part.type === 'text' ? part.text : '')).join('') ?? '';
}

/**
 * The turn routes behind one useChat transport (docs/api.md "Chat"). `onAccepted`: the server answered
 * 200 and its stream begins, so the turn is the server's from here (saved as far as it gets, whatever
 * happens to this connection).
 */
export function createChatTransport(chatId: string, onAccepted: () => void = () => {}) {
  const base = `/api/chats/${encodeURIComponent(chatId)}`;
  return new DefaultChatTransport<ChatMessage>({
    api: `${base}/messages`,
    credentials: 'same-origin',
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      if (response.ok) onAccepted();
      return response;
    },
    prepareSendMessagesRequest: ({ messages, body }) => {
      const request = body as TurnRequestBody | undefined;
      if (request?.action === 'edit') {
        return {
          api: `${base}/messages/${encodeURIComponent(request.messageId)}/edit`,
          body: { text: lastUserText(messages), model: request.model },
        };
      }
      if (request && request.action !== 'answer') {
        const body = request.action === 'regenerate' ? { model: request.model } : {};
        return { api: `${base}/messages/${encodeURIComponent(request.messageId)}/${request.action}`, body };
      }
      return { body: { text: lastUserText(messages), model: request?.model, files: request?.files, compare: request?.compare } };
    },
  });
}
