import { advanceStep, awaitAnswers } from '../jobs/advance-step';
import { commitFence } from '../jobs/fence';
import { postDocumentEvent } from '@/lib/documents/chat-events';
import { askQuestionsPrompt } from '../prompts/ask-questions';
import { callPipelineJson } from './call-model-json';
import type { PipelineStep, StepContext } from './step-context';

export const MAX_QUESTIONS = 3;

/**
 * Asks what is needed, once, before writing; the job then waits. Saving the
 * answers and waking the job is one transaction (answers.ts). Once questions
 * exist they are never asked again: a restart only decides wait or go on.
 */
export const questionsStep: PipelineStep = {
  name: 'questions',
  async run(ctx) {
    const { db } = ctx.deps;
    const asked = await db.documentQuestion.findMany({ where: { documentId: ctx.document.id }, select: { answer: true } });
    if (asked.length > 0)
      return continueOrWait(
        ctx,
        asked.every((q) => q.answer !== null),
      );

    const sections = await db.section.findMany({
      where: { documentId: ctx.document.id },
      orderBy: { position: 'asc' },
      select: { title: true },
    });
    const reply = await callPipelineJson(ctx, {
      stepKey: 'questions',
      purpose: 'questions',
      prompt: askQuestionsPrompt({
        request: ctx.document.request,
        title: ctx.document.title,
        sectionTitles: sections.map((s) => s.title),
        maxQuestions: MAX_QUESTIONS,
      }),
      maxOutputTokens: 400,
    });
    const questions = reply.questions.slice(0, MAX_QUESTIONS);
    await db.$transaction(async (tx) => {
      await commitFence(tx, ctx.lease);
      const inserted = await tx.documentQuestion.createMany({
        data: questions.map((text, i) => ({ documentId: ctx.document.id, position: i + 1, text })),
        skipDuplicates: true,
      });
      if (questions.length === 0) return advanceStep(tx, ctx.lease, 'questions', 'research');
      await awaitAnswers(tx, ctx.lease);
      if (inserted.count > 0 && ctx.document.chatId) {
        const rows = await tx.documentQuestion.findMany({
          where: { documentId: ctx.document.id },
          orderBy: { position: 'asc' },
          select: { id: true, text: true },
        });
        await postDocumentEvent(tx, ctx.document.chatId, {
          event: 'document_questions',
          documentId: ctx.document.id,
          title: ctx.document.title,
          questions: rows,
        });
      }
    });
    ctx.deps.crashPoint?.('questions:after-commit');
  },
};

async function continueOrWait(ctx: StepContext, allAnswered: boolean): Promise<void> {
  await ctx.deps.db.$transaction(async (tx) => {
    await commitFence(tx, ctx.lease);
    if (allAnswered) await advanceStep(tx, ctx.lease, 'questions', 'research');
    else await awaitAnswers(tx, ctx.lease);
  });
}
