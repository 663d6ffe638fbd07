import { tool, zodSchema } from 'ai';
import { z } from 'zod';
import type { ChatToolContext } from '@/lib/chat/tools/registry';
import { checkUploadAllowed } from './sources/upload-gate';
import { createDocument } from './intake/queue-document';
import { requestTextLinks, unreadLinkSource } from './intake/request-links';
import { MAX_REQUEST_TEXT_LINKS, type UnreadLinkReason } from './intake/unread-links';
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
      'Start writing a long document (report, proposal, article, manual) as a background job, from the conversation. Files the person attached in this chat become its sources, and so do links written in the request. Returns the document id and any links that will not be read (tell the person which and why); progress is posted in the chat.',
    inputSchema: startDocumentInput,
    execute: async ({ request }) => {
      // the same gate as POST /api/documents: a model looping on this tool meets the person's rate limit and wallet
      if (deps.rateLimitPerMinute)
        await checkUploadAllowed(deps.db, { subject: { userId: ctx.userId }, perMinute: deps.rateLimitPerMinute });
      const chat = await deps.db.chat.findUnique({ where: { id: ctx.chatId }, select: { model: true } });
      const model = deps.catalog.find(chat?.model)?.id ?? deps.catalog.default.id;
      // links written in the request are read as POST /api/documents reads them; the chat's web search switch is
      // the person's yes (the document itself does not search the web: only the chat's own tool does)
      const links = requestTextLinks(request, {
        givenUrls: [],
        deploymentReads: deps.publicSources,
        documentReads: ctx.webSearch ?? false,
        notAllowed: 'chat_web_search_off',
        allowHosts: deps.fetchAllowHosts ?? [],
      });
      const { id } = await createDocument(deps.db, {
        ownerId: ctx.userId,
        chatId: ctx.chatId,
        request,
        model,
        adoptChatSources: true,
        sources: [...links.read, ...links.unread.map(unreadLinkSource)],
      });
      const sources = await deps.db.source.count({ where: { documentId: id, status: { not: 'failed' } } });
      return {
        documentId: id,
        url: `/documents/${id}`,
        status: 'queued',
        sources,
        ...(links.unread.length > 0
          ? { unreadLinks: links.unread.map(({ url, reason }) => ({ url, reason: UNREAD_REASON_FOR_MODEL[reason] })) }
          : {}),
        note: 'The document is being planned; questions, if any, will appear in this chat.',
      };
    },
  });
}

/** What the model reads about a link it should tell the person was not read (it says it in their language). */
const UNREAD_REASON_FOR_MODEL: Record<UnreadLinkReason, string> = {
  public_sources_off: 'this server does not read web pages; paste the text or attach the file instead',
  public_sources_not_allowed: 'this document was started without public sources',
  chat_web_search_off: "this chat's web search is off; turn it on in the chat's menu, or paste the text or attach the file",
  too_many_links: `only the first ${MAX_REQUEST_TEXT_LINKS} links of a request are read`,
  bad_url: 'not a link that can be read (http or https, no user name or password)',
  blocked_address: 'a private, loopback or link-local address, which is never fetched',
};

function reviseSectionTool(deps: PipelineDeps, ctx: ChatToolContext) {
  return tool({
    description: 'Revise one section of an existing document by an instruction (e.g. "shorten it", "make it more formal").',
    inputSchema: reviseSectionInput,
    execute: async ({ documentId, section, instruction }, { abortSignal }) =>
      reviseSection(deps, { userId: ctx.userId, documentId, section, instruction, signal: abortSignal }),
  });
}
