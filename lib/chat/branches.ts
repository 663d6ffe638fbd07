import type { Db, Tx } from '@/lib/db/client';
import { AppError, notFound } from '@/lib/errors';
import { Prisma } from '@/lib/generated/prisma/client';

/*
 * A chat's messages form a tree (docs/features.md "Branches"; migration "message_tree"): each message has a
 * parent (the one it follows), and among siblings one is `chosen`. The branch on screen runs from the
 * chosen first message down through chosen children; its messages carry `onBranch`, so every reader of a
 * chat's history (pages, recall, summaries, export, search, the next turn's prompt) keeps its one query and
 * adds `onBranch`. Only this file moves the flag, with the chat locked, in the caller's transaction: the
 * facts and the summary that belong to the branch move with it.
 */

/**
 * Takes `messageId` and everything under it off the screen, in the caller's transaction: Regenerate and
 * Edit & resend do this before their new sibling is written (it is written `chosen`, on the branch, under
 * the same parent). Nothing is deleted: the messages stay, to be switched back to.
 */
export async function leaveBranchAt(tx: Tx, chatId: string, messageId: string, now: Date): Promise<void> {
  await tx.$executeRaw`
    WITH RECURSIVE below AS (
      SELECT id FROM message WHERE id = ${messageId} AND "chatId" = ${chatId}
      UNION ALL
      SELECT m.id FROM message m JOIN below b ON m."parentId" = b.id
    )
    UPDATE message SET "onBranch" = false, chosen = CASE WHEN id = ${messageId} THEN false ELSE chosen END
    WHERE id IN (SELECT id FROM below)`;
  await followBranch(tx, chatId, now);
}

/**
 * Shows `messageId` instead of the sibling shown now, and below it the branch as it was last left
 * (its chosen children, all the way down): the person's ‹ n / m ›. One transaction with the chat locked;
 * refused while an answer is being written in the chat (the turn builds on the branch it started on).
 */
export async function chooseSibling(db: Db, chatId: string, userId: string, messageId: string, now = new Date()): Promise<void> {
  await db.$transaction(async (tx) => {
    const [chat] = await tx.$queryRaw<Array<{ liveTurnId: string | null }>>`
      SELECT "liveTurnId" FROM chat WHERE id = ${chatId} AND "userId" = ${userId} FOR NO KEY UPDATE`;
    if (!chat) throw notFound('No such chat.');
    const [target] = await tx.$queryRaw<Array<{ parentId: string | null; onBranch: boolean; parentOnBranch: boolean | null }>>`
      SELECT m."parentId", m."onBranch", p."onBranch" AS "parentOnBranch"
      FROM message m LEFT JOIN message p ON p.id = m."parentId"
      WHERE m.id = ${messageId} AND m."chatId" = ${chatId}`;
    if (!target) throw notFound('No such message in this chat.');
    if (target.onBranch) return;
    if (target.parentOnBranch === false)
      throw new AppError('conflict', 'That message is on a branch that is not shown: switch to its branch first.');
    if (chat.liveTurnId)
      throw new AppError('turn_in_progress', 'An answer is still being written in this chat. Stop it or wait for it to finish.');
    const [shown] = await tx.$queryRaw<Array<{ id: string }>>`
      SELECT id FROM message
      WHERE "chatId" = ${chatId} AND chosen AND ${siblingOf(target.parentId)}`;
    if (shown) await leaveBranchAt(tx, chatId, shown.id, now);
    await tx.$executeRaw`
      WITH RECURSIVE path AS (
        SELECT id FROM message WHERE id = ${messageId}
        UNION ALL
        SELECT m.id FROM message m JOIN path p ON m."parentId" = p.id WHERE m.chosen
      )
      UPDATE message SET "onBranch" = true, chosen = true WHERE id IN (SELECT id FROM path)`;
    await followBranch(tx, chatId, now);
  });
}

/** `message m` is a sibling of a message whose parent is `parentId` (first messages have none). */
function siblingOf(parentId: string | null): Prisma.Sql {
  return parentId ? Prisma.sql`"parentId" = ${parentId}` : Prisma.sql`"parentId" IS NULL`;
}

/**
 * What the chat keeps about its conversation follows the branch on screen: a summary that folded in a
 * message now off screen goes (the next turn that needs one writes it again), and each key fact takes the
 * newest value stated on the branch (or by the person); one stated only off screen is kept empty (out of
 * the prompt, not shown) until its branch comes back. The facts' history is never deleted.
 */
async function followBranch(tx: Tx, chatId: string, now: Date): Promise<void> {
  await tx.$executeRaw`
    UPDATE chat SET summary = NULL, "summaryThroughId" = NULL
    WHERE id = ${chatId} AND "summaryThroughId" IN (SELECT id FROM message WHERE "chatId" = ${chatId} AND NOT "onBranch")`;
  await tx.$executeRaw`
    UPDATE slot s SET value = v.value, "updatedAt" = ${now}
    FROM (SELECT k.id, COALESCE((SELECT h.value FROM slot_change h
                                 LEFT JOIN message m ON m.id = h."messageId" AND m."chatId" = k."chatId"
                                 WHERE h."slotId" = k.id AND (m.id IS NULL OR m."onBranch")
                                 ORDER BY h.at DESC, h.id DESC LIMIT 1), '') AS value
          FROM slot k WHERE k."chatId" = ${chatId} AND EXISTS (SELECT 1 FROM slot_change h WHERE h."slotId" = k.id)) v
    WHERE s.id = v.id AND s.value IS DISTINCT FROM v.value`;
}

/** A key fact's history entry that counts on the branch on screen: by the person, or from a message shown. */
export const keyFactChangeOnBranch = (change: Prisma.Sql, chatId: Prisma.Sql) => Prisma.sql`
  NOT EXISTS (SELECT 1 FROM message hidden WHERE hidden.id = ${change}."messageId" AND hidden."chatId" = ${chatId} AND NOT hidden."onBranch")`;

/** Where a message stands among its siblings: the ‹ index / count › the person pages through, and the ids either side. */
export interface SiblingPosition {
  index: number;
  count: number;
  previousId: string | null;
  nextId: string | null;
}

/**
 * The sibling positions of a page's messages, for those that have siblings: one query over the
 * (parentId, createdAt) index (first messages: the partial index of a chat's first messages).
 */
export async function siblingPositions(
  db: Db,
  chatId: string,
  messages: ReadonlyArray<{ id: string; parentId: string | null }>,
): Promise<Map<string, SiblingPosition>> {
  const parents = [...new Set(messages.flatMap((m) => (m.parentId ? [m.parentId] : [])))];
  const firsts = messages.some((m) => !m.parentId);
  const rows = await db.$queryRaw<Array<{ id: string; index: number; count: number; previousId: string | null; nextId: string | null }>>`
    SELECT id, index, count, "previousId", "nextId" FROM (
      SELECT id, (row_number() OVER w)::int AS index, (count(*) OVER (PARTITION BY "parentId"))::int AS count,
             lag(id) OVER w AS "previousId", lead(id) OVER w AS "nextId"
      FROM message
      WHERE "chatId" = ${chatId} AND ("parentId" = ANY(${parents}::text[]) OR (${firsts} AND "parentId" IS NULL))
      WINDOW w AS (PARTITION BY "parentId" ORDER BY "createdAt", id)
    ) s
    WHERE count > 1 AND id = ANY(${messages.map((m) => m.id)}::text[])`;
  return new Map(rows.map(({ id, ...position }) => [id, position]));
}
