import type { Db } from '@/lib/db/client';
import { AppError, notFound } from '@/lib/errors';
import type { RequestRate } from '@/lib/rate-limit/rate-limit';
import { parseSourceFiles, type ParsedSource, type SourceFile } from '../sources/parse-source-file';
import { checkUploadAllowed } from '../sources/upload-gate';
import { UNREAD_LINK_REASONS } from './unread-links';
import { linkSources } from '../sources/link-sources';
import { saveSources } from '../sources/save-sources';

/** Who may upload, and how fast: the rights are checked here, the rest by checkUploadAllowed, all before a file is read. */
export interface UploadDeps {
  db: Db;
  /** the caller's rate limit (their account and client address) */
  rate: RequestRate;
}

/** POST /api/documents/attachments: the chat must be the caller's; then the limits; only then are the files read. */
export async function uploadToChat(deps: UploadDeps, userId: string, chatId: string, files: SourceFile[]) {
  const chat = await deps.db.chat.findFirst({ where: { id: chatId, userId }, select: { id: true } });
  if (!chat) throw new AppError('not_found', 'Chat not found.');
  await checkUploadAllowed(deps.db, deps.rate);
  return attachToChat(deps.db, userId, chatId, await parseSourceFiles(files));
}

/** What POST /api/documents/:id/sources adds: files (read once allowed), pasted text, links. */
export interface AddedSources {
  files: SourceFile[];
  sources: ParsedSource[];
  urls: string[];
  permission: LinkPermission;
}

/** POST /api/documents/:id/sources, once the caller's right to edit is checked. */
export async function uploadToDocument(deps: UploadDeps, userId: string, documentId: string, added: AddedSources) {
  await checkUploadAllowed(deps.db, deps.rate);
  const fileSources = await parseSourceFiles(added.files);
  return attachToDocument(deps.db, userId, documentId, [...fileSources, ...added.sources], {
    urls: added.urls,
    permission: added.permission,
  });
}

/** Files attached in a chat wait there (no document yet) until the chat's start_document adopts them. */
export async function attachToChat(db: Db, userId: string, chatId: string, sources: ParsedSource[]) {
  const chat = await db.chat.findFirst({ where: { id: chatId, userId }, select: { id: true } });
  if (!chat) throw new AppError('not_found', 'Chat not found.');
  return db.$transaction((tx) => saveSources(tx, { ownerId: userId, chatId }, sources));
}

export interface LinkPermission {
  /** the deployment's PUBLIC_SOURCES */
  publicSources: boolean;
  fetchAllowHosts: string[];
}

/**
 * Sources added after creation; research rounds that have not run yet will
 * read them. Links need public sources allowed by the deployment and by the
 * document's request; a link the document already has is not added twice.
 */
export async function attachToDocument(
  db: Db,
  userId: string,
  documentId: string,
  sources: ParsedSource[],
  links?: { urls: string[]; permission: LinkPermission },
) {
  let linkSourcesToSave: ParsedSource[] = [];
  if (links && links.urls.length > 0) {
    const document = await db.document.findUnique({ where: { id: documentId }, select: { allowPublicSources: true } });
    if (!links.permission.publicSources || !document?.allowPublicSources) {
      throw new AppError(
        'unprocessable',
        links.permission.publicSources
          ? 'This document was started without public sources, so it does not read links.'
          : 'This deployment does not read public web pages (PUBLIC_SOURCES is off); paste the text or attach the file instead.',
      );
    }
    linkSourcesToSave = linkSources(links.urls, links.permission.fetchAllowHosts);
  }
  return db.$transaction(async (tx) => {
    const known = await tx.source.findMany({
      where: { documentId, url: { in: linkSourcesToSave.map((s) => s.url!) } },
      select: { id: true, title: true, kind: true, url: true, status: true, reason: true },
    });
    // a link of the request that was not read (past the cap, say), now given on its own: research reads it after all
    const unreadBefore = known.filter(
      (k) => k.status === 'failed' && (UNREAD_LINK_REASONS as readonly (string | null)[]).includes(k.reason),
    );
    if (unreadBefore.length > 0)
      await tx.source.updateMany({ where: { id: { in: unreadBefore.map((k) => k.id) } }, data: { status: 'pending', reason: null } });
    const fresh = linkSourcesToSave.filter((s) => !known.some((k) => k.url === s.url));
    const saved = await saveSources(tx, { ownerId: userId, documentId }, [...sources, ...fresh]);
    return [...saved, ...known.map(({ id, title, kind }) => ({ id, title, kind }))];
  });
}

/**
 * A file waiting in a chat. The original bytes are not kept (only the text read
 * out of them), so its size is told in the units it is cited by: paragraphs, or pages of a PDF.
 */
export interface WaitingAttachment {
  id: string;
  /** the file's name without its extension */
  title: string;
  kind: string;
  size: { unit: 'paragraph' | 'page'; count: number };
  createdAt: Date;
}

/** The person's files still waiting in the chat for start_document, newest first. */
export async function listWaitingAttachments(db: Db, userId: string, chatId: string): Promise<WaitingAttachment[]> {
  const rows = await db.source.findMany({
    // a file sent with a message shows in that message, not among the composer's waiting files
    where: { chatId, ownerId: userId, documentId: null, OR: [{ chatFile: null }, { chatFile: { messageId: null } }] },
    // one upload's files share a createdAt (one transaction): the title keeps their order stable
    orderBy: [{ createdAt: 'desc' }, { title: 'asc' }, { id: 'asc' }],
    select: { id: true, title: true, kind: true, unit: true, createdAt: true, _count: { select: { paragraphs: true } } },
  });
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    kind: row.kind,
    size: { unit: row.unit === 'page' ? 'page' : 'paragraph', count: row._count.paragraphs },
    createdAt: row.createdAt,
  }));
}

/**
 * Takes a waiting file back out of the chat. Only while it waits: once a
 * document adopted it, research may already cite it, so that is a 409.
 */
export async function removeWaitingAttachment(db: Db, userId: string, sourceId: string): Promise<void> {
  // its copy kept for a message that was never sent goes with it (a sent one stays with its message)
  await db.chatFile.deleteMany({ where: { sourceId, ownerId: userId, messageId: null } });
  // one conditional statement: if start_document adopts the file at the same moment, exactly one of the two wins
  const removed = await db.source.deleteMany({ where: { id: sourceId, ownerId: userId, chatId: { not: null }, documentId: null } });
  if (removed.count === 1) return;
  const adopted = await db.source.findFirst({
    where: { id: sourceId, ownerId: userId, chatId: { not: null } },
    select: { documentId: true },
  });
  if (!adopted?.documentId) throw notFound('No such attachment.');
  throw new AppError('conflict', 'This file is already a source of a document, so it can no longer be removed from the chat.', {
    documentId: adopted.documentId,
  });
}
