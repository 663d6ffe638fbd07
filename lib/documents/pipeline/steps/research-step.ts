import { setTimeout as sleep } from 'node:timers/promises';
import type { z } from 'zod';
import { answeredQuestionsContext } from '../answers';
import { postDocumentEvent } from '@/lib/documents/chat-events';
import { advanceStep } from '../jobs/advance-step';
import { commitFence } from '../jobs/fence';
import { LeaseLostError } from '../jobs/job-lease';
import { normalizeFact, quoteFor } from '../research-facts';
import { gatherPublicSources } from '@/lib/documents/sources/gather-public-sources';
import { readPendingLinks } from '@/lib/documents/sources/read-pending-links';
import { sectionMaterial } from '@/lib/documents/sources/source-material';
import { type factsReply, researchRoundPrompt } from '../prompts/research-round';
import { ModelCallError, StepAbortedError, StepKeyUsedError } from './call-model';
import { callPipelineJson } from './call-model-json';
import type { PipelineStep, StepContext } from './step-context';

/** Backoff before each retry of a research call that failed upstream and was refunded. */
export const RESEARCH_RETRY_DELAYS_MS = [500, 2_000];

/**
 * Gathers facts per section, in rounds: round r visits every section, then
 * round r+1. Not idempotent (a repeated round finds other facts), so a
 * (section, round) is called at most once: its ledger entry is its claim, and
 * a round whose worker died after the call is skipped, not redone. The
 * section's round counter advances in the same transaction as its facts.
 */
export const researchStep: PipelineStep = {
  name: 'research',
  async run(ctx) {
    const { db } = ctx.deps;
    if (!ctx.job.startedPostedAt) await postStarted(ctx);
    const round = ctx.job.researchRound;
    const section = await db.section.findFirst({
      where: { documentId: ctx.document.id, researchedRound: { lt: round } },
      orderBy: { position: 'asc' },
      select: { id: true, title: true, brief: true },
    });
    if (!section) return finishRound(ctx, round);

    // links are read before any section uses them: the URLs the person gave, then this round's search results
    await readPendingLinks(ctx);
    await gatherPublicSources(ctx, section, round);
    ctx.deps.crashPoint?.('research:after-reading');
    // pages read for any section are sources of the document: the most relevant paragraphs reach this one
    const material = await sectionMaterial(db, ctx.document.id, `${section.title} ${section.brief}`);
    // Nothing to read: no call at all (a call could only invent facts).
    if (material.length === 0) return commitRound(ctx, section.id, round, []);

    const answered = await answeredQuestionsContext(db, ctx.document.id);
    let reply: z.infer<typeof factsReply> | null = null;
    for (let attempt = 0; reply === null; attempt++) {
      try {
        reply = await callPipelineJson(ctx, {
          stepKey: `research:${section.id}:${round}`,
          purpose: 'research',
          oncePerStepKey: true,
          prompt: researchRoundPrompt({ section, round, answered, material }),
          maxOutputTokens: 800,
        });
      } catch (error) {
        // The round was spent by a worker that died before saving it: move on to the next round.
        if (error instanceof StepKeyUsedError) return commitRound(ctx, section.id, round, []);
        // An upstream failure that returned nothing was refunded: the round is not spent, ask again (bounded).
        if (!(error instanceof ModelCallError) || attempt >= RESEARCH_RETRY_DELAYS_MS.length) throw error;
        await sleep(RESEARCH_RETRY_DELAYS_MS[attempt], undefined, { signal: ctx.signal }).catch(() => {
          throw new StepAbortedError(String(ctx.signal.reason ?? 'aborted'));
        });
      }
    }
    const facts = reply.facts.flatMap((f) => {
      const cited = material.find((p) => p.sourceId === f.sourceId && p.number === f.paragraph);
      return cited ? [{ ...f, quote: quoteFor(f.text, cited.text) }] : [];
    });
    await commitRound(ctx, section.id, round, facts);
  },
};

/** Invariant: the round counter and the round's facts commit together; a duplicate fact is skipped. */
async function commitRound(
  ctx: StepContext,
  sectionId: string,
  round: number,
  facts: Array<{ text: string; sourceId: string; paragraph: number; quote: string }>,
): Promise<void> {
  await ctx.deps.db.$transaction(async (tx) => {
    await commitFence(tx, ctx.lease);
    await tx.fact.createMany({
      data: facts.map((f) => ({
        documentId: ctx.document.id,
        sectionId,
        text: f.text,
        normalized: normalizeFact(f.text),
        sourceId: f.sourceId,
        paragraph: f.paragraph,
        quote: f.quote,
        round,
      })),
      skipDuplicates: true,
    });
    const advanced = await tx.section.updateMany({
      where: { id: sectionId, researchedRound: round - 1 },
      data: { researchedRound: round },
    });
    if (advanced.count === 0) throw new LeaseLostError(ctx.lease.jobId);
  });
  ctx.deps.crashPoint?.('research:after-commit');
}

/** Every section has this round: start the next one, or hand the sections to the writers. */
async function finishRound(ctx: StepContext, round: number): Promise<void> {
  await ctx.deps.db.$transaction(async (tx) => {
    await commitFence(tx, ctx.lease);
    if (round < ctx.job.researchRounds) {
      const moved = await tx.documentJob.updateMany({
        where: { id: ctx.lease.jobId, researchRound: round },
        data: { researchRound: round + 1 },
      });
      if (moved.count === 0) throw new LeaseLostError(ctx.lease.jobId);
      return;
    }
    await tx.section.updateMany({ where: { documentId: ctx.document.id, status: 'planned' }, data: { status: 'ready' } });
    await advanceStep(tx, ctx.lease, 'research', 'write');
  });
}

/** Started is posted once the plan exists and the job starts spending on research and writing. */
async function postStarted(ctx: StepContext): Promise<void> {
  await ctx.deps.db.$transaction(async (tx) => {
    await commitFence(tx, ctx.lease);
    const first = await tx.documentJob.updateMany({
      where: { id: ctx.lease.jobId, startedPostedAt: null },
      data: { startedPostedAt: new Date() },
    });
    if (first.count === 0 || !ctx.document.chatId) return;
    const sections = await tx.section.count({ where: { documentId: ctx.document.id } });
    await postDocumentEvent(tx, ctx.document.chatId, {
      event: 'document_started',
      documentId: ctx.document.id,
      title: ctx.document.title,
      sections,
    });
  });
}
