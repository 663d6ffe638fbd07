import type { ChatMessageJson } from '@/components/api/api-types';
import { dataParts } from './chat-ui-message';
import type { ChatMessage, MessageStatus } from '@/lib/chat/turn/wire';

/**
 * What an answer's status is right now. A stream's own `data-turn` part is newer
 * than the saved record (it is dropped when the saved view is loaded again); an
 * answer whose stream ended but is not saved yet still counts as streaming.
 */
export function answerStatus(message: ChatMessage, record: ChatMessageJson | undefined, pending: boolean): MessageStatus {
  const turn = dataParts(message, 'turn').at(-1);
  if (pending) return 'streaming';
  if (turn) return turn.status;
  return record?.status ?? 'complete';
}
