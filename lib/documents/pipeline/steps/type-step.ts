import { advanceStep } from '../jobs/advance-step';
import { commitFence } from '../jobs/fence';
import { DOCUMENT_TYPES, findDocumentType } from '@/lib/documents/kinds/registry';
import { classifyDocumentPrompt } from '../prompts/classify-document';
import { documentTitle } from '@/lib/documents/document-title';
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
    const title = documentTitle(parsed.title, ctx.document.request);
    await ctx.deps.db.$transaction(async (tx) => {
      await commitFence(tx, ctx.lease);
      await tx.document.update({ where: { id: ctx.document.id }, data: { type: type.key } });
      // a name the person gave while the type was being chosen is theirs: the model's does not replace it
      await tx.document.updateMany({ where: { id: ctx.document.id, title: '' }, data: { title } });
      await advanceStep(tx, ctx.lease, 'type', 'plan');
    });
    ctx.deps.crashPoint?.('type:after-commit');
  },
};
