import { tool, zodSchema } from 'ai';
import { z } from 'zod';
import type { ChatToolContext } from '@/lib/chat/tools/registry';
import { checkUploadAllowed } from './sources/upload-gate';
import { createDocument } from './intake/queue-document';
import type { PipelineDeps } from './pipeline/pipeline-deps';
import { reviseSection } from './sections/revise-section';

/**
 * The chat model's document tools. The model decides when to call them; the
 * system (not the model) posts the Started / Updated / Done messages.
 * A ChatToolFactory (lib/chat/tools/registry.ts) whose tools are there at once.
 */
export function documentChatTools(deps: PipelineDeps) {
  return (ctx: ChatToolContext) => ({ start_document: startDocumentTool(deps, ctx), revise_section: reviseSectionTool(deps, ctx) });
}

// built once per process: the SDK turns it into JSON Schema on first use and keeps that, where an inline zod object is converted again on every round
const startDocumentInput = zodSchema(
  z.object({
    request: z.string().min(3).max(4000).describe('what to write, in the person’s words, with any details from the conversation'),
  }),
);
const reviseSectionInput = zodSchema(
  z.object({
    documentId: z.string().min(1),
    section: z.string().min(1).describe('the section title or its number'),
    instruction: z.string().min(1).max(2000),
  }),
);

function startDocumentTool(deps: PipelineDeps, ctx: ChatToolContext) {
  return tool({
    description:
      'Start writing a long document (report, proposal, article, manual) as a background job, from the conversation. Files the person attached in this chat become its sources. Returns the document id; progress is posted in the chat.',
    inputSchema: startDocumentInput,
    execute: async ({ request }) => {
      // the same gate as POST /api/documents: a model looping on this tool meets the person's rate limit and wallet
      if (deps.rateLimitPerMinute)
        await checkUploadAllowed(deps.db, { subject: { userId: ctx.userId }, perMinute: deps.rateLimitPerMinute });
      const chat = await deps.db.chat.findUnique({ where: { id: ctx.chatId }, select: { model: true } });
      const model = deps.catalog.find(chat?.model)?.id ?? deps.catalog.default.id;
      const { id } = await createDocument(deps.db, { ownerId: ctx.userId, chatId: ctx.chatId, request, model, adoptChatSources: true });
      const sources = await deps.db.source.count({ where: { documentId: id } });
      return {
        documentId: id,
        url: `/documents/${id}`,
        status: 'queued',
        sources,
        note: 'The document is being planned; questions, if any, will appear in this chat.',
      };
    },
  });
}

function reviseSectionTool(deps: PipelineDeps, ctx: ChatToolContext) {
  return tool({
    description: 'Revise one section of an existing document by an instruction (e.g. "shorten it", "make it more formal").',
    inputSchema: reviseSectionInput,
    execute: async ({ documentId, section, instruction }, { abortSignal }) =>
      reviseSection(deps, { userId: ctx.userId, documentId, section, instruction, signal: abortSignal }),
  });
}
