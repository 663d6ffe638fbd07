import { z } from 'zod';
import { advanceStep } from '../jobs/advance-step';
import { crashPoint } from '../jobs/crash-point';
import { commitFence } from '../jobs/fence';
import { findDocumentType } from '../types/registry';
import { callPipelineModel } from './call-model';
import { parseModelJson } from './model-json';
import type { PipelineStep } from './step-context';
import { oneLine } from './type-step';

export const MAX_SECTIONS = 60;

const outline = z.object({
  sections: z
    .array(z.object({ title: z.string().trim().min(1).max(200), brief: z.string().trim().max(1000).default('') }))
    .min(1),
});

/** Produces the sections. Dying midway: rows inserted, conflicts skipped (unique position). */
export const planStep: PipelineStep = {
  name: 'plan',
  async run(ctx) {
    const type = findDocumentType(ctx.document.type);
    const wanted = Math.min(MAX_SECTIONS, ctx.document.sectionCount ?? type.sectionTemplates.length);
    const result = await callPipelineModel(ctx, {
      stepKey: 'plan',
      purpose: 'plan',
      system: [
        'Quire task: plan-document',
        `Plan a ${type.label.toLowerCase()} as a list of sections, each with a title and a one-sentence brief of what it covers.`,
        'Start from the template; adapt titles to the request. Reply with JSON only: {"sections": [{"title": "…", "brief": "…"}]}.',
      ].join('\n'),
      user: [
        `Request: ${oneLine(ctx.document.request)}`,
        `Type: ${type.key}`,
        `Title: ${ctx.document.title}`,
        ...type.sectionTemplates.map((t) => `Template: ${t.title} — ${t.purpose}`),
        `Sections: ${wanted}`,
      ].join('\n'),
      maxOutputTokens: Math.min(4000, 200 + wanted * 60),
    });
    const sections = parseModelJson('plan', result.text, outline).sections.slice(0, wanted);
    await ctx.deps.db.$transaction(async (tx) => {
      await commitFence(tx, ctx.lease);
      await tx.section.createMany({
        data: sections.map((s, i) => ({ documentId: ctx.document.id, position: i + 1, title: s.title, brief: s.brief || s.title })),
        skipDuplicates: true,
      });
      await advanceStep(tx, ctx.lease, 'plan', 'questions');
    });
    crashPoint('plan:after-commit');
  },
};
