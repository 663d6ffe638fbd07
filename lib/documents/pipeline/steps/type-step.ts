import { advanceStep } from '../jobs/advance-step';
import { commitFence } from '../jobs/fence';
import { DOCUMENT_TYPES, findDocumentType } from '@/lib/documents/kinds/registry';
import { classifyDocumentPrompt } from '../prompts/classify-document';
import { oneLine } from '../prompts/prompt-text';
import { callPipelineJson } from './call-model-json';
import type { PipelineStep } from './step-context';

/** Matches the request to a document type. Dying midway: restart, overwrite. */
export const typeStep: PipelineStep = {
  name: 'type',
  async run(ctx) {
    const parsed = await callPipelineJson(ctx, {
      stepKey: 'type',
      purpose: 'type',
      prompt: classifyDocumentPrompt({ request: ctx.document.request, types: DOCUMENT_TYPES }),
      maxOutputTokens: 200,
    });
    const type = findDocumentType(parsed.type);
    const title = parsed.title.trim() || oneLine(ctx.document.request).slice(0, 80);
    await ctx.deps.db.$transaction(async (tx) => {
      await commitFence(tx, ctx.lease);
      await tx.document.update({ where: { id: ctx.document.id }, data: { type: type.key, title } });
      await advanceStep(tx, ctx.lease, 'type', 'plan');
    });
    ctx.deps.crashPoint?.('type:after-commit');
  },
};
