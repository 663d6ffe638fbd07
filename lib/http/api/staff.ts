import { z } from 'zod';
import { defineOperations } from '@/lib/http/openapi/api-operation';
import { INVITE_DAYS_MAX } from '@/lib/auth/invites';

/**
 * The staff routes' request schemas (app/api/staff/**) and how the API document
 * describes each operation; lib/http/openapi/ turns the same schemas into the
 * OpenAPI document.
 */

export const idempotencyKey = z
  .string()
  .trim()
  .min(8, 'An idempotency key has at least 8 characters.')
  .max(200)
  .regex(/^[\x21-\x7e]+$/, 'An idempotency key is printable ASCII without spaces.');

export const creditsBody = z.object({
  email: z.string().email(),
  amountMicros: z.number().int().positive().max(1_000_000_000_000),
  reason: z.string().trim().min(1, 'Say why the credits are added.').max(500),
  idempotencyKey: idempotencyKey.optional(),
});

export const inviteBody = z.object({
  email: z
    .string()
    .trim()
    .email()
    .max(254)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  days: z.number().int().min(1).max(INVITE_DAYS_MAX).optional(),
});

export const staffLedgerQuery = z.object({ user: z.string().max(200).optional() });

/** GET /api/staff/credits: one user's top-ups (by email), or everyone's. */
export const creditsQuery = z.object({ user: z.string().max(200).optional() });

export const transcriptsQuery = z.object({
  status: z.enum(['stopped', 'truncated', 'error']).optional(),
  model: z.string().max(200).optional(),
  user: z.string().max(200).optional(),
  from: z.coerce.date().optional(),
  to: z.coerce.date().optional(),
});

export const staffOperations = defineOperations([
  {
    method: 'POST',
    path: '/api/staff/credits',
    tag: 'Staff',
    auth: 'staff',
    summary: "Top up a person's credits, logged with who did it.",
    description:
      'An `Idempotency-Key` header (or the `idempotencyKey` field) makes it safe to send twice: the second answer is 200 with the first grant.',
    body: creditsBody,
    responses: { 201: '`{ok, grantId, amountMicros, replayed: false}`.', 200: 'A replay: the first grant, nothing more added.' },
  },
  {
    method: 'GET',
    path: '/api/staff/credits',
    tag: 'Staff',
    auth: 'staff',
    summary: "Top-ups with their reasons and who made them: one user's (by email) or everyone's.",
    query: creditsQuery,
    responses: { 200: 'The top-ups, newest first.' },
  },
  {
    method: 'GET',
    path: '/api/staff/invites',
    tag: 'Staff',
    auth: 'staff',
    summary: 'Every invite, newest first, with who made it and who used it.',
    responses: { 200: 'The invites.' },
  },
  {
    method: 'POST',
    path: '/api/staff/invites',
    tag: 'Staff',
    auth: 'staff',
    summary: 'Make a sign-up link for one new account (mailed when an email is given).',
    body: inviteBody,
    responses: { 201: '`{invite, link, mailed}`; the link is in this answer only.' },
  },
  {
    method: 'DELETE',
    path: '/api/staff/invites/{id}',
    tag: 'Staff',
    auth: 'staff',
    summary: 'Revoke an invite that has not made an account yet (idempotent).',
    responses: { 200: 'The revoked invite.', 409: 'The invite was already used.' },
  },
  {
    method: 'GET',
    path: '/api/staff/ledger',
    tag: 'Staff',
    auth: 'staff',
    summary: "Any person's ledger (by email), or everyone's.",
    query: staffLedgerQuery,
    responses: { 200: 'The entries, newest first.' },
  },
  {
    method: 'GET',
    path: '/api/staff/transcripts',
    tag: 'Staff',
    auth: 'staff',
    summary: 'Chats to review, filtered by answer status, model, person and dates.',
    query: transcriptsQuery,
    responses: { 200: 'The transcripts.' },
  },
  {
    method: 'GET',
    path: '/api/staff/transcripts/{chatId}',
    tag: 'Staff',
    auth: 'staff',
    summary: "Any person's chat, read-only.",
    responses: { 200: 'The chat.' },
  },
]);
