import type { Db } from '@/lib/db/client';
import { AppError } from '@/lib/errors';
import { CAN, requireSectionRole } from '@/lib/documents/access';
import { sectionConflict, writeSectionVersion } from '../section-versions';
import type { RewriteFlag } from './check-replacement';
import { fitReplacement } from './fit-replacement';

export interface NewProposal {
  sectionId: string;
  authorId: string;
  baseVersion: number;
  start: number;
  end: number;
  instruction: string;
  original: string;
  replacement: string;
  flags: RewriteFlag[];
}

/**
 * A rewrite the fact check still flags after one regeneration: kept for the
 * person to decide, never applied by itself. A section that moved on during
 * the model call is a 409, as for an applied rewrite: the proposal could never be accepted.
 */
export async function storeProposal(db: Db, proposal: NewProposal): Promise<string> {
  const { flags, ...fields } = proposal;
  return db.$transaction(async (tx) => {
    const section = await tx.section.findUniqueOrThrow({ where: { id: proposal.sectionId }, select: { version: true, body: true } });
    if (section.version !== proposal.baseVersion) throw sectionConflict('The section changed since you opened it.', section);
    const row = await tx.rewriteProposal.create({ data: { ...fields, flags: flags.map((flag) => ({ ...flag })) }, select: { id: true } });
    return row.id;
  });
}

export interface AppliedRewrite {
  applied: true;
  version: number;
  body: string;
  range: { start: number; end: number };
}

/**
 * Applies a pending proposal as a `rewrite` version. Conservative: only while
 * the section is still at the version the proposal was made from, and the
 * person saw that version too (else 409 with the current text). The section's
 * compare-and-set comes first, the proposal is marked after it: a crash in
 * between leaves it pending on an outdated base, which a second accept refuses.
 */
export async function acceptProposal(
  db: Db,
  request: { sectionId: string; proposalId: string; userId: string; baseVersion: number },
): Promise<AppliedRewrite> {
  await requireSectionRole(db, request.sectionId, request.userId, CAN.edit);
  const proposal = await pendingProposal(db, request.sectionId, request.proposalId);
  const section = await db.section.findUniqueOrThrow({ where: { id: request.sectionId }, select: { version: true, body: true } });
  if (request.baseVersion !== section.version || proposal.baseVersion !== section.version) {
    throw sectionConflict('The section changed since this rewrite was proposed.', section);
  }
  const fitted =
    section.body.slice(proposal.start, proposal.end) === proposal.original
      ? fitReplacement(section.body, proposal.start, proposal.end, proposal.replacement)
      : null;
  if (!fitted) throw sectionConflict('The proposed rewrite no longer fits the section.', section);
  const saved = await writeSectionVersion(db, {
    sectionId: request.sectionId,
    authorId: request.userId,
    body: fitted.body,
    baseVersion: section.version,
    kind: 'rewrite',
    how: 'revised',
    canonical: true,
  });
  // applied is what happened: this overrides a reject that raced in after the write
  await db.rewriteProposal.update({ where: { id: proposal.id }, data: { status: 'accepted', decidedAt: new Date() } });
  return { applied: true, version: saved.version, body: saved.body, range: fitted.range };
}

export async function rejectProposal(
  db: Db,
  request: { sectionId: string; proposalId: string; userId: string },
): Promise<{ proposalId: string; status: 'rejected' }> {
  await requireSectionRole(db, request.sectionId, request.userId, CAN.edit);
  const proposal = await pendingProposal(db, request.sectionId, request.proposalId);
  // only a pending one: an accept that got to it first wins, this is then a 409
  const rejected = await db.rewriteProposal.updateMany({
    where: { id: proposal.id, status: 'pending' },
    data: { status: 'rejected', decidedAt: new Date() },
  });
  if (rejected.count === 0) throw new AppError('conflict', 'This proposal was decided by someone else just now.');
  return { proposalId: proposal.id, status: 'rejected' };
}

/** A proposal of another section is a 404, like one that does not exist; a decided one is a 409. */
async function pendingProposal(db: Db, sectionId: string, proposalId: string) {
  const proposal = await db.rewriteProposal.findFirst({ where: { id: proposalId, sectionId } });
  if (!proposal) throw new AppError('not_found', 'Proposal not found.');
  if (proposal.status !== 'pending') throw new AppError('conflict', `This proposal was already ${proposal.status}.`);
  return proposal;
}
