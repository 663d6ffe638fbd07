import { z } from 'zod';
import type { getWallet } from '@/lib/billing/wallet';
import type { listCredits, listLedger, toCallView } from '@/lib/billing/ledger-view';
import { defineOperations } from '@/lib/http/openapi/api-operation';
import { pageQuery } from '@/lib/http/paging';
import type { AllTrue, DescribesJsonOf, ResultOf } from './json-shape';

/**
 * The wallet and ledger routes' request schemas (app/api/wallet, app/api/ledger)
 * and how the API document describes them; lib/http/openapi/ turns the same
 * schemas into the OpenAPI document.
 */

export const ledgerQuery = pageQuery.extend({
  chatId: z.string().max(100).optional(),
  documentId: z.string().max(100).optional(),
  status: z.enum(['reserved', 'settled', 'refunded']).optional(),
});

/** GET /api/credits: only the page. */
export const ownCreditsQuery = pageQuery;

export const walletResponse = z.strictObject({ balanceMicros: z.number().int(), reservedMicros: z.number().int() });

/** One upstream call under a ledger entry (and, for staff, under a chat answer). */
export const modelCallResponse = z.strictObject({
  model: z.string(),
  purpose: z.string().meta({ description: 'answer, tool_round, continuation, summary, plan, research, write…' }),
  status: z.string().meta({ description: 'reserved, charged or refunded' }),
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  reasoningTokens: z.number().int(),
  estimated: z.boolean().meta({ description: 'The endpoint reported no usage: the tokens are counted here.' }),
  costMicros: z.number().int(),
  finishReason: z.string().nullable(),
  error: z.string().nullable(),
});

export const ledgerEntryResponse = z.strictObject({
  id: z.string(),
  userId: z.string(),
  userEmail: z.string().nullable(),
  chatTitle: z.string().nullable().meta({ description: 'null once the chat is deleted' }),
  documentTitle: z.string().nullable(),
  turnId: z.string().nullable(),
  jobId: z.string().nullable(),
  chatId: z.string().nullable(),
  documentId: z.string().nullable(),
  messageId: z.string().nullable(),
  status: z.string().meta({ description: 'reserved, settled or refunded' }),
  reservedMicros: z.number().int(),
  chargedMicros: z.number().int(),
  createdAt: z.iso.datetime(),
  calls: z.array(modelCallResponse),
  web: z.strictObject({ searches: z.number().int(), pagesRead: z.number().int() }).meta({
    description:
      "A chat turn's web_search work: searches sent to the search provider and pages fetched (0 when answered from the chat's kept results).",
  }),
});

/** A top-up: a ledger's credit line. */
export const creditGrantResponse = z.strictObject({
  id: z.string(),
  userId: z.string(),
  userEmail: z.string().nullable(),
  amountMicros: z.number().int(),
  reason: z.string(),
  grantedByEmail: z.string().nullable(),
  createdAt: z.iso.datetime(),
});

export type BillingResponseChecks = AllTrue<
  [
    DescribesJsonOf<typeof walletResponse, ResultOf<typeof getWallet>>,
    DescribesJsonOf<typeof modelCallResponse, ReturnType<typeof toCallView>>,
    DescribesJsonOf<typeof ledgerEntryResponse, ResultOf<typeof listLedger>['items'][number]>,
    DescribesJsonOf<typeof creditGrantResponse, ResultOf<typeof listCredits>['items'][number]>,
  ]
>;

export const billingOperations = defineOperations([
  {
    method: 'GET',
    path: '/api/wallet',
    tag: 'Billing',
    auth: 'session',
    summary: "The caller's balance and what is reserved for live work.",
    responses: { 200: '`{balanceMicros, reservedMicros}`.' },
    responseBodies: { 200: walletResponse },
  },
  {
    method: 'GET',
    path: '/api/ledger',
    tag: 'Billing',
    auth: 'session',
    summary: "The caller's ledger: one entry per chat turn or pipeline step, with its model calls.",
    query: ledgerQuery,
    paged: true,
    responses: { 200: 'The entries, newest first.' },
    responseBodies: { 200: z.array(ledgerEntryResponse) },
  },
  {
    method: 'GET',
    path: '/api/credits',
    tag: 'Billing',
    auth: 'session',
    summary: "The caller's top-ups with their reasons: the credit lines of their ledger.",
    query: ownCreditsQuery,
    paged: true,
    responses: { 200: 'The top-ups, newest first.' },
    responseBodies: { 200: z.array(creditGrantResponse) },
  },
]);
