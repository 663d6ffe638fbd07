import { z } from 'zod';
import { defineOperations } from '@/lib/http/openapi/api-operation';
import { pageQuery } from '@/lib/http/paging';
import { INVITE_DAYS_MAX, type createInvite, type InviteView } from '@/lib/auth/invites';
import type { listTranscripts } from '@/lib/chat/transcripts';
import { creditGrantResponse, ledgerEntryResponse } from './billing';
import { chatViewQuery } from './chat';
import { chatMessageResponse, chatViewResponse } from './chat-responses';
import type { AllTrue, DescribesJsonOf, ResultOf } from './json-shape';

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

/** GET /api/staff/invites: only the page. */
export const invitesQuery = pageQuery;

export const staffLedgerQuery = pageQuery.extend({ user: z.string().max(200).optional() });

/** GET /api/staff/credits: one user's top-ups (by email), or everyone's. */
export const creditsQuery = pageQuery.extend({ user: z.string().max(200).optional() });

export const transcriptsQuery = pageQuery.extend({
  status: z.enum(['stopped', 'truncated', 'error']).optional(),
  model: z.string().max(200).optional(),
  user: z.string().max(200).optional(),
  from: z.coerce.date().optional(),
  to: z.coerce.date().optional(),
});

export const creditsGrantedResponse = z.strictObject({
  ok: z.literal(true),
  grantId: z.string(),
  amountMicros: z.number().int(),
  replayed: z.boolean().meta({ description: 'true when an earlier request with the same key made the grant' }),
});

const person = z.strictObject({ name: z.string(), email: z.string() });

export const inviteResponse = z.strictObject({
  id: z.string(),
  email: z.string().nullable().meta({ description: 'When set, only this address may sign up with it.' }),
  status: z.enum(['active', 'used', 'revoked', 'expired']),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  revokedAt: z.iso.datetime().nullable(),
  createdBy: person,
  usedBy: person.extend({ at: z.iso.datetime() }).nullable(),
});

export const inviteCreatedResponse = z.strictObject({
  invite: inviteResponse,
  link: z.string().meta({ description: 'The sign-up link; the server keeps only its hash.' }),
  mailed: z.boolean(),
});

export const transcriptRowResponse = z.strictObject({
  chatId: z.string(),
  user: z.string().meta({ description: "The owner's email." }),
  title: z.string(),
  status: z.string(),
  lastMessageAt: z.iso.datetime(),
  statuses: z
    .strictObject({ stopped: z.number().int(), truncated: z.number().int(), error: z.number().int() })
    .meta({ description: 'How many answers ended each way.' }),
});

export type StaffResponseChecks = AllTrue<
  [
    DescribesJsonOf<typeof inviteResponse, InviteView>,
    DescribesJsonOf<typeof inviteResponse, ResultOf<typeof createInvite>['invite']>,
    DescribesJsonOf<typeof transcriptRowResponse, ResultOf<typeof listTranscripts>['items'][number]>,
  ]
>;

/** `GET /api/staff/transcripts/:chatId/messages`: only the page to read. */
export const transcriptMessagesQuery = pageQuery;

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
    responses: {
      201: '`{ok, grantId, amountMicros, replayed: false}`.',
      200: 'A replay: the first grant, nothing more added.',
      409: 'The idempotency key was already used for a different top-up.',
    },
    responseBodies: { 200: creditsGrantedResponse, 201: creditsGrantedResponse },
  },
  {
    method: 'GET',
    path: '/api/staff/credits',
    tag: 'Staff',
    auth: 'staff',
    summary: "Top-ups with their reasons and who made them: one user's (by email) or everyone's.",
    query: creditsQuery,
    paged: true,
    responses: { 200: 'The top-ups, newest first.' },
    responseBodies: { 200: z.array(creditGrantResponse) },
  },
  {
    method: 'GET',
    path: '/api/staff/invites',
    tag: 'Staff',
    auth: 'staff',
    summary: 'Every invite, newest first, with who made it and who used it.',
    query: invitesQuery,
    paged: true,
    responses: { 200: 'The invites.' },
    responseBodies: { 200: z.array(inviteResponse) },
  },
  {
    method: 'POST',
    path: '/api/staff/invites',
    tag: 'Staff',
    auth: 'staff',
    summary: 'Make a sign-up link for one new account (mailed when an email is given).',
    body: inviteBody,
    responses: { 201: '`{invite, link, mailed}`; the link is in this answer only.' },
    responseBodies: { 201: inviteCreatedResponse },
  },
  {
    method: 'DELETE',
    path: '/api/staff/invites/{id}',
    tag: 'Staff',
    auth: 'staff',
    summary: 'Revoke an invite that has not made an account yet (idempotent).',
    responses: { 200: 'The revoked invite.', 409: 'The invite was already used.' },
    responseBodies: { 200: inviteResponse },
  },
  {
    method: 'GET',
    path: '/api/staff/ledger',
    tag: 'Staff',
    auth: 'staff',
    summary: "Any person's ledger (by email), or everyone's.",
    query: staffLedgerQuery,
    paged: true,
    responses: { 200: 'The entries, newest first.' },
    responseBodies: { 200: z.array(ledgerEntryResponse) },
  },
  {
    method: 'GET',
    path: '/api/staff/transcripts',
    tag: 'Staff',
    auth: 'staff',
    summary: 'Chats to review, filtered by answer status, model, person and dates; newest activity first.',
    query: transcriptsQuery,
    paged: true,
    responses: { 200: 'The transcripts.' },
    responseBodies: { 200: z.array(transcriptRowResponse) },
  },
  {
    method: 'GET',
    path: '/api/staff/transcripts/{chatId}',
    tag: 'Staff',
    auth: 'staff',
    summary: "Any person's chat, read-only; with `around`, opened at that message (a stopped answer far back).",
    query: chatViewQuery,
    responses: { 200: "The chat, with each answer's model calls.", 404: 'No such chat, or the `around` message is not in it.' },
    responseBodies: { 200: chatViewResponse },
  },
  {
    method: 'GET',
    path: '/api/staff/transcripts/{chatId}/messages',
    tag: 'Staff',
    auth: 'staff',
    summary:
      "A page of any person's chat messages, newest first, with each answer's model calls: the transcript's `olderPage` reads further back.",
    query: transcriptMessagesQuery,
    paged: true,
    responses: { 200: 'The messages.' },
    responseBodies: { 200: z.array(chatMessageResponse) },
  },
]);
