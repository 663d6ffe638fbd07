import { accountOperations } from '@/lib/http/api/account';
import { authOperations } from '@/lib/http/api/auth';
import { staffOperations } from '@/lib/http/api/staff';
import { billingOperations } from '@/lib/http/api/billing';
import { chatOperations } from '@/lib/http/api/chat';
import { instructionsOperations } from '@/lib/http/api/instructions';
import { documentOperations } from '@/lib/http/api/documents';
import { sectionOperations } from '@/lib/http/api/sections';
import { opsOperations } from '@/lib/http/api/ops';
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
  ...accountOperations,
  ...chatOperations,
  ...instructionsOperations,
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
