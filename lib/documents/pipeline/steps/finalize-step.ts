import { countWords, postDocumentEvent } from '@/lib/documents/chat-events';
import { checkFence, commitFence } from '../jobs/fence';
import { DB_NOW } from '../jobs/job-lease';
import { summarizeDocumentPrompt } from '../prompts/summarize-document';
import { stepScope } from './call-model';
import { callForWholeText } from './call-whole-text';
import { InvalidModelOutputError } from './model-json';
import type { PipelineStep, StepContext } from './step-context';

/**
 * Summary, notification and the Done message. Idempotent: the summary is
 * written once (a stored one is never asked for again) and the job's
 * `finalize → done` compare-and-set guards the notification and the message,
 * so running it twice changes nothing. Exports are rendered from the stored
 * sections on request (lib/documents/export), so they need no state here.
 */
export const finalizeStep: PipelineStep = {
  name: 'finalize',
  async run(ctx) {
    if (ctx.document.summary === null) await writeSummary(ctx);
    await completeJob(ctx);
  },
};

async function writeSummary(ctx: StepContext): Promise<void> {
  const sections = await ctx.deps.db.section.findMany({
    where: { documentId: ctx.document.id },
    orderBy: { position: 'asc' },
    select: { title: true, summary: true },
  });
  const result = await callForWholeText(stepScope(ctx), {
    stepKey: 'summary',
    purpose: 'summary',
    ...summarizeDocumentPrompt({ title: ctx.document.title, sections }),
    maxOutputTokens: 400,
  });
  // Refused like a cut section draft (the step is retried): a summary is stored once and never asked
  // for again, so a cut one would stay cut for good, and a mark in the text would be read as part of it.
  if (result.cut)
    throw new InvalidModelOutputError(
      'finalize',
      `the summary was still cut off by the output limit after ${result.continuations} continuations`,
    );
  await ctx.deps.db.$transaction(async (tx) => {
    await commitFence(tx, ctx.lease);
    await tx.document.updateMany({ where: { id: ctx.document.id, summary: null }, data: { summary: result.text.trim() } });
  });
  ctx.deps.crashPoint?.('finalize:after-summary');
}

async function completeJob(ctx: StepContext): Promise<void> {
  const { db } = ctx.deps;
  await db.$transaction(async (tx) => {
    await checkFence(tx, ctx.lease);
    const job = await tx.documentJob.findUniqueOrThrow({ where: { id: ctx.lease.jobId }, select: { step: true, createdAt: true } });
    if (job.step !== 'finalize') return; // already done: nothing to change
    await commitFence(tx, ctx.lease);
    await tx.$executeRaw`
      UPDATE document_job SET step = 'done', status = 'done', error = NULL, "finishedAt" = ${DB_NOW}, "updatedAt" = ${DB_NOW}
      WHERE id = ${ctx.lease.jobId} AND step = 'finalize'`;
    const sections = await tx.section.findMany({ where: { documentId: ctx.document.id }, select: { body: true, status: true } });
    const words = sections.reduce((sum, s) => sum + countWords(s.body), 0);
    const flagged = sections.filter((s) => s.status === 'flagged').length;
    const { finishedAt } = await tx.documentJob.findUniqueOrThrow({ where: { id: ctx.lease.jobId }, select: { finishedAt: true } });
    const seconds = Math.max(0, ((finishedAt ?? new Date()).getTime() - job.createdAt.getTime()) / 1000);
    await tx.notification.createMany({
      data: [
        {
          userId: ctx.document.ownerId,
          documentId: ctx.document.id,
          kind: 'document_done',
          text: `“${ctx.document.title}” is ready: ${sections.length} sections, ${words} words.`,
        },
      ],
      skipDuplicates: true,
    });
    if (ctx.document.chatId) {
      await postDocumentEvent(tx, ctx.document.chatId, {
        event: 'document_done',
        documentId: ctx.document.id,
        title: ctx.document.title,
        sections: sections.length,
        words,
        seconds: Math.round(seconds),
        flagged,
      });
    }
  });
  ctx.deps.crashPoint?.('finalize:after-commit');
}
