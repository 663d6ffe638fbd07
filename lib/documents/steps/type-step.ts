import { z } from 'zod';
import { advanceStep } from '../jobs/advance-step';
import { crashPoint } from '../jobs/crash-point';
import { commitFence } from '../jobs/fence';
import { DOCUMENT_TYPES, findDocumentType } from '../types/registry';
import { callPipelineModel } from './call-model';
import { parseModelJson } from './model-json';
import type { PipelineStep } from './step-context';

const classification = z.object({ type: z.string().min(1), title: z.string().max(300).optional() });

/** Matches the request to a document type. Dying midway: restart, overwrite. */
export const typeStep: PipelineStep = {
  name: 'type',
  async run(ctx) {
    const result = await callPipelineModel(ctx, {
      stepKey: 'type',
      purpose: 'type',
      system: [
        'Quire task: classify-document',
        'Choose the document type that fits the request best, and a short title for the document.',
        'Reply with JSON only: {"type": "<one of the types>", "title": "<title>"}.',
        ...DOCUMENT_TYPES.map((t) => `- ${t.key}: ${t.description}`),
      ].join('\n'),
      user: `Types: ${DOCUMENT_TYPES.map((t) => t.key).join(', ')}\nRequest: ${oneLine(ctx.document.request)}`,
      maxOutputTokens: 200,
    });
    const parsed = parseModelJson('type', result.text, classification);
    const type = findDocumentType(parsed.type);
    const title = parsed.title?.trim() || oneLine(ctx.document.request).slice(0, 80);
    await ctx.deps.db.$transaction(async (tx) => {
      await commitFence(tx, ctx.lease);
      await tx.document.update({ where: { id: ctx.document.id }, data: { type: type.key, title } });
      await advanceStep(tx, ctx.lease, 'type', 'plan');
    });
    crashPoint('type:after-commit');
  },
};

/** Labelled prompt lines are read line by line: the request goes on one. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
