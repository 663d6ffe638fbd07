import { z } from 'zod';
import type { FactFlag } from '@/lib/documents/canvas/fact-check';
import type { DismissedFlag } from '@/lib/documents/sections/dismiss-flag';
import type { RewriteFlag } from '@/lib/documents/sections/rewrite/check-replacement';
import type { AppliedRewrite, rejectProposal } from '@/lib/documents/sections/rewrite/proposals';
import type { RewriteResult } from '@/lib/documents/sections/rewrite/rewrite-range';
import type { SectionVersionView } from '@/lib/documents/sections/section-versions';
import { defineOperations } from '@/lib/http/openapi/api-operation';
import { pageQuery } from '@/lib/http/paging';
import type { AllTrue, DescribesJsonOf, ResultOf } from './json-shape';

/**
 * The section routes' request schemas (app/api/sections/**) and how the API
 * document describes each operation. The routes validate with these schemas;
 * lib/http/openapi/ turns the same ones into the OpenAPI document.
 */

/** GET /api/sections/:id/versions: only the page. */
export const sectionVersionsQuery = pageQuery;

export const sectionEditBody = z.object({
  body: z.string().max(200_000),
  baseVersion: z.number().int().nonnegative(),
  resolvesConflict: z
    .boolean()
    .optional()
    .meta({ description: 'The person kept their text over a newer one: always a version of its own, never part of an editing burst.' }),
});

// Offsets are only numbers here: whether they make a range of the text is the domain's 400 `invalid_range`.
export const rewriteBody = z.object({
  start: z.number(),
  end: z.number(),
  instruction: z.string().trim().min(1).max(2_000),
  baseVersion: z.number().int().nonnegative(),
});

export const restoreBody = z.object({ version: z.number().int().positive(), baseVersion: z.number().int().nonnegative() });

export const dismissFlagBody = z.object({ token: z.string().trim().min(1).max(200), reason: z.string().trim().min(1).max(500) });

export const acceptProposalBody = z.object({ baseVersion: z.number().int().nonnegative() });

const offsets = { start: z.number().int(), end: z.number().int() };
const factKind = z.enum(['number', 'date', 'code', 'name']);

/** A figure, date, code or name the section's sources do not support; UTF-16 offsets into the body. */
export const factFlagResponse = z.strictObject({ token: z.string(), kind: factKind, ...offsets });

/** A reason a rewrite was held back; a lost citation marker sits empty at the end of the replacement. */
export const rewriteFlagResponse = z.strictObject({ token: z.string(), kind: z.enum([...factKind.options, 'citation']), ...offsets });

export const sectionSavedResponse = z.strictObject({ version: z.number().int() });

export const appliedRewriteResponse = z.strictObject({
  applied: z.literal(true),
  version: z.number().int(),
  body: z.string().meta({ description: "The section's Markdown as saved." }),
  range: z.strictObject(offsets).meta({ description: 'Where the replacement now sits in `body`.' }),
});

export const rewriteResponse = z.discriminatedUnion('applied', [
  appliedRewriteResponse,
  z.strictObject({
    applied: z.literal(false),
    proposalId: z.string(),
    proposal: z.string().meta({ description: 'The replacement text, held back.' }),
    flags: z.array(rewriteFlagResponse),
  }),
]);

export const proposalRejectedResponse = z.strictObject({ proposalId: z.string(), status: z.literal('rejected') });

export const flagDismissedResponse = z.strictObject({
  token: z.string(),
  reason: z.string(),
  flags: z.array(factFlagResponse).meta({ description: 'The flags the section still has.' }),
  status: z.enum(['written', 'flagged']),
});

export const sectionVersionResponse = z.strictObject({
  version: z.number().int(),
  kind: z.enum(['draft', 'manual', 'rewrite', 'restore', 'resolve']).meta({
    description: 'resolve: the person kept their text over a newer one after a conflict.',
  }),
  author: z.string().meta({ description: 'A name; "Quire" for the pipeline.' }),
  createdAt: z.iso.datetime().meta({ description: 'When the version began: the first save of an editing burst.' }),
  savedAt: z.iso.datetime().meta({
    description: "The version's last save: a person's autosaves within two minutes of each other update one version.",
  }),
  body: z.string(),
});

export type SectionResponseChecks = AllTrue<
  [
    DescribesJsonOf<typeof factFlagResponse, FactFlag>,
    DescribesJsonOf<typeof rewriteFlagResponse, RewriteFlag>,
    DescribesJsonOf<typeof appliedRewriteResponse, AppliedRewrite>,
    DescribesJsonOf<typeof rewriteResponse, RewriteResult>,
    DescribesJsonOf<typeof proposalRejectedResponse, ResultOf<typeof rejectProposal>>,
    DescribesJsonOf<typeof flagDismissedResponse, DismissedFlag>,
    DescribesJsonOf<typeof sectionVersionResponse, SectionVersionView>,
  ]
>;

const staleBase = 'The base version is stale; the answer carries the current text.';

export const sectionOperations = defineOperations([
  {
    method: 'PATCH',
    path: '/api/sections/{id}',
    tag: 'Sections',
    auth: 'session',
    summary: "Save a manual edit of a section's Markdown.",
    body: sectionEditBody,
    responses: { 200: '`{version}`.', 409: staleBase },
    responseBodies: { 200: sectionSavedResponse },
  },
  {
    method: 'POST',
    path: '/api/sections/{id}/rewrite',
    tag: 'Sections',
    auth: 'session',
    summary: 'Rewrite a range `[start, end)` (UTF-16 offsets) by an instruction.',
    body: rewriteBody,
    responses: {
      200: '`{applied: true, version, body, range}`, or `{applied: false, proposalId, proposal, flags}` when the fact check flags it.',
      402: 'Not enough credits.',
      409: staleBase,
      429: 'Rate limit reached; `Retry-After` says when to try again.',
    },
    responseBodies: { 200: rewriteResponse },
  },
  {
    method: 'POST',
    path: '/api/sections/{id}/proposals/{proposalId}/accept',
    tag: 'Sections',
    auth: 'session',
    summary: 'Apply a pending rewrite proposal as a new version.',
    body: acceptProposalBody,
    responses: { 200: '`{applied: true, version, body, range}`.', 409: staleBase },
    responseBodies: { 200: appliedRewriteResponse },
  },
  {
    method: 'POST',
    path: '/api/sections/{id}/proposals/{proposalId}/reject',
    tag: 'Sections',
    auth: 'session',
    summary: 'Reject a pending rewrite proposal; the section is not touched.',
    responses: { 200: '`{proposalId, status: "rejected"}`.', 409: 'The proposal was already decided.' },
    responseBodies: { 200: proposalRejectedResponse },
  },
  {
    method: 'POST',
    path: '/api/sections/{id}/flags/dismiss',
    tag: 'Sections',
    auth: 'session',
    summary: 'Dismiss a fact-check flag with a reason; who and why are kept, and the token counts as allowed material of the section.',
    body: dismissFlagBody,
    responses: {
      200: '`{token, reason, flags, status}`: the flags left and the section status.',
      404: 'No such section, or it has no flag with this token.',
      429: 'Rate limit reached; `Retry-After` says when to try again.',
    },
    responseBodies: { 200: flagDismissedResponse },
  },
  {
    method: 'GET',
    path: '/api/sections/{id}/versions',
    tag: 'Sections',
    auth: 'session',
    summary: "A section's versions, newest first.",
    query: sectionVersionsQuery,
    paged: true,
    responses: { 200: 'The versions.' },
    responseBodies: { 200: z.array(sectionVersionResponse) },
  },
  {
    method: 'POST',
    path: '/api/sections/{id}/restore',
    tag: 'Sections',
    auth: 'session',
    summary: 'Restore an old version as a new one (nothing is deleted).',
    body: restoreBody,
    responses: { 200: '`{version}` of the new version.', 409: staleBase },
    responseBodies: { 200: sectionSavedResponse },
  },
]);
