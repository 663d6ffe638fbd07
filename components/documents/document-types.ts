import type { Json } from '@/components/api/api-types';
import type { DocumentListItem, DocumentView } from '@/lib/documents/document-view';

/** GET /api/documents/:id and GET /api/documents, as the browser receives them. */
export type DocumentJson = Json<DocumentView>;
export type DocumentSectionJson = DocumentJson['sections'][number];
export type DocumentListItemJson = Json<DocumentListItem>;

export interface FactFlagJson {
  token: string;
  kind: 'number' | 'date' | 'code' | 'name';
  start: number;
  end: number;
}

/** Statuses after which the job changes no more by itself: polling stops. */
export const RESTING_STATUSES = ['awaiting_answers', 'paused', 'done', 'cancelled', 'failed'];
