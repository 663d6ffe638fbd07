import { z } from 'zod';
import { MAX_SOURCE_TEXT_CHARS, type ParsedSource, type SourceFile } from '../sources/parse-source-file';
import { MAX_SECTIONS } from '../pipeline/steps/plan-step';

/**
 * What a new document is asked with (POST /api/documents, JSON or multipart) and
 * what POST /api/documents/:id/sources adds as JSON. The routes validate with these
 * schemas; lib/http/read-document-request.ts reads the multipart form into them.
 */

export const sourceInput = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('text'),
    title: z.string().max(200).default('Pasted text'),
    content: z.string().min(1).max(MAX_SOURCE_TEXT_CHARS),
  }),
  z.object({ kind: z.literal('url'), url: z.string().url().max(2000) }),
]);

export const createFields = z.object({
  request: z.string().trim().min(3).max(4000),
  // an empty id names no chat: a 400, not a document tied to a chat that does not exist
  chatId: z.string().min(1, 'chatId names a chat; leave it out for none').max(100).optional(),
  allowPublicSources: z.boolean().optional(),
  budgetMicros: z.number().int().positive().max(1_000_000_000).optional(),
  /** how many sections to plan (default: the document type's template) */
  sectionCount: z.number().int().min(1).max(MAX_SECTIONS).optional(),
  model: z.string().max(200).optional(),
  sources: z.array(sourceInput).max(20).optional(),
});

export type DocumentRequestFields = z.infer<typeof createFields>;

/**
 * A document request as it arrived: pasted text is already split (cheap), but
 * attached files are still bytes. They are read (parseSourceFiles) only after
 * the session, rights, rate limit and wallet have been checked.
 */
export interface DocumentRequest extends Omit<DocumentRequestFields, 'sources'> {
  sources: ParsedSource[];
  files: SourceFile[];
  urls: string[];
}

/** POST /api/documents/:id/sources as JSON. */
export const addedSourcesBody = z.object({ sources: z.array(sourceInput).min(1).max(20) });
