import type { Db } from '@/lib/db/client';
import { keysetSql, takeOneMore, toPage, type Page, type PageRequest } from '@/lib/db/keyset';
import { Prisma } from '@/lib/generated/prisma/client';
import { segmentWords } from '@/lib/text/segment';

export const SEARCH_QUERY_MAX = 200;
const MAX_WORDS = 8;
const SNIPPET_CHARS = 120;

export interface ChatSearchHit {
  id: string;
  title: string;
  status: string;
  lastMessageAt: Date;
  /** a piece of the newest message that matched, around the match; null when only the title did */
  snippet: string | null;
}

/**
 * The person's chats (archived ones too) whose title or messages contain every
 * word of the query, newest activity first. The query is split into words with
 * Intl.Segmenter, so Chinese, which has no spaces, is searched word by word;
 * each word is matched as a substring, so a stored message needs no index of its own.
 */
export async function searchChats(db: Db, userId: string, query: string, page: PageRequest): Promise<Page<ChatSearchHit>> {
  const words = [...new Set(segmentWords(query.slice(0, SEARCH_QUERY_MAX), 'zh'))].slice(0, MAX_WORDS);
  if (words.length === 0) return { items: [], next: null };
  const patterns = words.map((w) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const everyWord = Prisma.join(
    patterns.map((p) => Prisma.sql`(c.title ILIKE ${p} OR EXISTS (SELECT 1 FROM message m WHERE m."chatId" = c.id AND m.text ILIKE ${p}))`),
    ' AND ',
  );
  const rows = await db.$queryRaw<Array<{ id: string; title: string; status: string; lastMessageAt: Date; text: string | null }>>`
    SELECT c.id, c.title, c.status, c."lastMessageAt",
           (SELECT m.text FROM message m WHERE m."chatId" = c.id AND m.text ILIKE ${patterns[0]} ORDER BY m."createdAt" DESC LIMIT 1) AS text
    FROM chat c
    WHERE c."userId" = ${userId} AND ${everyWord} AND ${keysetSql(Prisma.sql`c."lastMessageAt"`, Prisma.sql`c.id`, page.after)}
    ORDER BY c."lastMessageAt" DESC, c.id DESC
    LIMIT ${takeOneMore(page)}`;
  const hits = rows.map((r) => ({
    id: r.id,
    title: r.title,
    status: r.status,
    lastMessageAt: r.lastMessageAt,
    snippet: r.text ? snippetAround(r.text, words[0]!) : null,
  }));
  return toPage(hits, page, (hit) => ({ at: hit.lastMessageAt, id: hit.id }));
}

function snippetAround(text: string, word: string): string {
  const flat = text.replace(/\s+/g, ' ');
  const at = Math.max(0, flat.toLowerCase().indexOf(word));
  const start = Math.max(0, at - SNIPPET_CHARS / 3);
  const piece = flat.slice(start, start + SNIPPET_CHARS).trim();
  return `${start > 0 ? '…' : ''}${piece}${start + SNIPPET_CHARS < flat.length ? '…' : ''}`;
}
