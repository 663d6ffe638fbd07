import type { Db } from '@/lib/db/client';
import { keysetSql, takeOneMore, toPage, type Page, type PageRequest } from '@/lib/db/keyset';
import { Prisma } from '@/lib/generated/prisma/client';
import { plainTextOfMarkdown } from '@/lib/text/markdown-plain';
import { segmentWords, tsQueryOf } from '@/lib/text/segment';

export const SEARCH_QUERY_MAX = 200;
const MAX_WORDS = 8;
const SNIPPET_CHARS = 120;
/** Markdown read on each side of the match to make a snippet of */
const SNIPPET_WINDOW = 400;

export interface ChatSearchHit {
  id: string;
  title: string;
  status: string;
  lastMessageAt: Date;
  /** a piece of the newest message that matched, around the match; null when only the title did */
  snippet: string | null;
  /** that message, for opening the chat at it; null when only the title matched */
  messageId: string | null;
}

/**
 * The person's chats (archived ones too) whose title contains every word of
 * the query, or one of whose messages does, newest activity first, a page at a
 * time. The query is split into words with Intl.Segmenter, so Chinese, which
 * has no spaces, is searched word by word; a message word matches from its
 * start ("pic" finds "picnic"). Messages are found through the full-text index
 * (message_search_idx) the recall of older messages uses, together with the index
 * of each message's owner, so a search costs the person's matches, not their whole
 * history nor everyone's matches; titles are few per person and matched as
 * substrings.
 */
export async function searchChats(db: Db, userId: string, query: string, page: PageRequest): Promise<Page<ChatSearchHit>> {
  const words = [...new Set(segmentWords(query.slice(0, SEARCH_QUERY_MAX), 'zh'))].slice(0, MAX_WORDS);
  if (words.length === 0) return { items: [], next: null };
  const tsquery = tsQueryOf(
    words.map((word) => ({ word, prefix: true })),
    '&',
  );
  const titleHasEveryWord = Prisma.join(
    words.map((w) => Prisma.sql`c.title ILIKE ${`%${w.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`}`),
    ' AND ',
  );
  const rows = await db.$queryRaw<
    Array<{ id: string; title: string; status: string; lastMessageAt: Date; text: string | null; messageId: string | null }>
  >`
    WITH matched AS (
      -- the person's messages with every word: the owner's index and the full-text one, combined (a BitmapAnd),
      -- so a search reads this person's hits, not every person's; newest match per chat, ids only while sorting;
      -- only the branches on screen (lib/chat/branches.ts): a hit opens the chat at a message it shows
      SELECT DISTINCT ON (m."chatId") m."chatId", m.id FROM message m
      WHERE m."userId" = ${userId} AND m."onBranch"
        AND to_tsvector('simple', COALESCE(m."searchText", m.text)) @@ to_tsquery('simple', ${tsquery})
      ORDER BY m."chatId", m."createdAt" DESC
    ), page AS (
      SELECT c.id, c.title, c.status, c."lastMessageAt", matched.id AS "messageId"
      FROM chat c LEFT JOIN matched ON matched."chatId" = c.id
      WHERE c."userId" = ${userId} AND (matched."chatId" IS NOT NULL OR (${titleHasEveryWord}))
        AND ${keysetSql(Prisma.sql`c."lastMessageAt"`, Prisma.sql`c.id`, page.after)}
      ORDER BY c."lastMessageAt" DESC, c.id DESC
      LIMIT ${takeOneMore(page)}
    )
    -- the texts of the page's hits only
    SELECT page.*, newest.text FROM page LEFT JOIN message newest ON newest.id = page."messageId"
    ORDER BY page."lastMessageAt" DESC, page.id DESC`;
  const hits = rows.map((r) => ({
    id: r.id,
    title: r.title,
    status: r.status,
    lastMessageAt: r.lastMessageAt,
    snippet: r.text ? snippetAround(r.text, words[0]!) : null,
    messageId: r.messageId,
  }));
  return toPage(hits, page, (hit) => ({ at: hit.lastMessageAt, id: hit.id }));
}

/**
 * A piece of the message around the word, as the person reads it in the chat: the Markdown around the match
 * (a window of it, so a long answer is not parsed whole) turned into its words, then cut around the word.
 */
function snippetAround(text: string, word: string): string {
  const at = Math.max(0, text.toLowerCase().indexOf(word));
  const from = Math.max(0, at - SNIPPET_WINDOW);
  const flat = plainTextOfMarkdown(text.slice(from, at + SNIPPET_WINDOW));
  const found = Math.max(0, flat.toLowerCase().indexOf(word));
  const start = Math.max(0, found - SNIPPET_CHARS / 3);
  const piece = flat.slice(start, start + SNIPPET_CHARS).trim();
  const cutBefore = start > 0 || from > 0;
  const cutAfter = start + SNIPPET_CHARS < flat.length || at + SNIPPET_WINDOW < text.length;
  return `${cutBefore ? '…' : ''}${piece}${cutAfter ? '…' : ''}`;
}
