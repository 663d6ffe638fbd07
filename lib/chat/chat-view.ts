import type { ImportSource } from '@/lib/chat/import/imported-chat';
import { betterAnswers } from '@/lib/chat/compare/answer-preference';
import type { Db } from '@/lib/db/client';
import { keysetSql, keysetWhere, keysetWhereNewer, takeOneMore, toPage, type Keyset, type Page, type PageRequest } from '@/lib/db/keyset';
import { Prisma } from '@/lib/generated/prisma/client';
import { notFound } from '@/lib/errors';
import { toCallView } from '@/lib/billing/ledger-view';
import { isIdle } from './chats';
import type { MessageMeta } from './message-meta';
import { filesByMessage } from './files/chat-file-access';
import { loadKeyFactStates } from './key-facts-store';
import { siblingPositions } from './branches';
import { withContextHeadline } from './answer-context-view';
import type { MessageRole, MessageStatus } from './turn/wire';

export interface ChatViewOptions {
  /** minutes without messages after which a new topic is suggested */
  idleMinutes?: number;
  /** staff see every chat and each answer's model calls */
  asStaff?: boolean;
  /** newest messages shown (CHAT_PAGE_SIZE when absent) */
  limit?: number;
  /** open at this message instead of the newest: the page around it (a search hit, a staff link far back) */
  around?: string;
  /** only messages written up to this moment (a shared link's snapshot): later ones are not read */
  until?: Date;
  /** each answer's context as its headline only, the rest read when opened (the chat's page: answer-context-view.ts) */
  contextOnOpen?: boolean;
}

/**
 * How many of a chat's newest messages come with it: 50, or fewer when they
 * are long — as many of the newest as hold 24,000 characters, and never fewer
 * than 10. Older ones are read a page at a time as the person scrolls up.
 */
export const CHAT_PAGE_SIZE = 50;
// the page carries each message twice (its HTML and the data the browser hydrates from): text is most of its weight
const FIRST_PAGE_CHARS = 24_000;
const FIRST_PAGE_MIN = 10;

type MessageRow = Awaited<ReturnType<Db['message']['findMany']>>[number];

/**
 * GET /api/chats/:id (docs/api.md): the chat, its newest messages (oldest first
 * among them) and its key facts with their history. `older` is where the page of
 * messages before these starts (listChatMessages), null when none are left: a
 * 4,000-message chat opens with one page, not all of it. With `around`, the page
 * holds that message and its neighbours instead, and `newer` is where the
 * messages after them start (null once the page reaches the newest).
 */
export async function loadChatView(db: Db, chatId: string, viewerId: string, options: ChatViewOptions = {}) {
  const chat = await db.chat.findFirst({
    where: options.asStaff ? { id: chatId } : { id: chatId, userId: viewerId },
    include: { user: { select: { email: true, name: true } } },
  });
  if (!chat) throw notFound('No such chat.');
  const page = options.around
    ? await pageAround(db, chat.id, options.around, options.limit ?? CHAT_PAGE_SIZE)
    : { ...firstPage(await readMessages(db, chat.id, { limit: options.limit ?? CHAT_PAGE_SIZE }, options.until)), newer: null };
  const [keyFactStates, messages, earlierUsage] = await Promise.all([
    loadKeyFactStates(db, chat.id),
    messageViews(db, chat.id, page.items, options),
    usageBefore(db, chat.id, page.next),
  ]);
  const keyFacts = keyFactStates.filter((s) => s.value !== '' || options.asStaff);
  return {
    id: chat.id,
    title: chat.title,
    status: chat.status,
    model: chat.model,
    summariesEnabled: chat.summariesEnabled,
    importedFrom: chat.importedFrom as ImportSource | null,
    instructions: chat.instructions,
    summary: options.asStaff ? chat.summary : undefined,
    user: options.asStaff ? { email: chat.user.email, name: chat.user.name } : undefined,
    liveTurnId: chat.liveTurnId,
    lastMessageAt: chat.lastMessageAt,
    idle: messages.length > 0 && isIdle(chat.lastMessageAt, options.idleMinutes ?? 240),
    // oldest first, as the conversation reads
    messages: messages.reverse(),
    older: page.next,
    newer: page.newer,
    earlierUsage,
    slots: keyFacts.map((s) => ({
      key: s.key,
      value: s.value,
      history: s.history.map((h) => ({ value: h.value, messageId: h.messageId, at: h.at })),
    })),
  };
}

/**
 * A page of a chat's messages, newest first, before `page.after`: what the
 * conversation shows as the person scrolls up; or, when the cursor came from a
 * view's `newer` (a chat opened far back), oldest first after it, as the person
 * scrolls down. The chat must be the viewer's (or any, for staff).
 */
export async function listChatMessages(db: Db, chatId: string, viewerId: string, page: PageRequest, options: ChatViewOptions = {}) {
  const chat = await db.chat.findFirst({
    where: options.asStaff ? { id: chatId } : { id: chatId, userId: viewerId },
    select: { id: true },
  });
  if (!chat) throw notFound('No such chat.');
  const rows = await readMessages(db, chat.id, page, options.until);
  return { items: await messageViews(db, chat.id, rows.items, options), next: rows.next };
}

export type ChatMessageView = Awaited<ReturnType<typeof messageViews>>[number];

export interface UsageSummary {
  /** answers (not document events) */
  answers: number;
  /** those answers' input tokens */
  inputTokens: number;
  /** every message's cost, micro-USD */
  costMicros: number;
}

/**
 * What the messages before a page used: the chat's insights number each answer
 * shown and total the chat's cost with it, though the page holds only the
 * newest answers (the browser takes each older page it reads off this). One
 * pass over the chat's index; nothing before the page, nothing read.
 */
async function usageBefore(db: Db, chatId: string, before: Keyset | null): Promise<UsageSummary> {
  if (!before) return { answers: 0, inputTokens: 0, costMicros: 0 };
  const answer = Prisma.sql`role = 'assistant' AND kind <> 'event'`;
  const [row] = await db.$queryRaw<Array<{ answers: number; inputTokens: bigint; costMicros: bigint }>>`
    SELECT count(*) FILTER (WHERE ${answer})::int AS answers,
           COALESCE(sum("inputTokens") FILTER (WHERE ${answer}), 0)::bigint AS "inputTokens",
           COALESCE(sum("costMicros"), 0)::bigint AS "costMicros"
    FROM message
    WHERE "chatId" = ${chatId} AND "onBranch" AND ${keysetSql(Prisma.sql`"createdAt"`, Prisma.sql`id`, before)}`;
  return { answers: row?.answers ?? 0, inputTokens: Number(row?.inputTokens ?? 0), costMicros: Number(row?.costMicros ?? 0) };
}

/** The newest page cut to the first page's size in characters: what is cut is read with the older pages. */
function firstPage(page: Page<MessageRow>): Page<MessageRow> {
  let chars = 0;
  const kept = page.items.filter((m, index) => {
    chars += m.text.length;
    return index < FIRST_PAGE_MIN || chars <= FIRST_PAGE_CHARS;
  });
  if (kept.length === page.items.length) return page;
  const oldest = kept[kept.length - 1]!;
  return { items: kept, next: { at: oldest.createdAt, id: oldest.id } };
}

/**
 * Newest first by (createdAt, id), or oldest first after a `newer` cursor: the
 * chat's (chatId, createdAt) index serves every page in either direction. Only
 * the branch on screen (lib/chat/branches.ts): its messages are one line in time.
 */
async function readMessages(db: Db, chatId: string, page: PageRequest, until?: Date): Promise<Page<MessageRow>> {
  const after = page.after;
  const upTo = until ? { AND: [{ createdAt: { lte: until } }] } : {};
  if (after?.newer) {
    const rows = await db.message.findMany({
      where: { chatId, onBranch: true, ...upTo, ...keysetWhereNewer('createdAt', after) },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: takeOneMore(page),
    });
    return toPage(rows, page, (m) => ({ at: m.createdAt, id: m.id, newer: true }));
  }
  const rows = await db.message.findMany({
    where: { chatId, onBranch: true, ...upTo, ...keysetWhere('createdAt', after) },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: takeOneMore(page),
  });
  return toPage(rows, page, (m) => ({ at: m.createdAt, id: m.id }));
}

/**
 * The message `messageId` with up to half a page before it and half after,
 * newest first like every page; `next` reads on before them, `newer` after them.
 */
async function pageAround(db: Db, chatId: string, messageId: string, limit: number): Promise<Page<MessageRow> & { newer: Keyset | null }> {
  const target = await db.message.findFirst({ where: { id: messageId, chatId } });
  if (!target) throw notFound('That message is not in this chat.');
  const at: Keyset = { at: target.createdAt, id: target.id };
  const later = Math.max(1, Math.floor(limit / 2));
  const [before, after] = await Promise.all([
    readMessages(db, chatId, { after: at, limit: Math.max(1, limit - later - 1) }),
    readMessages(db, chatId, { after: { ...at, newer: true }, limit: later }),
  ]);
  return { items: [...after.items.reverse(), target, ...before.items], next: before.next, newer: after.next };
}

async function messageViews(db: Db, chatId: string, rows: MessageRow[], options: ChatViewOptions) {
  // a shared snapshot shows one conversation, not the answers its owner could pick between
  const rounds = options.until ? [] : await roundAnswers(db, chatId, rows);
  const [callsByMessage, siblings, files, better] = await Promise.all([
    options.asStaff
      ? modelCallsByMessage(
          db,
          chatId,
          [...rows, ...rounds].map((m) => m.id),
        )
      : new Map<string, StaffModelCall[]>(),
    siblingPositions(db, chatId, rows),
    filesByMessage(
      db,
      rows.filter((m) => m.role === 'user').map((m) => m.id),
    ),
    betterAnswers(db, [...new Set(rounds.map(roundOf).filter((round) => round !== null))]),
  ]);
  const view = (m: MessageRow) => ({
    id: m.id,
    // the columns are text; every writer stores one of these (docs/api.md)
    role: m.role as MessageRole,
    kind: m.kind,
    text: m.text,
    status: m.status as MessageStatus,
    model: m.model,
    finishReason: m.finishReason,
    continuations: m.continuations,
    usage: { inputTokens: m.inputTokens, outputTokens: m.outputTokens, reasoningTokens: m.reasoningTokens, estimated: m.estimated },
    costMicros: Number(m.costMicros),
    firstTokenMs: m.firstTokenMs,
    error: m.error,
    meta: options.contextOnOpen ? withContextHeadline(publicMeta(m.meta), chatId, m.id) : publicMeta(m.meta),
    createdAt: m.createdAt,
    ...(files.has(m.id) ? { files: files.get(m.id)! } : {}),
    // a shared snapshot shows one conversation, not the branches its owner can switch between
    ...(siblings.has(m.id) && !options.until ? { siblings: siblings.get(m.id) } : {}),
    // a round's answers say which one the person marked better (a shared snapshot has no rounds)
    ...(roundOf(m) && !options.until ? { better: better.get(roundOf(m)!) === m.id } : {}),
    ...(options.asStaff ? { calls: callsByMessage.get(m.id) ?? [] } : {}),
  });
  return rows.map((m): ReturnType<typeof view> & { round?: Array<ReturnType<typeof view>> } => {
    const round = options.until ? null : roundOf(m);
    return round ? { ...view(m), round: rounds.filter((r) => roundOf(r) === round).map(view) } : view(m);
  });
}

const roundOf = (m: MessageRow): string | null => (m.meta as MessageMeta | null)?.round ?? null;

/**
 * The answers of the side-by-side rounds a page's answers were written in (docs/architecture.md "Side by side"),
 * those on screen included, oldest (first asked) first: read by their questions, one query.
 */
async function roundAnswers(db: Db, chatId: string, rows: MessageRow[]): Promise<MessageRow[]> {
  const inRounds = rows.filter((m) => roundOf(m) && m.parentId);
  if (inRounds.length === 0) return [];
  const rounds = new Set(inRounds.map(roundOf));
  const answers = await db.message.findMany({
    where: { chatId, role: 'assistant', parentId: { in: inRounds.map((m) => m.parentId!) } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  return answers.filter((m) => rounds.has(roundOf(m)));
}

/** A model call under an answer, as staff see it. */
export type StaffModelCall = ReturnType<typeof toCallView> & { turnId: string | null };

async function modelCallsByMessage(db: Db, chatId: string, messageIds: string[]): Promise<Map<string, StaffModelCall[]>> {
  const entries = await db.ledgerEntry.findMany({
    where: { chatId, messageId: { in: messageIds } },
    include: { calls: { orderBy: { seq: 'asc' } } },
    orderBy: { createdAt: 'asc' },
  });
  const byMessage = new Map<string, StaffModelCall[]>();
  for (const e of entries) {
    if (!e.messageId) continue;
    const list = byMessage.get(e.messageId) ?? [];
    for (const c of e.calls) list.push({ turnId: e.turnId, ...toCallView(c) });
    byMessage.set(e.messageId, list);
  }
  return byMessage;
}

export type ChatView = Awaited<ReturnType<typeof loadChatView>>;

/** What a message's meta shows: everything but the tool rounds a Retry resumes from (the server's own bookkeeping). */
function publicMeta(meta: unknown): MessageMeta | null {
  if (!meta || typeof meta !== 'object') return null;
  const { toolRounds: _kept, ...shown } = meta as MessageMeta;
  return shown;
}
