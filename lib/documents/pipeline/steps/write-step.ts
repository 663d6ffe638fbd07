import { canonicalize } from '@/lib/documents/canvas/serialize-section';
import { factCheck, type FactFlag } from '@/lib/documents/canvas/fact-check';
import { advanceStep } from '../jobs/advance-step';
import { claimNextSection, heldSection, type ClaimedSection } from '../jobs/claim-next-section';
import { checkFence, commitFence } from '../jobs/fence';
import { LeaseLostError } from '../jobs/job-lease';
import { numberedFacts } from '../research-facts';
import { sectionDigest } from '@/lib/documents/sections/section-digest';
import { findDocumentType } from '@/lib/documents/kinds/registry';
import { stepScope } from './call-model';
import { callForWholeText } from './call-whole-text';
import { InvalidModelOutputError } from './model-json';
import type { PipelineStep, StepContext } from './step-context';
import { buildWritePrompt, OUTLINE_WINDOW } from '../prompts/write-section';

/**
 * One section at a time: claim it (`ready → writing`), write it from its own
 * brief and facts, fact-check in code, regenerate once if flagged, then save
 * text, version and counters in one transaction.
 */
export const writeStep: PipelineStep = {
  name: 'write',
  async run(ctx) {
    const claimed = await ctx.deps.db.$transaction(async (tx) => {
      // a claim is not progress: a section that keeps killing its writers must still reach the attempt cap
      await checkFence(tx, ctx.lease);
      const section = (await heldSection(tx, ctx.lease)) ?? (await claimNextSection(tx, ctx.lease));
      if (!section) {
        const unfinished = await tx.section.count({
          where: { documentId: ctx.document.id, status: { in: ['planned', 'ready', 'writing'] } },
        });
        if (unfinished === 0) await advanceStep(tx, ctx.lease, 'write', 'finalize');
      }
      return section;
    });
    if (!claimed) return;
    ctx.deps.crashPoint?.('write:after-claim');
    const draft = await writeSection(ctx, claimed);
    await saveDraft(ctx, claimed, draft);
    ctx.deps.crashPoint?.('write:after-commit');
  },
};

interface Draft {
  body: string;
  flags: FactFlag[];
}

async function writeSection(ctx: StepContext, claimed: ClaimedSection): Promise<Draft> {
  const { db } = ctx.deps;
  const section = await db.section.findUniqueOrThrow({
    where: { id: claimed.id },
    select: { id: true, position: true, title: true, brief: true },
  });
  const [facts, neighbours, total] = await Promise.all([
    numberedFacts(db, section.id),
    db.section.findMany({
      where: { documentId: ctx.document.id, position: { gte: section.position - OUTLINE_WINDOW, lte: section.position + OUTLINE_WINDOW } },
      orderBy: { position: 'asc' },
      select: { position: true, title: true, brief: true, summary: true },
    }),
    db.section.count({ where: { documentId: ctx.document.id } }),
  ]);
  const previous = neighbours.find((n) => n.position === section.position - 1);
  const next = neighbours.find((n) => n.position === section.position + 1);
  const promptInput = {
    type: findDocumentType(ctx.document.type),
    documentTitle: ctx.document.title,
    request: ctx.document.request,
    sectionsTotal: total,
    section,
    outline: neighbours.map((n) => ({ position: n.position, title: n.title })),
    previous: previous ? { title: previous.title, digest: previous.summary ?? previous.brief } : null,
    next: next ? { title: next.title, brief: next.brief } : null,
    facts,
  };
  const allowed = [ctx.document.title, ctx.document.request, section.title, section.brief];
  // a fact and the exact sentence it was quoted from are both its source's words, for a web page as for a file
  const check = (body: string) => factCheck({ text: body, facts: facts.flatMap((f) => [f.text, f.quote]), allowedSources: allowed }).flags;

  const stepKey = `write:${section.id}:${claimed.writeAttempts}`;
  const first = await draftOnce(ctx, stepKey, buildWritePrompt(promptInput), section.title);
  const firstFlags = check(first);
  if (firstFlags.length === 0) return { body: first, flags: [] };
  ctx.deps.crashPoint?.('write:after-check');
  // Flagged: regenerate once, told what was unsupported; still flagged → saved as `flagged` with the flags listed.
  const second = await draftOnce(
    ctx,
    stepKey,
    buildWritePrompt({ ...promptInput, regenerationOf: [...new Set(firstFlags.map((f) => f.token))] }),
    section.title,
  );
  return { body: second, flags: check(second) };
}

/** A draft cut by the output ceiling is continued; one still cut is refused (the step is retried), never saved as written. */
async function draftOnce(
  ctx: StepContext,
  stepKey: string,
  prompt: { system: string; user: string },
  sectionTitle: string,
): Promise<string> {
  const result = await callForWholeText(stepScope(ctx), {
    stepKey,
    purpose: 'write',
    ...prompt,
    maxOutputTokens: ctx.deps.maxOutputTokens,
  });
  if (result.cut)
    throw new InvalidModelOutputError(
      'write',
      `the section was still cut off by the output limit after ${result.continuations} continuations`,
    );
  const body = canonicalize(withoutEchoedTitle(result.text.trim(), sectionTitle));
  if (!body.trim()) throw new InvalidModelOutputError('write', 'the section came back empty');
  return body;
}

/**
 * The canvas shows each section's title itself: a draft that opens by repeating it as a heading (Claude-style
 * and small local models often do) would show it twice. Only a first heading that says the title is dropped.
 */
export function withoutEchoedTitle(draft: string, title: string): string {
  const heading = /^#{1,6}[ \t]+(.+?)[ \t#]*(?:\n+|$)/.exec(draft);
  const words = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  return heading && words(heading[1]!) === words(title) && words(title) !== '' ? draft.slice(heading[0].length).trimStart() : draft;
}

/** Invariant: text, version, draft row and the job's counter commit together, only by the claim's holder. */
async function saveDraft(ctx: StepContext, claimed: ClaimedSection, draft: Draft): Promise<void> {
  await ctx.deps.db.$transaction(async (tx) => {
    await commitFence(tx, ctx.lease);
    const saved = await tx.section.updateMany({
      where: { id: claimed.id, status: 'writing', claimToken: ctx.lease.token },
      data: {
        status: draft.flags.length > 0 ? 'flagged' : 'written',
        body: draft.body,
        flags: draft.flags.length > 0 ? draft.flags.map((f) => ({ ...f })) : undefined,
        summary: sectionDigest(draft.body),
        version: { increment: 1 },
        claimToken: null,
        leaseExpiresAt: null,
      },
    });
    if (saved.count === 0) throw new LeaseLostError(ctx.lease.jobId);
    const { version } = await tx.section.findUniqueOrThrow({ where: { id: claimed.id }, select: { version: true } });
    await tx.sectionVersion.create({ data: { sectionId: claimed.id, version, kind: 'draft', body: draft.body } });
    await tx.documentJob.update({ where: { id: ctx.lease.jobId }, data: { sectionsDone: { increment: 1 } } });
  });
}
