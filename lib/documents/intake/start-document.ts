import type { Db } from '@/lib/db/client';
import type { ModelCatalog } from '@/lib/llm/catalog';
import { AppError } from '@/lib/errors';
import type { RequestRate } from '@/lib/rate-limit/rate-limit';
import { createDocument } from './queue-document';
import type { DocumentRequest } from './document-request';
import { checkUploadAllowed } from '../sources/upload-gate';
import { parseSourceFiles } from '../sources/parse-source-file';
import { linkSources } from '../sources/link-sources';
import { requestTextLinks, unreadLinkSource } from './request-links';
import type { UnreadLink } from './unread-links';

export interface StartDocumentDeps {
  db: Db;
  catalog: ModelCatalog;
  publicSources: boolean;
  /** FETCH_ALLOW_HOSTS: host:port a URL source may name although it is inside the network */
  fetchAllowHosts: string[];
}

/**
 * POST /api/documents once its body is read: checks in the API's order (404
 * for a chat that is not the caller's, 429, 402), then reads the attached
 * files (never before those checks), then creates the document and its queued job. URL sources need public sources, which only the deployment can
 * allow and the request can only narrow. Links written in the request's text are read like `urls` when
 * allowed; otherwise the document is still made, and `unreadLinks` says which were not read and why.
 */
export async function startDocument(
  deps: StartDocumentDeps,
  userId: string,
  input: DocumentRequest,
  rate: RequestRate,
): Promise<{ id: string; unreadLinks: UnreadLink[] }> {
  let chatModel: string | undefined;
  if (input.chatId) {
    const chat = await deps.db.chat.findFirst({ where: { id: input.chatId, userId }, select: { model: true } });
    if (!chat) throw new AppError('not_found', 'Chat not found.');
    chatModel = chat.model;
  }
  const allowPublicSources = deps.publicSources && (input.allowPublicSources ?? false);
  if (input.urls.length > 0 && !allowPublicSources) {
    throw new AppError(
      'unprocessable',
      deps.publicSources
        ? 'URL sources need allowPublicSources: true.'
        : 'This deployment does not read public web pages (PUBLIC_SOURCES is off); paste the text or attach the file instead.',
    );
  }
  const urlSources = linkSources(input.urls, deps.fetchAllowHosts);
  const textLinks = requestTextLinks(input.request, {
    givenUrls: input.urls,
    deploymentReads: deps.publicSources,
    documentReads: allowPublicSources,
    notAllowed: 'public_sources_not_allowed',
    allowHosts: deps.fetchAllowHosts,
  });
  await checkUploadAllowed(deps.db, rate);
  const fileSources = await parseSourceFiles(input.files);
  const model = deps.catalog.find(input.model)?.id ?? deps.catalog.find(chatModel)?.id ?? deps.catalog.default.id;
  const { id } = await createDocument(deps.db, {
    ownerId: userId,
    request: input.request,
    chatId: input.chatId ?? null,
    model,
    allowPublicSources,
    budgetMicros: input.budgetMicros !== undefined ? BigInt(input.budgetMicros) : undefined,
    sectionCount: input.sectionCount,
    sources: [...input.sources, ...fileSources, ...urlSources, ...textLinks.read, ...textLinks.unread.map(unreadLinkSource)],
  });
  return { id, unreadLinks: textLinks.unread };
}
