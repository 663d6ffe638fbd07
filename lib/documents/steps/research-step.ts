import { z } from 'zod';
import { answeredQuestionsContext } from '../answers';
import { postDocumentEvent } from '../chat-events';
import { advanceStep } from '../jobs/advance-step';
import { crashPoint } from '../jobs/crash-point';
import { commitFence } from '../jobs/fence';
import { LeaseLostError } from '../jobs/job-lease';
import { normalizeFact } from '../facts';
import { gatherPublicMaterial } from '../sources/gather-public-material';
import { sectionMaterial, type SourceParagraphRef } from '../sources/source-material';
import { callPipelineModel, StepKeyUsedError } from './call-model';
import { parseModelJson } from './model-json';
import type { PipelineStep, StepContext } from './step-context';

const foundFacts = z.object({
  facts: z.array(z.object({ text: z.string().trim().min(1).max(2000), sourceId: z.string(), paragraph: z.coerce.number().int().positive() })).max(50),
});

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

    const attached = await sectionMaterial(db, ctx.document.id, `${section.title} ${section.brief}`);
    const found = await gatherPublicMaterial(ctx, `${ctx.document.title}: ${section.title}`);
    // pages found in an earlier round are already among the document's sources
    const material = [...attached, ...found.filter((p) => !attached.some((a) => a.sourceId === p.sourceId && a.number === p.number))];
    // Nothing to read: no call at all (a call could only invent facts).
    if (material.length === 0) return commitRound(ctx, section.id, round, []);

    const answered = await answeredQuestionsContext(db, ctx.document.id);
    let text: string;
    try {
      ({ text } = await callPipelineModel(ctx, {
        stepKey: `research:${section.id}:${round}`,
        purpose: 'research',
        oncePerStepKey: true,
        system: [
          'Quire task: research-round',
          'Extract short factual statements relevant to the section from the numbered source paragraphs.',
          'Quote facts faithfully; give each its sourceId and paragraph. Reply with JSON only: {"facts": [{"text", "sourceId", "paragraph"}]}.',
          'The clarifying questions, if listed, only explain what the person\'s answers refer to: a question is never a fact.',
        ].join('\n'),
        user: [
          `Section: ${section.title}`,
          `Brief: ${section.brief}`,
          `Round: ${round}`,
          ...(answered.length > 0 ? ['Clarifying questions and the person\'s answers (context, not material):', ...answered] : []),
          ...material.map((p) => `[${p.sourceId}#${p.number}] ${p.text.replace(/\s+/g, ' ')}`),
        ].join('\n'),
        maxOutputTokens: 800,
      }));
    } catch (error) {
      // The round was spent by a worker that died before saving it: move on to the next round.
      if (error instanceof StepKeyUsedError) return commitRound(ctx, section.id, round, []);
      throw error;
    }
    const facts = parseModelJson('research', text, foundFacts).facts.filter((f) => citesMaterial(f, material));
    await commitRound(ctx, section.id, round, facts);
  },
};

function citesMaterial(fact: { sourceId: string; paragraph: number }, material: SourceParagraphRef[]): boolean {
  return material.some((p) => p.sourceId === fact.sourceId && p.number === fact.paragraph);
}

/** Invariant: the round counter and the round's facts commit together; a duplicate fact is skipped. */
async function commitRound(ctx: StepContext, sectionId: string, round: number, facts: Array<{ text: string; sourceId: string; paragraph: number }>): Promise<void> {
  await ctx.deps.db.$transaction(async (tx) => {
    await commitFence(tx, ctx.lease);
    await tx.fact.createMany({
      data: facts.map((f) => ({ documentId: ctx.document.id, sectionId, text: f.text, normalized: normalizeFact(f.text), sourceId: f.sourceId, paragraph: f.paragraph, round })),
      skipDuplicates: true,
    });
    const advanced = await tx.section.updateMany({ where: { id: sectionId, researchedRound: round - 1 }, data: { researchedRound: round } });
    if (advanced.count === 0) throw new LeaseLostError(ctx.lease.jobId);
  });
  crashPoint('research:after-commit');
}

/** Every section has this round: start the next one, or hand the sections to the writers. */
async function finishRound(ctx: StepContext, round: number): Promise<void> {
  await ctx.deps.db.$transaction(async (tx) => {
    await commitFence(tx, ctx.lease);
    if (round < ctx.job.researchRounds) {
      const moved = await tx.documentJob.updateMany({ where: { id: ctx.lease.jobId, researchRound: round }, data: { researchRound: round + 1 } });
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
    const first = await tx.documentJob.updateMany({ where: { id: ctx.lease.jobId, startedPostedAt: null }, data: { startedPostedAt: new Date() } });
    if (first.count === 0 || !ctx.document.chatId) return;
    const sections = await tx.section.count({ where: { documentId: ctx.document.id } });
    await postDocumentEvent(tx, ctx.document.chatId, { event: 'document_started', documentId: ctx.document.id, title: ctx.document.title, sections });
  });
}
