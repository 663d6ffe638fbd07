import type { DocumentChatEvent } from '@/lib/documents/chat-events';
import type { ChatMessageJson } from '@/components/api/api-types';

const DOCUMENT_EVENTS: ReadonlySet<string> = new Set<DocumentChatEvent['event']>([
  'document_started',
  'document_questions',
  'document_updated',
  'document_done',
]);

/** A system message's `meta` as the document event it carries (lib/documents/chat-events.ts), or null for any other event. */
export function documentEventOf(meta: ChatMessageJson['meta'] | undefined): DocumentChatEvent | null {
  if (!meta || typeof meta.event !== 'string' || !DOCUMENT_EVENTS.has(meta.event) || typeof meta.documentId !== 'string') return null;
  return meta as unknown as DocumentChatEvent;
}

/** How long after a chat's last document activity it is still worth looking for that document's messages. */
const DOCUMENT_QUIET_MS = 30 * 60_000;

/**
 * Whether a document started in this chat may still post a message (Started,
 * Questions, Done): more start_document calls than Done events, and recent
 * activity (a failed or cancelled document never posts Done).
 */
export function documentMayPost(records: ReadonlyArray<Pick<ChatMessageJson, 'meta' | 'createdAt'>>, now: number): boolean {
  let started = 0;
  let done = 0;
  let lastActivity = 0;
  for (const record of records) {
    const starts = record.meta?.tools?.filter((call) => call.name === 'start_document').length ?? 0;
    const event = documentEventOf(record.meta);
    if (starts === 0 && !event) continue;
    started += starts;
    if (event?.event === 'document_done') done += 1;
    lastActivity = Math.max(lastActivity, Date.parse(record.createdAt));
  }
  return started > done && now - lastActivity < DOCUMENT_QUIET_MS;
}
