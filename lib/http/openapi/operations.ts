import { authOperations } from '@/lib/auth/auth-api';
import { staffOperations } from '@/lib/auth/staff-api';
import { billingOperations } from '@/lib/billing/billing-api';
import { chatOperations } from '@/lib/chat/chat-api';
import { documentOperations } from '@/lib/documents/documents-api';
import { sectionOperations } from '@/lib/documents/sections-api';
import { opsOperations } from '@/lib/ops/ops-api';
import type { ApiOperation } from './api-operation';

/**
 * Every documented operation, one module per domain: a new route adds its
 * operation to its domain's module (tests/http/openapi.test.ts fails until it does).
 *
 * Left out on purpose: the built-in model simulator (app/api/simulator/v1/[...path]).
 * It is internal, answering only this server's own model calls (they bear a key
 * derived from the auth secret), and only while no real model endpoint is set.
 */
export const API_OPERATIONS: readonly ApiOperation[] = [
  ...authOperations,
  ...chatOperations,
  ...documentOperations,
  ...sectionOperations,
  ...billingOperations,
  ...staffOperations,
  ...opsOperations,
];

/** The order tags appear in, in the document and on /docs/api. */
export const API_TAGS = [
  { name: 'Auth', description: 'Accounts and sessions: the email and password routes of better-auth.' },
  { name: 'Chats', description: 'Conversations with the models; answers stream.' },
  { name: 'Documents', description: 'Long documents: research, questions, sharing, sources and export.' },
  { name: 'Sections', description: "A document's sections: edits, rewrites, versions." },
  { name: 'Billing', description: 'Credits and what they were spent on.' },
  { name: 'Staff', description: 'For staff only: credits, invites, ledgers and transcripts.' },
  { name: 'Operations', description: 'Health, readiness, metrics and this description.' },
] as const;
