import type { ModelMessage } from 'ai';
import type { Db, Tx } from '@/lib/db/client';
import { queryRows } from '@/lib/db/pool-query';
import { Prisma } from '@/lib/generated/prisma/client';
import { openRowsWithReservedCall, type ReservedCall } from '@/lib/billing/billed-call';
import type { ModelInfo } from '@/lib/llm/catalog';
import type { AnswerContext } from '@/lib/chat/context/answer-context';
import type { KeyFactState } from '@/lib/chat/context/types';
import type { Instructions } from '@/lib/chat/context/render-instructions';
import { messageSearchText } from '@/lib/text/segment';
import { type LiveTurnClaim, liveTurnClaimSql } from './live-turn-lock';
import type { TurnMode } from './types';
import type { Citation } from './wire';
import { ORPHANED_ANSWER_ERROR } from '@/lib/chat/sweep';
import { keyFactChangeOnBranch } from '@/lib/chat/branches';

/*
 * The rows a turn reads and writes between the person's Send and the end of the
 * answer, each step as ONE statement. They sit on the path to the first token:
 * every round trip and every ORM call there is time the person waits, and under
 * load it is CPU the other chats wait for (see bench/chat-bench.ts).
 */

export interface ChatForTurn {
  id: string;
  title: string;
  model: string;
  summary: string | null;
  summaryThroughId: string | null;
  messages: Array<{ id: string; role: string; kind: string; text: string; status: string; model: string | null; continuations: number }>;
  slots: KeyFactState[];
  /** the person lets the model search the web in this chat */
  webSearch: boolean;
  /** the person's "About me" and "How to answer" and this chat's instructions, pinned in the prompt */
  instructions: Instructions;
}

type JsonKeyFact = { key: string; value: string; history: Array<{ value: string | null; messageId: string | null; at: string }> };

/**
 * The newest messages a turn reads. The prompt sends at most a few of them (older ones live in the
 * summary or are recalled by search), so reading a 2,000-message chat costs what a 60-message one does.
 */
export const TURN_RECENT_MESSAGES = 60;

/**
 * The columns of a chat read for a turn, from `chat c`: the newest TURN_RECENT_MESSAGES messages of the branch
 * on screen (oldest first) and pinned facts with the history stated on that branch (branches.ts).
 */
function chatForTurnColumns(): Prisma.Sql {
  return Prisma.sql`c.id, c.title, c.model, c.summary, c."summaryThroughId", c.instructions AS "chatInstructions", c."webSearch",
      (SELECT json_build_object('aboutMe', p."aboutMe", 'answerStyle', p."answerStyle")
         FROM personal_instructions p WHERE p."userId" = c."userId") AS "personalInstructions",
      COALESCE((SELECT json_agg(json_build_object('id', m.id, 'role', m.role, 'kind', m.kind, 'text', m.text,
                                                  'status', m.status, 'model', m.model, 'continuations', m.continuations)
                                ORDER BY m."createdAt")
                FROM (SELECT * FROM message WHERE "chatId" = c.id AND "onBranch" ORDER BY "createdAt" DESC LIMIT ${TURN_RECENT_MESSAGES}) m), '[]'::json) AS messages,
      COALESCE((SELECT json_agg(json_build_object('key', s.key, 'value', s.value, 'history',
                  COALESCE((SELECT json_agg(json_build_object('value', h.value, 'messageId', h."messageId", 'at', h.at) ORDER BY h.at)
                            FROM slot_change h WHERE h."slotId" = s.id AND ${keyFactChangeOnBranch(Prisma.sql`h`, Prisma.sql`c.id`)}), '[]'::json)) ORDER BY s.key)
                FROM slot s WHERE s."chatId" = c.id), '[]'::json) AS slots`;
}

type ChatForTurnRow = Omit<ChatForTurn, 'slots' | 'instructions'> & {
  slots: JsonKeyFact[];
  chatInstructions: string;
  personalInstructions: { aboutMe: string; answerStyle: string } | null;
};

function chatForTurn(row: ChatForTurnRow): ChatForTurn {
  const { id, title, model, summary, summaryThroughId, messages, webSearch } = row;
  return {
    id,
    webSearch,
    title,
    model,
    summary,
    summaryThroughId,
    messages,
    instructions: { aboutMe: '', answerStyle: '', ...row.personalInstructions, chat: row.chatInstructions },
    // timestamps are stored in UTC without a zone; JSON carries them as bare ISO text
    slots: row.slots.map((s) => ({ ...s, history: s.history.map((h) => ({ ...h, at: new Date(`${h.at}Z`) })) })),
  };
}

/**
 * The messages a Continue, Retry or Edit of a message older than the recent ones reads: the
 * TURN_RECENT_MESSAGES messages up to and including `messageId` with their text (its question and
 * the history before it, as the prompt may use them), then the ones after it without their text
 * (an edit takes them off the branch and back what they stated; a regenerate needs to know there are none),
 * all on the branch on screen.
 * So a Continue far back in a 4,000-message chat reads one window, not the whole chat.
 */
export async function loadMessagesThrough(db: Db, chatId: string, messageId: string): Promise<ChatForTurn['messages']> {
  const [row] = await queryRows<{ upTo: ChatForTurn['messages']; after: ChatForTurn['messages'] }>(
    db,
    Prisma.sql`WITH target AS (SELECT "createdAt", id FROM message WHERE id = ${messageId} AND "chatId" = ${chatId})
    SELECT
      COALESCE((SELECT json_agg(json_build_object('id', m.id, 'role', m.role, 'kind', m.kind, 'text', m.text,
                                                  'status', m.status, 'model', m.model, 'continuations', m.continuations)
                                ORDER BY m."createdAt", m.id)
                FROM (SELECT msg.* FROM message msg, target t
                      WHERE msg."chatId" = ${chatId} AND msg."onBranch" AND (msg."createdAt", msg.id) <= (t."createdAt", t.id)
                      ORDER BY msg."createdAt" DESC, msg.id DESC LIMIT ${TURN_RECENT_MESSAGES}) m), '[]'::json) AS "upTo",
      COALESCE((SELECT json_agg(json_build_object('id', m.id, 'role', m.role, 'kind', m.kind, 'text', '',
                                                  'status', m.status, 'model', m.model, 'continuations', m.continuations)
                                ORDER BY m."createdAt", m.id)
                FROM message m, target t
                WHERE m."chatId" = ${chatId} AND m."onBranch" AND (m."createdAt", m.id) > (t."createdAt", t.id)), '[]'::json) AS after`,
  );
  return row ? [...row.upTo, ...row.after] : [];
}

/**
 * What a Send reads and claims before anything else, in ONE round trip: the person's chat with
 * its newest messages and pinned facts (null when it is not theirs) and the turn's claim on it
 * (live-turn-lock.ts; null when another turn holds the chat).
 */
export async function claimChatForTurn(
  db: Db,
  lock: LiveTurnClaim,
): Promise<{ chat: ChatForTurn | null; claim: { requestsThisMinute: Record<string, number> } | null }> {
  const claim = liveTurnClaimSql(lock);
  const [row] = await queryRows<ChatForTurnRow & { counts: Record<string, number> | null }>(
    db,
    Prisma.sql`${claim.ctes}
    SELECT ${chatForTurnColumns()}, ${claim.columns}
    FROM chat c WHERE c.id = ${lock.chatId} AND c."userId" = ${lock.userId}`,
  );
  if (!row) return { chat: null, claim: null };
  return { chat: chatForTurn(row), claim: row.counts == null ? null : { requestsThisMinute: row.counts } };
}

export interface OpenTurn {
  mode: TurnMode;
  turnId: string;
  entryId: string;
  userId: string;
  chatId: string;
  userMessageId: string;
  assistantMessageId: string;
  /** the new question (mode answer), written after the end of the branch on screen; null: the answer is another to `userMessageId` (Regenerate) */
  question: string | null;
  model: ModelInfo;
  purpose: 'answer' | 'continuation';
  /** the first call's prompt and tools, which its reservation is priced on */
  messages: ModelMessage[];
  toolsJson: string;
  /** the side-by-side round the answer belongs to (its lock's id), kept in its meta */
  round?: string;
  /** a new title for a chat still called by its default one */
  title: string | null;
  /** what the model is sent for this answer, kept in the answer's meta for the context view */
  context: AnswerContext;
  /** files and images uploaded for the new question: from here they belong to it */
  fileIds: string[];
  /**
   * Another answer of a side-by-side round (question null): written beside the shown one, not chosen
   * and off the branch on screen, `side` ms after it (the round's answers sort in the order asked for);
   * the chat keeps the shown answer's model.
   */
  side?: number;
  now: Date;
}

/**
 * Opens the turn's books and messages in one statement: the first call's
 * reservation and ledger entry (built by lib/billing), the question and the
 * streaming answer (or the answer reopened for Continue/Retry), the chat
 * reopened. Every write hangs off the reservation's `entry`, so when the balance
 * does not cover it nothing is written and InsufficientCreditsError is thrown.
 */
export function openTurnRows(db: Db | Tx, o: OpenTurn): Promise<ReservedCall> {
  const answerAt = new Date(o.now.getTime() + 1 + (o.side ?? 0)); // the answer sorts after its question
  const meta = JSON.stringify({ context: o.context, ...(o.round ? { round: o.round } : {}) });
  const shown = o.side === undefined;
  return openRowsWithReservedCall({
    db,
    userId: o.userId,
    model: o.model,
    purpose: o.purpose,
    messages: o.messages,
    toolsJson: o.toolsJson,
    maxOutputTokens: o.model.maxOutputTokens,
    entry: { id: o.entryId, turnId: o.turnId, chatId: o.chatId, messageId: o.assistantMessageId, at: o.now },
    rows: {
      question: Prisma.sql`
        INSERT INTO message (id, "chatId", "parentId", role, text, "searchText", "createdAt", "updatedAt")
        SELECT ${o.userMessageId}, ${o.chatId},
               message_branch_end(${o.chatId}, ${o.userMessageId}),
               'user', ${o.question ?? ''}, ${messageSearchText(o.question ?? '')}, ${o.now}, ${o.now}
        FROM entry WHERE ${o.mode} = 'answer' AND ${o.question !== null}`,
      answer: Prisma.sql`
        INSERT INTO message (id, "chatId", "parentId", role, text, status, model, "turnId", meta, ${shown ? Prisma.empty : Prisma.sql`chosen, "onBranch", `}"createdAt", "updatedAt")
        SELECT ${o.assistantMessageId}, ${o.chatId}, ${o.userMessageId}, 'assistant', '', 'streaming', ${o.model.id}, ${o.turnId}, ${meta}::jsonb,
               ${shown ? Prisma.empty : Prisma.sql`false, false, `}${answerAt}, ${o.now}
        FROM entry WHERE ${o.mode} = 'answer'`,
      reopened: Prisma.sql`
        UPDATE message SET status = 'streaming', "turnId" = ${o.turnId}, model = ${o.model.id}, "updatedAt" = ${o.now},
               meta = COALESCE(meta, '{}'::jsonb) || ${meta}::jsonb,
               text = CASE WHEN ${o.mode} = 'retry' THEN '' ELSE text END,
               error = CASE WHEN ${o.mode} = 'retry' THEN NULL ELSE error END
        WHERE id = ${o.assistantMessageId} AND ${o.mode} <> 'answer' AND EXISTS (SELECT 1 FROM entry)`,
      // the question's files are its own from this statement on (the foreign key sees the question inserted above)
      files_attached: Prisma.sql`
        UPDATE chat_file SET "messageId" = ${o.userMessageId}
        WHERE id = ANY(${o.fileIds}::text[]) AND "chatId" = ${o.chatId} AND "ownerId" = ${o.userId} AND "messageId" IS NULL
          AND ${o.mode} = 'answer' AND EXISTS (SELECT 1 FROM entry)`,
      // a closed chat reopens when the person writes again
      chat_reopened: Prisma.sql`
        UPDATE chat SET status = 'open', model = ${shown ? o.model.id : Prisma.sql`model`}, "lastMessageAt" = ${o.now}, "updatedAt" = ${o.now},
               title = COALESCE(${o.title}::text, title)
        WHERE id = ${o.chatId} AND EXISTS (SELECT 1 FROM entry)`,
    },
  });
}

export interface CloseTurn {
  mode: TurnMode;
  turnId: string;
  entryId: string;
  chatId: string;
  /** false for an answer of a side-by-side round: the round frees the chat after its last answer */
  releasesLock: boolean;
  assistantMessageId: string;
  text: string;
  status: string;
  finishReason: string | null;
  continuations: number;
  /** milliseconds to the answer's first word, kept from its first turn (a Continue measures none) */
  firstTokenMs: number | null;
  error: string | null;
  tools: Array<{ name: string; input: unknown }>;
  citations: Citation[];
  /** an error after tool rounds: the rounds, for Retry to resume from (null clears any earlier ones) */
  toolRounds: ModelMessage[] | null;
  now: Date;
}

/**
 * Saves the answer as the person saw it, in one statement: the text, status and
 * usage summed over the turn's calls (a Continue adds to what the message had),
 * the ledger entry pointed at it, the chat freed for the next turn.
 */
export async function closeTurnRows(db: Db, c: CloseTurn): Promise<void> {
  const adds = c.mode === 'continue';
  const fields = {
    ...(c.tools.length ? { tools: c.tools } : {}),
    ...(c.citations.length ? { citations: c.citations } : {}),
    ...(c.toolRounds ? { toolRounds: c.toolRounds } : {}),
  };
  const meta = Object.keys(fields).length ? JSON.stringify(fields) : null;
  await queryRows(
    db,
    Prisma.sql`
    WITH used AS (
      SELECT COALESCE(sum("inputTokens"), 0)::int AS input, COALESCE(sum("outputTokens"), 0)::int AS output,
             COALESCE(sum("reasoningTokens"), 0)::int AS reasoning, COALESCE(bool_or(estimated), false) AS estimated,
             COALESCE(sum("costMicros"), 0)::bigint AS cost
      FROM model_call WHERE "entryId" = ${c.entryId}
    ),
    saved AS (
      UPDATE message m SET text = ${c.text}, "searchText" = ${messageSearchText(c.text)}, status = ${c.status}, "finishReason" = ${c.finishReason},
             continuations = ${c.continuations}, "turnId" = ${c.turnId}, error = ${c.error}, "updatedAt" = ${c.now},
             "firstTokenMs" = COALESCE(m."firstTokenMs", ${c.firstTokenMs}::int),
             "inputTokens" = CASE WHEN ${adds} THEN m."inputTokens" ELSE 0 END + u.input,
             "outputTokens" = CASE WHEN ${adds} THEN m."outputTokens" ELSE 0 END + u.output,
             "reasoningTokens" = CASE WHEN ${adds} THEN m."reasoningTokens" ELSE 0 END + u.reasoning,
             "costMicros" = CASE WHEN ${adds} THEN m."costMicros" ELSE 0 END + u.cost,
             estimated = (${adds} AND m.estimated) OR u.estimated,
             -- the tools join the context stored when the prompt was built
             -- (earlier tool rounds go: a Retry that got past them needs them no more)
             meta = CASE WHEN ${meta}::jsonb IS NULL THEN m.meta - 'toolRounds'
                         ELSE (COALESCE(m.meta, '{}'::jsonb) - 'toolRounds') || ${meta}::jsonb END
      -- saved once: a repeat after a commit whose answer was lost (the database went away) adds nothing twice;
      -- an answer the sweep settled while the database was out of reach takes the turn's own final text
      FROM used u WHERE m.id = ${c.assistantMessageId}
        AND (NOT ${adds} OR m.status = 'streaming' OR (m.status = 'stopped' AND m.error = ${ORPHANED_ANSWER_ERROR}))
    ),
    entry AS (
      UPDATE ledger_entry SET "messageId" = ${c.assistantMessageId}, "updatedAt" = ${c.now} WHERE id = ${c.entryId}
    )
    UPDATE chat SET "lastMessageAt" = ${c.now}, "updatedAt" = ${c.now}${c.releasesLock ? freeChatOf(c.turnId) : Prisma.empty}
    WHERE id = ${c.chatId}`,
  );
}

/** The chat's lock released when `turnId` holds it (a SET list's tail); a side-by-side round's answers leave it to the round. */
function freeChatOf(turnId: string): Prisma.Sql {
  return Prisma.sql`,
           "liveTurnStartedAt" = CASE WHEN "liveTurnId" = ${turnId} THEN NULL ELSE "liveTurnStartedAt" END,
           "liveTurnBeatAt" = CASE WHEN "liveTurnId" = ${turnId} THEN NULL ELSE "liveTurnBeatAt" END,
           "stopRequestedAt" = CASE WHEN "liveTurnId" = ${turnId} THEN NULL ELSE "stopRequestedAt" END,
           "liveTurnId" = CASE WHEN "liveTurnId" = ${turnId} THEN NULL ELSE "liveTurnId" END`;
}
