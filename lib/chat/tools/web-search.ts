import { tool, zodSchema, type ToolSet } from 'ai';
import { z } from 'zod';
import { recordWebWork } from '@/lib/billing/ledger';
import type { Db } from '@/lib/db/client';
import { cutAtWordBoundary } from '@/lib/text/cut-at-word';
import { segmentWords } from '@/lib/text/segment';
import type { LinkReader, ReadPage } from '@/lib/web/link-reader';
import { publicSearchAllowed, type PublicSearchProvider } from '@/lib/web/public-search';
import type { ChatToolFactory } from './registry';

export const WEB_SEARCH_TOOL = 'web_search';
/** Results read per search: the top few, as a person would (document research reads as many). */
export const WEB_RESULTS_READ = 3;
/** Searches kept per chat; the oldest go first. */
export const CHAT_WEB_RESULTS_KEPT = 50;
/** A kept search answers the same query again for a day; after that the web is asked again. */
export const WEB_RESULT_FRESH_MS = 24 * 60 * 60 * 1000;
const QUOTE_MAX_CHARS = 300;
const EXCERPT_MAX_CHARS = 1_200;

export interface WebSearchDeps {
  db: Db;
  /** the deployment's PUBLIC_SOURCES: a chat can only narrow it */
  publicSources: boolean;
  /** null: no search provider configured */
  search: PublicSearchProvider | null;
  /** SSRF-checked, robots.txt-obeying reader (the one document research uses) */
  reader: LinkReader;
  log?: (line: Record<string, unknown>) => void;
  now?: () => Date;
}

/** A page the search read: what the answer cites (its title and the sentence quoted) and what the model reads. */
interface FoundPage {
  title: string;
  url: string;
  quote: string;
  excerpt: string;
}

const webSearchInput = zodSchema(
  z.object({ query: z.string().min(2).max(300).describe('what to look up on the public web, as you would type it into a search engine') }),
);

/**
 * `web_search`: the chat model looks something up on the public web within its streamed round.
 * Offered only where the deployment allows public sources AND the chat has not switched it off:
 * otherwise the model never sees the tool, and nothing is requested. Sources are numbered across
 * the answer's calls; the numbers are what the answer cites and what shows under it.
 */
export function webSearchTools(deps: WebSearchDeps): ChatToolFactory {
  return (ctx): ToolSet => {
    if (!publicSearchAllowed(deps.publicSources, ctx.webSearch ?? false, deps.search)) return {};
    const search = deps.search;
    let numbered = ctx.citedBefore ?? 0;
    return {
      [WEB_SEARCH_TOOL]: tool({
        description:
          'Search the public web and read the top pages. Use it for current events, facts you are unsure of, or when the person asks to look something up. Returns numbered sources, each with its title, a quoted sentence and an excerpt: cite them in the answer as [1], [2] right after the sentence they support.',
        inputSchema: webSearchInput,
        execute: async ({ query }, { abortSignal }) => {
          const signal = abortSignal ?? new AbortController().signal;
          const pages = await cachedOrFresh(deps, search, { chatId: ctx.chatId, turnId: ctx.turnId }, query, signal);
          if (pages.length === 0)
            return { citations: [], note: 'The search found no page that could be read. Say so, and answer from what you know.' };
          return {
            citations: pages.map((page) => ({ n: ++numbered, ...page })),
            note: 'Cite each source you use by its number in brackets, e.g. [1], right after the sentence it supports.',
          };
        },
      }),
    };
  };
}

async function cachedOrFresh(
  deps: WebSearchDeps,
  search: PublicSearchProvider,
  turn: { chatId: string; turnId?: string },
  query: string,
  signal: AbortSignal,
): Promise<FoundPage[]> {
  const key = normalizedQuery(query);
  const now = deps.now?.() ?? new Date();
  const kept = await deps.db.chatWebResult.findUnique({ where: { chatId_query: { chatId: turn.chatId, query: key } } });
  if (kept && now.getTime() - kept.createdAt.getTime() < WEB_RESULT_FRESH_MS) {
    deps.log?.({ event: 'web_search', chatId: turn.chatId, query: key, cached: true });
    return kept.sources as unknown as FoundPage[];
  }
  const results = (await search.search(key, signal)).slice(0, WEB_RESULTS_READ);
  const read = await Promise.allSettled(results.map((r) => deps.reader.read(r.url, signal)));
  const pages: FoundPage[] = [];
  read.forEach((outcome, i) => {
    if (outcome.status === 'fulfilled') pages.push(foundPage(outcome.value, results[i]!.title, key));
  });
  if (turn.turnId) await recordWebWork(deps.db, turn.turnId, { searches: 1, pagesRead: results.length });
  deps.log?.({
    event: 'web_search',
    chatId: turn.chatId,
    provider: search.name,
    query: key,
    results: results.length,
    read: pages.length,
    failed: read.flatMap((o) => (o.status === 'rejected' ? [o.reason instanceof Error ? o.reason.message : String(o.reason)] : [])),
  });
  await keep(deps.db, turn.chatId, key, pages, now);
  return pages;
}

/** Kept for the chat (the same query replaces its older result), and the chat keeps only its newest CHAT_WEB_RESULTS_KEPT. */
async function keep(db: Db, chatId: string, query: string, pages: FoundPage[], now: Date): Promise<void> {
  const sources = pages as unknown as object[];
  await db.$transaction(async (tx) => {
    await tx.chatWebResult.upsert({
      where: { chatId_query: { chatId, query } },
      create: { chatId, query, sources, createdAt: now },
      update: { sources, createdAt: now },
    });
    const beyond = await tx.chatWebResult.findMany({
      where: { chatId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: CHAT_WEB_RESULTS_KEPT,
      take: 100,
      select: { id: true },
    });
    if (beyond.length > 0) await tx.chatWebResult.deleteMany({ where: { id: { in: beyond.map((r) => r.id) } } });
  });
}

function normalizedQuery(query: string): string {
  return query.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase().slice(0, 300);
}

function foundPage(page: ReadPage, searchTitle: string, query: string): FoundPage {
  const { quote, paragraph } = bestSentence(page.paragraphs, query);
  return {
    title: (page.title || searchTitle).slice(0, 300),
    url: page.url,
    quote: cutAtWordBoundary(quote, QUOTE_MAX_CHARS),
    excerpt: cutAtWordBoundary(paragraph, EXCERPT_MAX_CHARS),
  };
}

const sentenceSegmenter = new Intl.Segmenter(undefined, { granularity: 'sentence' });

/**
 * The sentence of the page that shares the most words with the query (the first one when none
 * does): what the answer quotes, verbatim from the page, with the paragraph it stands in.
 */
export function bestSentence(paragraphs: string[], query: string): { quote: string; paragraph: string } {
  const wanted = new Set(segmentWords(query).filter((w) => w.length > 2));
  let best = { quote: '', paragraph: '', score: -1 };
  for (const paragraph of paragraphs) {
    for (const { segment } of sentenceSegmenter.segment(paragraph)) {
      const sentence = segment.trim();
      if (!sentence) continue;
      const score = new Set(segmentWords(sentence).filter((w) => wanted.has(w))).size;
      if (score > best.score) best = { quote: sentence, paragraph, score };
    }
  }
  return { quote: best.quote, paragraph: best.paragraph };
}
