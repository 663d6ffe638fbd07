import type { Db } from '@/lib/db/client';
import { AppError, notFound } from '@/lib/errors';

/*
 * Comparing side-by-side answers (docs/features.md "Comparing the answers"): the person may mark one answer of a
 * round as the better one. One mark per round (its id is the round's, the answers' meta.round); marking
 * another answer moves it, clearing removes it. The database checks that the marked message is an answer
 * of that round in that chat (trigger "answer_preference_matches").
 */

/** Marks `messageId` as the better answer of its side-by-side round; returns the round. */
export async function markBetterAnswer(db: Db, chatId: string, userId: string, messageId: string, now = new Date()): Promise<string> {
  const answer = await roundAnswerOf(db, chatId, userId, messageId);
  if (answer.status === 'streaming') throw new AppError('turn_in_progress', 'That answer is still being written. Mark it once it is done.');
  await db.answerPreference.upsert({
    where: { round: answer.round },
    create: { round: answer.round, chatId, messageId, createdAt: now, updatedAt: now },
    update: { messageId, updatedAt: now },
  });
  return answer.round;
}

/** Removes the mark from `messageId`'s round when it is on that answer (another answer's mark stays). */
export async function clearBetterAnswer(db: Db, chatId: string, userId: string, messageId: string): Promise<string> {
  const answer = await roundAnswerOf(db, chatId, userId, messageId);
  await db.answerPreference.deleteMany({ where: { round: answer.round, messageId } });
  return answer.round;
}

/** The marked answer of each of these rounds: round → message id. */
export async function betterAnswers(db: Db, rounds: string[]): Promise<Map<string, string>> {
  if (rounds.length === 0) return new Map();
  const rows = await db.answerPreference.findMany({ where: { round: { in: rounds } }, select: { round: true, messageId: true } });
  return new Map(rows.map((row) => [row.round, row.messageId]));
}

async function roundAnswerOf(db: Db, chatId: string, userId: string, messageId: string): Promise<{ round: string; status: string }> {
  const [answer] = await db.$queryRaw<Array<{ round: string | null; status: string; owned: boolean }>>`
    SELECT m.meta->>'round' AS round, m.status, c."userId" = ${userId} AS owned
    FROM message m JOIN chat c ON c.id = m."chatId"
    WHERE m.id = ${messageId} AND m."chatId" = ${chatId} AND m.role = 'assistant'`;
  if (!answer?.owned) throw notFound('No such answer in this chat.');
  if (!answer.round) throw new AppError('conflict', 'Only an answer written side by side with others can be marked as the better one.');
  return { round: answer.round, status: answer.status };
}
