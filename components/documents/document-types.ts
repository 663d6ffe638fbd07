import type { z } from 'zod';
import type {
  documentListItemResponse,
  documentMemberResponse,
  documentSectionResponse,
  documentViewResponse,
} from '@/lib/http/api/documents-responses';
import type { rewriteFlagResponse } from '@/lib/http/api/sections';

/** GET /api/documents/:id and GET /api/documents, as the browser receives them. */
export type DocumentJson = z.infer<typeof documentViewResponse>;
export type DocumentSectionJson = z.infer<typeof documentSectionResponse>;
export type DocumentListItemJson = z.infer<typeof documentListItemResponse>;

/** GET /api/documents/:id/members: one person the owner shared the document with. */
export type DocumentMemberJson = z.infer<typeof documentMemberResponse>;

/** A fact-check finding (a section's flags, a held-back rewrite's): offsets into the text it was found in. */
export type FactFlagJson = z.infer<typeof rewriteFlagResponse>;

/** Statuses after which the job changes no more by itself: polling stops. */
export const RESTING_STATUSES = ['awaiting_answers', 'paused', 'done', 'cancelled', 'failed'];

/** GET /api/notifications, only the unread ones: the Documents page's "For you" list and its next pages. */
export const UNREAD_NOTIFICATIONS = '/api/notifications?unread=true';
