import { takeRequestRate, type RequestRate } from '@/lib/rate-limit/rate-limit';
import type { PipelineDeps } from '@/lib/documents/pipeline/pipeline-deps';
import { writeSectionVersion } from '../section-versions';
import { CAN, requireSectionRole } from '@/lib/documents/access';
import type { RewriteFlag } from './check-replacement';
import { draftReplacement } from './draft-replacement';
import { storeProposal, type AppliedRewrite } from './proposals';
import { loadRewriteTarget } from './rewrite-target';

export interface RewriteRangeRequest {
  sectionId: string;
  userId: string;
  /** UTF-16 offsets into the stored body at `baseVersion`, [start, end) */
  start: number;
  end: number;
  instruction: string;
  baseVersion: number;
  signal?: AbortSignal;
  /** a model call per request: counted against the person and their client address (after 404/409, before 402) */
  /** the caller's rate limit; absent when the caller is not a person's request (tests of the logic) */
  rateLimit?: RequestRate;
}

export type RewriteResult = AppliedRewrite | { applied: false; proposalId: string; proposal: string; flags: RewriteFlag[] };

/**
 * `POST /api/sections/:id/rewrite`: the model rewrites body[start:end] only,
 * the server splices its reply in, and code decides whether it is applied
 * (a `rewrite` version, compare-and-set on `baseVersion`, so a section that
 * changed during the model call is a 409 and the reply is dropped) or only
 * proposed (the fact check still flags it after one regeneration).
 */
export async function rewriteRange(deps: PipelineDeps, request: RewriteRangeRequest): Promise<RewriteResult> {
  const target = await loadRewriteTarget(deps.db, request);
  if (request.rateLimit) await takeRequestRate(deps.db, request.rateLimit);
  const draft = await draftReplacement(deps, target, request.instruction, request.signal ?? new AbortController().signal);
  if (draft.flags.length > 0) {
    // the proposal is theirs to accept only while they may still edit (removed during the model call: 404)
    await requireSectionRole(deps.db, target.section.id, request.userId, CAN.edit);
    const proposalId = await storeProposal(deps.db, {
      sectionId: target.section.id,
      authorId: request.userId,
      baseVersion: target.section.version,
      start: target.start,
      end: target.end,
      instruction: request.instruction,
      original: target.fragment,
      replacement: draft.fitted.replacement,
      flags: draft.flags,
    });
    return { applied: false, proposalId, proposal: draft.fitted.replacement, flags: draft.flags };
  }
  const saved = await writeSectionVersion(deps.db, {
    sectionId: target.section.id,
    authorId: request.userId,
    body: draft.fitted.body,
    baseVersion: target.section.version,
    kind: 'rewrite',
    how: 'revised',
    canonical: true,
    rightsAtCommit: CAN.edit,
  });
  return { applied: true, version: saved.version, body: saved.body, range: draft.fitted.range };
}
