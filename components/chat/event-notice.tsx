import { Info } from 'lucide-react';
import { messageText, type ChatUIMessage } from './chat-ui-message';

/** A system event (a document started, updated, done): a compact centered line, not a bubble. */
export function EventNotice({ message }: { message: ChatUIMessage }) {
  return (
    <div className="flex justify-center" role="note" data-testid="message-event">
      <p className="inline-flex max-w-[90%] items-center gap-2 rounded-full border border-zinc-200 bg-zinc-50 px-3 py-1 text-xs text-zinc-600 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-400">
        <Info className="size-3.5 shrink-0" aria-hidden />
        <span>{messageText(message)}</span>
      </p>
    </div>
  );
}
