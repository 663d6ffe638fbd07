import type { Db, Tx } from '@/lib/db/client';
import { mapPage, takeOneMore, toPage, type Keyset, type Page, type PageRequest } from '@/lib/db/keyset';
import { AppError } from '@/lib/errors';
import { Prisma } from '@/lib/generated/prisma/client';
import { canonicalize } from '../canvas/serialize-section';
import { factCheck } from '../canvas/fact-check';
import { countWords, describeEvent, postDocumentEvent, type SectionChange, type UpdatedBy, type UpdatedEvent } from '../chat-events';
import { absorbSave, continuesBurst, extendsOpenVersion } from './edit-burst';
import { latestChatEvent, rewriteChatEvent } from '@/lib/chat/chat-events';
import { numberedFacts } from '../pipeline/research-facts';
import { sectionDigest } from './section-digest';
import { type DocumentRole, requireDocumentRole } from '../access';

/** `resolve`: a person kept their text over a newer one (the conflict dialog's "keep mine"). */
export type VersionKind = 'draft' | 'manual' | 'rewrite' | 'restore' | 'resolve';

/** A section is editable once the pipeline has written it; before that its draft is still to come. */
const EDITABLE = ['written', 'flagged'];

export function sectionConflict(message: string, current: { version: number; body: string }): AppError {
  return new AppError('conflict', message, { current: { version: current.version, body: current.body } });
}

export interface SectionWrite {
  sectionId: string;
  authorId: string | null;
  body: string;
  baseVersion: number;
  kind: Exclude<VersionKind, 'draft'>;
  /** how the chat's Updated message describes it */
  how: SectionChange['how'];
  /** the caller already canonicalized `body` (a range rewrite verifies its splice that way) */
  canonical?: boolean;
  /**
   * The roles that may make this write, checked again in the transaction that commits it: a rewrite
   * waits seconds for the model, and an editor removed meanwhile must not see it applied.
   */
  rightsAtCommit?: readonly DocumentRole[];
  /** the clock, for tests of the burst rule */
  now?: Date;
}

/**
 * Appends a version: compare-and-set on `baseVersion`, so a stale base is a
 * 409 with the current text, never an overwrite. A body equal to the current
 * one changes nothing (no version, no Updated message). Flags are recomputed
 * by the code fact check against the section's facts, and never added by a person's write.
 */
export async function writeSectionVersion(db: Db, write: SectionWrite): Promise<{ version: number; changed: boolean; body: string }> {
  const body = write.canonical ? write.body : canonicalize(write.body);
  const facts = (await numberedFacts(db, write.sectionId)).map((f) => f.text);
  return db.$transaction(async (tx) => {
    const section = await tx.section.findUnique({
      where: { id: write.sectionId },
      include: { document: { select: { id: true, title: true, chatId: true, request: true } } },
    });
    if (!section) throw new AppError('not_found', 'Section not found.');
    if (write.rightsAtCommit && write.authorId) await requireDocumentRole(tx, section.documentId, write.authorId, write.rightsAtCommit);
    if (!EDITABLE.includes(section.status))
      throw sectionConflict('This section has not been written yet; wait for its first draft.', section);
    if (section.version !== write.baseVersion) throw sectionConflict('The section changed since you opened it.', section);
    if (body === section.body) return { version: section.version, changed: false, body };
    // What a person typed is never unsupported: a write through here (a manual edit, a restore, a rewrite the
    // code check already passed) keeps only the flags the section already had whose token is still unsupported.
    const flaggedBefore = new Set(storedFlagTokens(section.flags));
    const flags = factCheck({
      text: body,
      facts,
      allowedSources: [section.title, section.brief, section.document.title, section.document.request],
    }).flags.filter((flag) => flaggedBefore.has(flag.token));
    const saved = await tx.section.updateMany({
      where: { id: section.id, version: write.baseVersion },
      data: {
        body,
        version: { increment: 1 },
        status: flags.length > 0 ? 'flagged' : 'written',
        flags: flags.length > 0 ? flags.map((f) => ({ ...f })) : Prisma.DbNull,
        summary: sectionDigest(body),
      },
    });
    if (saved.count === 0) throw sectionConflict('The section changed since you opened it.', section);
    const version = write.baseVersion + 1;
    await recordVersion(
      tx,
      { sectionId: section.id, version, kind: write.kind, body, authorId: write.authorId },
      write,
      write.now ?? new Date(),
    );
    if (section.document.chatId) {
      const author = write.authorId ? await tx.user.findUnique({ where: { id: write.authorId }, select: { name: true } }) : null;
      const by: UpdatedBy = { userId: write.authorId, name: author?.name ?? 'Quire', assistant: write.how === 'revised' };
      await postUpdated(tx, section.document, by, {
        sectionId: section.id,
        section: section.title,
        how: write.how,
        version,
        wordsBefore: countWords(section.body),
        wordsAfter: countWords(body),
      });
    }
    return { version, changed: true, body };
  });
}

/**
 * One version per editing burst: a person's autosave within the quiet window of their own
 * previous one moves that open version up to the new number with the new text (the section's
 * heads and the History list still find the newest version at the section's number); every
 * other write appends. A database trigger refuses any other change to a stored version.
 */
async function recordVersion(
  tx: Tx,
  row: { sectionId: string; version: number; kind: VersionKind; body: string; authorId: string | null },
  write: SectionWrite,
  now: Date,
): Promise<void> {
  const newest = await tx.sectionVersion.findUnique({
    where: { sectionId_version: { sectionId: row.sectionId, version: row.version - 1 } },
    select: { id: true, kind: true, authorId: true, savedAt: true },
  });
  if (newest && extendsOpenVersion(newest, write, now)) {
    await tx.sectionVersion.update({ where: { id: newest.id }, data: { version: row.version, body: row.body, savedAt: now } });
    return;
  }
  await tx.sectionVersion.create({ data: { ...row, createdAt: now, savedAt: now } });
}

function storedFlagTokens(flags: unknown): string[] {
  if (!Array.isArray(flags)) return [];
  return flags.flatMap((flag) => (typeof (flag as { token?: unknown })?.token === 'string' ? [(flag as { token: string }).token] : []));
}

/**
 * Reports a change in the document's chat: the assistant's changes each get
 * a card; a person's save joins their burst's card when it continues one
 * (lib/documents/sections/edit-burst.ts) and the card is rewritten in place.
 */
async function postUpdated(
  tx: Tx,
  document: { id: string; title: string; chatId: string | null },
  by: UpdatedBy,
  change: SectionChange,
): Promise<void> {
  if (!document.chatId) return;
  const now = new Date();
  const last = await latestChatEvent(tx, document.chatId, { event: 'document_updated', documentId: document.id });
  const previous = last?.meta as UpdatedEvent | null | undefined;
  if (last && previous && continuesBurst(previous, document.id, by, now)) {
    const merged = absorbSave({ ...previous, title: document.title }, change, now);
    await rewriteChatEvent(tx, document.chatId, last.id, { text: describeEvent(merged), meta: { ...merged } }, now);
    return;
  }
  const at = now.toISOString();
  await postDocumentEvent(tx, document.chatId, {
    event: 'document_updated',
    documentId: document.id,
    title: document.title,
    changes: [change],
    by,
    saves: 1,
    firstAt: at,
    lastAt: at,
  });
}

/** Restoring appends the old text as a new version; nothing is deleted. */
export async function restoreSectionVersion(
  db: Db,
  input: { sectionId: string; userId: string; version: number; baseVersion: number; now?: Date },
) {
  const old = await db.sectionVersion.findUnique({
    where: { sectionId_version: { sectionId: input.sectionId, version: input.version } },
    select: { body: true },
  });
  if (!old) throw new AppError('not_found', `Version ${input.version} does not exist.`);
  return writeSectionVersion(db, {
    sectionId: input.sectionId,
    authorId: input.userId,
    body: old.body,
    baseVersion: input.baseVersion,
    kind: 'restore',
    how: 'restored',
    now: input.now,
  });
}

/**
 * The keyset of a section's versions is (createdAt, version): the version number
 * is the row's id within its section, and two saves in one millisecond still
 * list in the order they were made (a random id would put them either way).
 */
function afterVersion(after: Keyset | undefined) {
  if (!after) return {};
  const version = /^\d{1,9}$/.test(after.id) ? Number(after.id) : Number.NaN;
  if (Number.isNaN(version))
    throw new AppError('validation_failed', 'The cursor is not one this server gave out; start again from the first page.');
  return { OR: [{ createdAt: { lt: after.at } }, { createdAt: after.at, version: { lt: version } }] };
}

export interface SectionVersionView {
  version: number;
  kind: VersionKind;
  author: string;
  createdAt: string;
  savedAt: string;
  body: string;
}

/**
 * Newest first, a page at a time: a section with a thousand versions opens its
 * history one page in. The pipeline's drafts are authored by "Quire".
 */
export async function listSectionVersions(db: Db, sectionId: string, page: PageRequest): Promise<Page<SectionVersionView>> {
  const rows = await db.sectionVersion.findMany({
    where: { sectionId, ...afterVersion(page.after) },
    orderBy: [{ createdAt: 'desc' }, { version: 'desc' }],
    take: takeOneMore(page),
  });
  const shown = toPage(rows, page, (v) => ({ at: v.createdAt, id: String(v.version) }));
  const versions = shown.items;
  const authorIds = [...new Set(versions.map((v) => v.authorId).filter((id): id is string => id !== null))];
  const authors = new Map(
    (await db.user.findMany({ where: { id: { in: authorIds } }, select: { id: true, name: true } })).map((u) => [u.id, u.name]),
  );
  return mapPage(shown, (v) => ({
    version: v.version,
    kind: v.kind as VersionKind,
    author: v.authorId ? (authors.get(v.authorId) ?? 'a former member') : 'Quire',
    createdAt: v.createdAt.toISOString(),
    savedAt: v.savedAt.toISOString(),
    body: v.body,
  }));
}
