import type { Db } from '@/lib/db/client';
import { MAX_SECTIONS } from '../pipeline/steps/plan-step';
import type { ParsedSource } from '../sources/parse-source-file';
import { adoptChatSources, saveSources } from '../sources/save-sources';

/** A document's budget when the request names none: plenty for a long report on the priced models. */
export const DEFAULT_DOCUMENT_BUDGET_MICROS = 2_000_000n;
export const DEFAULT_RESEARCH_ROUNDS = 2;

export interface NewDocument {
  ownerId: string;
  request: string;
  model: string;
  chatId?: string | null;
  allowPublicSources?: boolean;
  budgetMicros?: bigint;
  sectionCount?: number;
  researchRounds?: number;
  sources?: ParsedSource[];
  /** files attached in the chat before the request become this document's sources */
  adoptChatSources?: boolean;
}

/** The document, its queued job and its sources, in one transaction: a worker never sees half of it. */
export async function createDocument(db: Db, input: NewDocument): Promise<{ id: string; jobId: string }> {
  return db.$transaction(async (tx) => {
    const document = await tx.document.create({
      data: {
        ownerId: input.ownerId,
        chatId: input.chatId ?? null,
        request: input.request.trim(),
        model: input.model,
        sectionCount: input.sectionCount ? Math.min(MAX_SECTIONS, Math.max(1, input.sectionCount)) : null,
        allowPublicSources: input.allowPublicSources ?? false,
      },
      select: { id: true },
    });
    const job = await tx.documentJob.create({
      data: {
        documentId: document.id,
        budgetMicros: input.budgetMicros ?? DEFAULT_DOCUMENT_BUDGET_MICROS,
        researchRounds: input.researchRounds ?? DEFAULT_RESEARCH_ROUNDS,
      },
      select: { id: true },
    });
    await saveSources(tx, { ownerId: input.ownerId, documentId: document.id }, input.sources ?? []);
    if (input.chatId && input.adoptChatSources) await adoptChatSources(tx, input.chatId, input.ownerId, document.id);
    return { id: document.id, jobId: job.id };
  });
}
