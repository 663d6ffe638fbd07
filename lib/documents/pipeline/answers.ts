import type { Db } from '@/lib/db/client';
import { AppError } from '@/lib/errors';
import { saveSources } from '../sources/save-sources';

export interface Answer {
  questionId: string;
  text: string;
}

/**
 * Saving the answers and waking the job is ONE transaction: a crash leaves
 * either both or neither. The answers (never the questions) also become a
 * source of the document, so research can cite them like any attached paragraph.
 */
export async function answerQuestions(db: Db, documentId: string, answers: Answer[]): Promise<{ woke: boolean; remaining: number }> {
  const result = await db.$transaction(async (tx) => {
    const job = await tx.documentJob.findUnique({ where: { documentId }, select: { id: true, status: true } });
    if (!job) throw new AppError('not_found', 'Document not found.');
    if (job.status !== 'awaiting_answers') throw new AppError('conflict', 'This document is not waiting for answers.');
    const questions = await tx.documentQuestion.findMany({ where: { documentId }, orderBy: { position: 'asc' } });
    for (const answer of answers) {
      if (!questions.some((q) => q.id === answer.questionId))
        throw new AppError('validation_failed', `Unknown question: ${answer.questionId}`);
      await tx.documentQuestion.updateMany({
        where: { id: answer.questionId, documentId, answer: null },
        data: { answer: answer.text.trim(), answeredAt: new Date() },
      });
    }
    const answered = await tx.documentQuestion.findMany({ where: { documentId }, orderBy: { position: 'asc' } });
    const remaining = answered.filter((q) => q.answer === null).length;
    if (remaining > 0) return { woke: false, remaining };
    // Only what the person said is material: a question is not a fact, and with its text in the
    // source a model would cite "Are there figures you want included?" as one. Research reads the
    // questions beside the material, as context (researchContext).
    const said = answered.flatMap((q) => (q.answer ? [q.answer] : []));
    if (said.length > 0) {
      await saveSources(
        tx,
        { ownerId: (await tx.document.findUniqueOrThrow({ where: { id: documentId }, select: { ownerId: true } })).ownerId, documentId },
        [{ kind: 'answers', title: 'Answers to the questions', unit: 'paragraph', paragraphs: said }],
      );
    }
    const woke = await tx.documentJob.updateMany({
      where: { id: job.id, status: 'awaiting_answers', step: 'questions' },
      data: { status: 'researching', step: 'research', runAfter: new Date(), error: null, attempts: 0 },
    });
    if (woke.count === 0) throw new AppError('conflict', 'This document is not waiting for answers.');
    return { woke: true, remaining: 0 };
  });
  return result;
}

/**
 * The clarifying questions and their answers as research reads them: context
 * for what each answer means, never numbered material it could cite.
 */
export async function answeredQuestionsContext(db: Db, documentId: string): Promise<string[]> {
  const questions = await db.documentQuestion.findMany({
    where: { documentId, answer: { not: null } },
    orderBy: { position: 'asc' },
    select: { text: true, answer: true },
  });
  return questions
    .filter((q) => q.answer)
    .map((q) => `- Asked: ${q.text.replace(/\s+/g, ' ')} Answered: ${q.answer!.replace(/\s+/g, ' ')}`);
}
