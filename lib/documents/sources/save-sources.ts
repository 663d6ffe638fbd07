import type { Tx } from '@/lib/db/client';
import type { ParsedSource } from './parse-source-file';

export interface SourceOwner {
  ownerId: string;
  /** set: the document's source; unset with chatId: waiting in the chat for start_document */
  documentId?: string;
  chatId?: string;
}

/** Saves parsed sources with their numbered paragraphs (pages for PDFs), in the caller's transaction; a link waits for research to read it. */
export async function saveSources(
  tx: Tx,
  owner: SourceOwner,
  sources: ParsedSource[],
): Promise<Array<{ id: string; title: string; kind: string }>> {
  const saved: Array<{ id: string; title: string; kind: string }> = [];
  for (const source of sources) {
    const row = await tx.source.create({
      data: {
        ownerId: owner.ownerId,
        documentId: owner.documentId ?? null,
        chatId: owner.chatId ?? null,
        kind: source.kind,
        title: source.title,
        unit: source.unit,
        url: source.url ?? null,
        status: source.unreadReason ? 'failed' : source.kind === 'url' ? 'pending' : 'read',
        reason: source.unreadReason ?? null,
      },
      select: { id: true, title: true, kind: true },
    });
    if (source.paragraphs.length > 0) {
      await tx.sourceParagraph.createMany({ data: source.paragraphs.map((text, i) => ({ sourceId: row.id, number: i + 1, text })) });
    }
    saved.push(row);
  }
  return saved;
}

/** Files attached in a chat before the document existed become the new document's sources. */
export async function adoptChatSources(tx: Tx, chatId: string, ownerId: string, documentId: string): Promise<number> {
  const adopted = await tx.source.updateMany({ where: { chatId, ownerId, documentId: null }, data: { documentId } });
  return adopted.count;
}
