import type { Db } from '@/lib/db/client';
import type { ContextMessage } from '@/lib/chat/context/types';

/**
 * The chat's older messages matching a full-text query, best first: one query on the GIN index
 * "message_search_idx", made only when the current message refers back (see context/recall.ts).
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
    WHERE "chatId" = ${chatId} AND kind = 'text' AND role = ANY(${roles as string[]}::text[]) AND status <> 'streaming'
      AND NOT (id = ANY(${excludeIds as string[]}::text[]))
      AND to_tsvector('simple', COALESCE("searchText", text)) @@ to_tsquery('simple', ${tsquery})
    ORDER BY ts_rank(to_tsvector('simple', COALESCE("searchText", text)), to_tsquery('simple', ${tsquery})) DESC, "createdAt" DESC
    LIMIT ${limit}`;
}
