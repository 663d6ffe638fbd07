import type { Db } from '@/lib/db/client';
import type { ContextMessage } from '@/lib/chat/context/types';

/**
 * The chat's older messages matching a full-text query, best first: one query on the GIN index
 * "message_search_idx", made only when the current message refers back (see context/recall.ts).
 * Only the branch on screen (lib/chat/branches.ts): what a hidden branch said is not recalled.
 * `roles`: only the person's own messages when they ask about something they asked themselves.
 */
export async function searchChatMessages(
  db: Db,
  chatId: string,
  tsquery: string,
  excludeIds: readonly string[],
  limit: number,
  roles: ReadonlyArray<'user' | 'assistant'> = ['user', 'assistant'],
): Promise<ContextMessage[]> {
  return db.$queryRaw<ContextMessage[]>`
    SELECT id, role, text FROM message
    WHERE "chatId" = ${chatId} AND "onBranch" AND kind = 'text' AND role = ANY(${roles as string[]}::text[]) AND status <> 'streaming'
      AND NOT (id = ANY(${excludeIds as string[]}::text[]))
      AND to_tsvector('simple', COALESCE("searchText", text)) @@ to_tsquery('simple', ${tsquery})
    ORDER BY ts_rank(to_tsvector('simple', COALESCE("searchText", text)), to_tsquery('simple', ${tsquery})) DESC, "createdAt" DESC
    LIMIT ${limit}`;
}

/** A part of a file sent in this chat earlier, as recall finds it. */
export interface FilePartHit {
  fileId: string;
  name: string;
  number: number;
  label: string;
  text: string;
}

/**
 * Parts of files already sent in the chat (not those of `currentMessageId`) matching the same query,
 * best first: one query on the GIN index "chat_file_part_search_idx". A long file's parts that did not
 * fit its own turn's prompt are found here, like older messages.
 */
export async function searchChatFileParts(
  db: Db,
  chatId: string,
  tsquery: string,
  currentMessageId: string,
  limit: number,
): Promise<FilePartHit[]> {
  return db.$queryRaw<FilePartHit[]>`
    SELECT p."fileId", f.name, p.number, p.label, p.text FROM chat_file_part p JOIN chat_file f ON f.id = p."fileId"
    WHERE p."chatId" = ${chatId} AND f."messageId" IS NOT NULL AND f."messageId" <> ${currentMessageId}
      AND to_tsvector('simple', p.text) @@ to_tsquery('simple', ${tsquery})
    ORDER BY ts_rank(to_tsvector('simple', p.text), to_tsquery('simple', ${tsquery})) DESC, p.number
    LIMIT ${limit}`;
}
