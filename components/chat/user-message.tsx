import { memo } from 'react';
import { messageText } from './chat-ui-message';
import type { ChatMessage } from '@/lib/chat/turn/wire';

export const UserMessage = memo(function UserMessage({ message, heading }: { message: ChatMessage; heading: string }) {
  return (
    <article className="flex justify-end" data-testid="message-user" data-message-id={message.id}>
      <h2 className="sr-only">{heading}</h2>
      <div className="max-w-[85%] rounded-2xl rounded-br-md bg-zinc-100 px-4 py-2.5 text-[15px] leading-relaxed whitespace-pre-wrap text-zinc-900 [overflow-wrap:anywhere] dark:bg-zinc-800 dark:text-zinc-100">
        {messageText(message)}
      </div>
    </article>
  );
});
