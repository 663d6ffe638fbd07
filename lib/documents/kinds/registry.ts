import { article } from './article';
import type { DocumentType } from './document-type';
import { manual } from './manual';
import { proposal } from './proposal';
import { report } from './report';

export type { DocumentType };

/** Every document type; adding one is one module and one line here. The first is the fallback. */
export const DOCUMENT_TYPES: readonly DocumentType[] = [report, proposal, article, manual];

export function findDocumentType(key: string | null | undefined): DocumentType {
  return DOCUMENT_TYPES.find((t) => t.key === key?.trim().toLowerCase()) ?? DOCUMENT_TYPES[0];
}
