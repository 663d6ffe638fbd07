import type { Json } from '@/components/api/api-types';
import type { DocumentListItem, DocumentView } from '@/lib/documents/document-view';
import type { listMembers } from '@/lib/documents/members';
import type { RewriteFlag } from '@/lib/documents/sections/rewrite/check-replacement';

/** GET /api/documents/:id and GET /api/documents, as the browser receives them. */
export type DocumentJson = Json<DocumentView>;
export type DocumentSectionJson = DocumentJson['sections'][number];
export type DocumentListItemJson = Json<DocumentListItem>;

/** GET /api/documents/:id/members: one person the owner shared the document with. */
export type DocumentMemberJson = Json<Awaited<ReturnType<typeof listMembers>>[number]>;

/** A fact-check finding (a section's flags, a held-back rewrite's): offsets into the text it was found in. */
export type FactFlagJson = Json<RewriteFlag>;

/** Statuses after which the job changes no more by itself: polling stops. */
export const RESTING_STATUSES = ['awaiting_answers', 'paused', 'done', 'cancelled', 'failed'];
