import { AppError } from '@/lib/errors';
import { CAN, requireDocumentRole } from '../access';
import { dismissedTokens } from './dismiss-flag';
import { numberedFacts } from '../pipeline/research-facts';
import type { PipelineDeps } from '../pipeline/pipeline-deps';
import type { RewriteFlag } from './rewrite/check-replacement';
import { draftReplacement } from './rewrite/draft-replacement';
import type { RewriteTarget } from './rewrite/rewrite-target';
import { writeSectionVersion } from './section-versions';

export type RevisionResult =
  | { applied: true; sectionId: string; section: string; version: number; changed: boolean }
  | { applied: false; sectionId: string; section: string; reason: string; flags: RewriteFlag[] };

export interface RevisionRequest {
  userId: string;
  documentId: string;
  /** a section title (or a unique part of it) or its position number */
  section: string;
  instruction: string;
  signal?: AbortSignal;
}

/**
 * Revises one whole section by instruction (the chat's revise_section tool)
 * as a range rewrite over the whole section: the same prompt, billed call
 * (continued when cut, refused when still cut) and code check, with the
 * section's current text as the replaced fragment, so the names and figures
 * the person typed count as allowed material. Saved as a `rewrite` version
 * against the version it was made from.
 */
export async function reviseSection(deps: PipelineDeps, request: RevisionRequest): Promise<RevisionResult> {
  await requireDocumentRole(deps.db, request.documentId, request.userId, CAN.edit);
  const document = await deps.db.document.findUniqueOrThrow({
    where: { id: request.documentId },
    select: {
      id: true,
      ownerId: true,
      chatId: true,
      model: true,
      job: { select: { id: true } },
      sections: { orderBy: { position: 'asc' } },
    },
  });
  const section = findSection(document.sections, request.section);
  if (section.status !== 'written' && section.status !== 'flagged')
    throw new AppError('conflict', `“${section.title}” has not been written yet.`);
  const target: RewriteTarget = {
    section: { id: section.id, title: section.title, body: section.body, version: section.version },
    document,
    start: 0,
    end: section.body.length,
    fragment: section.body,
    facts: await numberedFacts(deps.db, section.id),
    dismissed: await dismissedTokens(deps.db, section.id),
  };
  const draft = await draftReplacement(deps, target, request.instruction, request.signal ?? new AbortController().signal, 'revise');
  if (draft.flags.length > 0) {
    return {
      applied: false,
      sectionId: section.id,
      section: section.title,
      reason: 'The revision used figures or names the facts do not support.',
      flags: draft.flags,
    };
  }
  const saved = await writeSectionVersion(deps.db, {
    sectionId: section.id,
    authorId: request.userId,
    body: draft.fitted.body,
    baseVersion: section.version,
    kind: 'rewrite',
    how: 'revised',
    canonical: true,
    rightsAtCommit: CAN.edit,
  });
  return { applied: true, sectionId: section.id, section: section.title, version: saved.version, changed: saved.changed };
}

function findSection<T extends { title: string; position: number }>(sections: T[], wanted: string): T {
  const key = wanted.trim().toLowerCase();
  const position = Number.parseInt(key.replace(/^section\s*/, ''), 10);
  const match =
    sections.find((s) => s.title.toLowerCase() === key) ??
    (Number.isFinite(position) && String(position) === key.replace(/^section\s*/, '')
      ? sections.find((s) => s.position === position)
      : undefined) ??
    onlyOne(sections.filter((s) => s.title.toLowerCase().includes(key)));
  if (!match)
    throw new AppError(
      'not_found',
      `No section matches “${wanted}”. Sections: ${sections.map((s) => `${s.position}. ${s.title}`).join('; ')}`,
    );
  return match;
}

function onlyOne<T>(items: T[]): T | undefined {
  return items.length === 1 ? items[0] : undefined;
}
