import type { Db } from '@/lib/db/client';
import { AppError } from '@/lib/errors';
import { CAN, requireSectionRole } from '@/lib/documents/access';
import { validateRange } from '@/lib/documents/canvas/splice';
import { dismissedTokens } from '../dismiss-flag';
import { numberedFacts, type NumberedFact } from '@/lib/documents/pipeline/research-facts';
import { sectionConflict } from '../section-versions';
import type { RewriteDocument } from './rewrite-model-call';

export interface RewriteTarget {
  section: { id: string; title: string; body: string; version: number };
  document: RewriteDocument;
  start: number;
  end: number;
  /** body[start:end] at `section.version` */
  fragment: string;
  /** the facts the section cites, `[^n]` order */
  facts: NumberedFact[];
  /** tokens whose flag a person dismissed: allowed material */
  dismissed: string[];
}

const REWRITE_TARGET = {
  id: true,
  title: true,
  body: true,
  version: true,
  status: true,
  document: { select: { id: true, ownerId: true, chatId: true, model: true, job: { select: { id: true } } } },
} as const;

/**
 * Everything a rewrite is checked against BEFORE any model call, so a refused
 * rewrite costs nothing: the person may edit (owner, editor), the section is
 * written, `baseVersion` is the current version (else 409 with the current
 * text), and [start, end) is a valid range of that version's body.
 */
export async function loadRewriteTarget(
  db: Db,
  request: { sectionId: string; userId: string; baseVersion: number; start: number; end: number },
): Promise<RewriteTarget> {
  // read alongside the access check (nothing is returned unless it passes): fewer round trips before the model call
  const [, section, facts, dismissed] = await Promise.all([
    requireSectionRole(db, request.sectionId, request.userId, CAN.edit),
    db.section.findUnique({ where: { id: request.sectionId }, select: REWRITE_TARGET }),
    numberedFacts(db, request.sectionId),
    dismissedTokens(db, request.sectionId),
  ]);
  if (!section) throw new AppError('not_found', 'Section not found.');
  // the same rule as writeSectionVersion's: before the first draft there is nothing to rewrite
  if (section.status !== 'written' && section.status !== 'flagged')
    throw sectionConflict('This section has not been written yet; wait for its first draft.', section);
  if (section.version !== request.baseVersion) throw sectionConflict('The section changed since you opened it.', section);
  const range = validateRange(section.body, request.start, request.end);
  if (!range.ok) throw new AppError('invalid_range', range.message, { reason: range.code });
  const { id, title, body, version, document } = section;
  return {
    section: { id, title, body, version },
    document,
    start: request.start,
    end: request.end,
    fragment: body.slice(request.start, request.end),
    facts,
    dismissed,
  };
}
