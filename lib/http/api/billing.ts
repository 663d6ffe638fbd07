import { z } from 'zod';
import { defineOperations } from '@/lib/http/openapi/api-operation';

/**
 * The wallet and ledger routes' request schemas (app/api/wallet, app/api/ledger)
 * and how the API document describes them; lib/http/openapi/ turns the same
 * schemas into the OpenAPI document.
 */

export const ledgerQuery = z.object({
  chatId: z.string().max(100).optional(),
  documentId: z.string().max(100).optional(),
  status: z.enum(['reserved', 'settled', 'refunded']).optional(),
});

export const billingOperations = defineOperations([
  {
    method: 'GET',
    path: '/api/wallet',
    tag: 'Billing',
    auth: 'session',
    summary: "The caller's balance and what is reserved for live work.",
    responses: { 200: '`{balanceMicros, reservedMicros}`.' },
  },
  {
    method: 'GET',
    path: '/api/ledger',
    tag: 'Billing',
    auth: 'session',
    summary: "The caller's ledger: one entry per chat turn or pipeline step, with its model calls.",
    query: ledgerQuery,
    responses: { 200: 'The entries, newest first.' },
  },
]);
