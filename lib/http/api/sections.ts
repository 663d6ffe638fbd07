import { z } from 'zod';
import { defineOperations } from '@/lib/http/openapi/api-operation';

/**
 * The section routes' request schemas (app/api/sections/**) and how the API
 * document describes each operation. The routes validate with these schemas;
 * lib/http/openapi/ turns the same ones into the OpenAPI document.
 */

export const sectionEditBody = z.object({ body: z.string().max(200_000), baseVersion: z.number().int().nonnegative() });

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
  },
  {
    method: 'POST',
    path: '/api/sections/{id}/proposals/{proposalId}/accept',
    tag: 'Sections',
    auth: 'session',
    summary: 'Apply a pending rewrite proposal as a new version.',
    body: acceptProposalBody,
    responses: { 200: '`{applied: true, version, body, range}`.', 409: staleBase },
  },
  {
    method: 'POST',
    path: '/api/sections/{id}/proposals/{proposalId}/reject',
    tag: 'Sections',
    auth: 'session',
    summary: 'Reject a pending rewrite proposal; the section is not touched.',
    responses: { 200: '`{proposalId, status: "rejected"}`.', 409: 'The proposal was already decided.' },
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
  },
  {
    method: 'GET',
    path: '/api/sections/{id}/versions',
    tag: 'Sections',
    auth: 'session',
    summary: "A section's versions, oldest first.",
    responses: { 200: 'The versions.' },
  },
  {
    method: 'POST',
    path: '/api/sections/{id}/restore',
    tag: 'Sections',
    auth: 'session',
    summary: 'Restore an old version as a new one (nothing is deleted).',
    body: restoreBody,
    responses: { 200: '`{version}` of the new version.', 409: staleBase },
  },
]);
