import { advanceStep } from '../jobs/advance-step';
import { commitFence } from '../jobs/fence';
import { findDocumentType } from '@/lib/documents/kinds/registry';
import { planDocumentPrompt } from '../prompts/plan-document';
import { callPipelineJson } from './call-model-json';
import type { PipelineStep } from './step-context';

export const MAX_SECTIONS = 60;

/** Produces the sections. Dying midway: rows inserted, conflicts skipped (unique position). */
export const planStep: PipelineStep = {
  name: 'plan',
  async run(ctx) {
    const type = findDocumentType(ctx.document.type);
    const wanted = Math.min(MAX_SECTIONS, ctx.document.sectionCount ?? type.sectionTemplates.length);
    const outline = await callPipelineJson(ctx, {
      stepKey: 'plan',
      purpose: 'plan',
      prompt: planDocumentPrompt({ type, request: ctx.document.request, title: ctx.document.title, sections: wanted }),
      maxOutputTokens: Math.min(4000, 200 + wanted * 60),
    });
    const sections = outline.sections.slice(0, wanted);
    await ctx.deps.db.$transaction(async (tx) => {
      await commitFence(tx, ctx.lease);
      await tx.section.createMany({
        data: sections.map((s, i) => ({ documentId: ctx.document.id, position: i + 1, title: s.title, brief: s.brief || s.title })),
        skipDuplicates: true,
      });
      await advanceStep(tx, ctx.lease, 'plan', 'questions');
    });
    ctx.deps.crashPoint?.('plan:after-commit');
  },
};
