import { z } from 'zod';
import { defineOperations } from '@/lib/http/openapi/api-operation';
import { pageQuery } from '@/lib/http/paging';
import { INVITE_DAYS_MAX, type createInvite, type InviteView } from '@/lib/auth/invites';
import type { listTranscripts } from '@/lib/chat/transcripts';
import type { arenaSummary } from '@/lib/chat/compare/arena';
import type { PersonView } from '@/lib/auth/deactivation';
import { AUDIT_ACTIONS } from '@/lib/audit/audit-log';
import { AUDIT_EXPORT_MAX_ROWS, type listAudit } from '@/lib/audit/audit-list';
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

/** GET /api/staff/arena: the period whose marks are counted. */
export const arenaQuery = z.object({
  from: z.coerce.date().optional().meta({ description: 'Marks made at or after this time (ISO 8601).' }),
  to: z.coerce.date().optional().meta({ description: 'Marks made at or before this time (ISO 8601).' }),
});

export const arenaResponse = z.strictObject({
  rounds: z.number().int().meta({ description: 'Side-by-side rounds whose better answer was marked in the period.' }),
  models: z
    .array(
      z.strictObject({
        model: z.string(),
        rounds: z.number().int().meta({ description: 'Marked rounds it answered in.' }),
        wins: z.number().int().meta({ description: 'Of those, how often its answer was marked better.' }),
        averageCostMicros: z.number().meta({ description: 'Mean cost of its answers in those rounds (micro-USD).' }),
        averageOutputTokens: z.number(),
        medianFirstTokenMs: z.number().nullable().meta({ description: 'Median time to its first word (null: none measured).' }),
      }),
    )
    .meta({ description: 'Highest share of wins first.' }),
  pairings: z
    .array(z.strictObject({ winner: z.string(), loser: z.string(), count: z.number().int() }))
    .meta({ description: 'How often one model was marked better than another when both answered, most often first.' }),
});

/** The audit log's filters, shared by the list and its CSV export. */
export const auditFilterQuery = z.object({
  action: z.enum(AUDIT_ACTIONS).optional().meta({ description: 'Only this kind of act.' }),
  actor: z.string().max(200).optional().meta({ description: "The actor's email or part of it." }),
  from: z.coerce.date().optional().meta({ description: 'Rows at or after this time (ISO 8601).' }),
  to: z.coerce.date().optional().meta({ description: 'Rows at or before this time (ISO 8601).' }),
});

/** GET /api/staff/audit */
export const auditQuery = pageQuery.extend(auditFilterQuery.shape);

/** GET /api/staff/audit/export */
export const auditExportQuery = auditFilterQuery.extend({ format: z.enum(['csv']).default('csv') });

export const auditEventResponse = z.strictObject({
  id: z.string(),
  at: z.iso.datetime(),
  action: z.string().meta({ description: `One of ${AUDIT_ACTIONS.map((a) => `\`${a}\``).join(', ')}.` }),
  actorId: z.string().nullable().meta({ description: 'null when no signed-in person acted (a sign-in burst, STAFF_EMAILS).' }),
  actorEmail: z.string().nullable().meta({ description: "The actor's email when they acted (kept after the account changes or goes)." }),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  targetLabel: z.string().nullable().meta({ description: 'The target as it read at the time: an email, a chat title.' }),
  address: z.string().nullable().meta({ description: 'The client address, as established under TRUST_PROXY.' }),
  detail: z.record(z.string(), z.unknown()).nullable(),
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
    DescribesJsonOf<typeof auditEventResponse, ResultOf<typeof listAudit>['items'][number]>,
    DescribesJsonOf<typeof arenaResponse, ResultOf<typeof arenaSummary>>,
  ]
>;

/** GET /api/staff/people: every account, or those whose address contains `email`. */
export const peopleQuery = pageQuery.extend({
  email: z.string().max(254).optional().meta({ description: 'Only accounts whose email contains this text.' }),
});

export const personResponse = z.strictObject({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['user', 'staff']),
  createdAt: z.iso.datetime(),
  deactivatedAt: z.iso.datetime().nullable().meta({ description: 'Set while the account is deactivated.' }),
});

export type PeopleResponseChecks = AllTrue<[DescribesJsonOf<typeof personResponse, PersonView>]>;

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
  {
    method: 'GET',
    path: '/api/staff/arena',
    tag: 'Staff',
    auth: 'staff',
    summary: "The deployment's own model comparison: how often each model's answer was marked better in side-by-side rounds.",
    description:
      'Counts the rounds whose better answer a person marked (PUT /api/chats/{id}/messages/{messageId}/better) in the period, all time by default: per model its rounds, wins, mean cost and output tokens and median time to the first word, and who beat whom.',
    query: arenaQuery,
    responses: { 200: 'The summary.' },
    responseBodies: { 200: arenaResponse },
  },
  {
    method: 'GET',
    path: '/api/staff/audit',
    tag: 'Staff',
    auth: 'staff',
    summary: 'The audit log: what staff did and where sign-in was refused in bursts, newest first, filtered by act, actor and time.',
    description:
      "Append-only: each staff act (credit grant, invite created or revoked, role change, transcript opened, another person's chat closed) and each burst of refused sign-ins is one row, written with the act.",
    query: auditQuery,
    paged: true,
    responses: { 200: 'The rows.' },
    responseBodies: { 200: z.array(auditEventResponse) },
  },
  {
    method: 'GET',
    path: '/api/staff/audit/export',
    tag: 'Staff',
    auth: 'staff',
    summary: `The filtered audit log as a CSV file (newest first, at most ${AUDIT_EXPORT_MAX_ROWS.toLocaleString('en')} rows), streamed.`,
    description:
      "Columns: `at, action, actor_email, actor_id, target_type, target_id, target, address, detail` (detail as JSON). UTF-8 with a byte order mark, CRLF lines. A cell that starts with `=`, `+`, `-` or `@` gets a leading `'` so a spreadsheet shows it as text. When more rows match than the file holds, the `X-Export-Truncated` header names the limit. Counts against the per-minute rate limit.",
    query: auditExportQuery,
    produces: 'text/csv',
    responses: { 200: 'The CSV file, as an attachment.', 429: 'Too many requests this minute.' },
  },
  {
    method: 'GET',
    path: '/api/staff/people',
    tag: 'Staff',
    auth: 'staff',
    summary: 'Every account, newest first, with its role and whether it is deactivated.',
    query: peopleQuery,
    paged: true,
    responses: { 200: 'The accounts.' },
    responseBodies: { 200: z.array(personResponse) },
  },
  {
    method: 'POST',
    path: '/api/staff/people/{id}/deactivation',
    tag: 'Staff',
    auth: 'staff',
    summary: 'Deactivate an account: its sessions end at once and it cannot sign in.',
    description:
      'Its chats, documents and credits stay. Deactivating twice changes nothing. Recorded in the audit log (`account_deactivated`). Staff cannot deactivate their own account (409).',
    responses: { 200: 'The account as now.', 404: 'No such account.', 409: 'Your own account.' },
    responseBodies: { 200: personResponse },
  },
  {
    method: 'DELETE',
    path: '/api/staff/people/{id}/deactivation',
    tag: 'Staff',
    auth: 'staff',
    summary: 'Reactivate an account: it can sign in again.',
    description: 'Recorded in the audit log (`account_reactivated`).',
    responses: { 200: 'The account as now.', 404: 'No such account.' },
    responseBodies: { 200: personResponse },
  },
]);
