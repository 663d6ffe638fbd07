import type { Db } from '@/lib/db/client';
import { AppError } from '@/lib/http/errors';
import { numberedFacts } from '../facts';

/** A document ready to export: sections with their citation markers renumbered document-wide. */
export interface ExportedDocument {
  title: string;
  type: string | null;
  summary: string | null;
  sections: Array<{ position: number; title: string; body: string; flagged: boolean }>;
  /** footnote k (1-based) is footnotes[k-1] */
  footnotes: Array<{ sourceTitle: string; unit: 'paragraph' | 'page'; number: number; fact: string; url: string | null }>;
}

const MARKER = /\[\^(\d+)\]/g;

/**
 * Gathers the stored sections and turns each section's own `[^n]` (its n-th
 * fact) into a document-wide footnote number; the same fact cited twice gets
 * one footnote. A marker with no fact behind it is dropped from the export.
 */
export async function loadExport(db: Db, documentId: string): Promise<ExportedDocument> {
  const document = await db.document.findUnique({
    where: { id: documentId },
    include: { sections: { orderBy: { position: 'asc' } }, sources: { select: { id: true, title: true, unit: true, url: true } } },
  });
  if (!document) throw new AppError('not_found', 'Document not found.');
  const sources = new Map(document.sources.map((s) => [s.id, s]));
  const footnotes: ExportedDocument['footnotes'] = [];
  const footnoteKeys = new Map<string, number>();
  const sections: ExportedDocument['sections'] = [];
  for (const section of document.sections) {
    const facts = await numberedFacts(db, section.id);
    const body = section.body.replace(MARKER, (_, n: string) => {
      const fact = facts[Number(n) - 1];
      if (!fact) return '';
      const key = `${fact.sourceId}#${fact.paragraph}#${fact.text}`;
      let number = footnoteKeys.get(key);
      if (number === undefined) {
        const source = sources.get(fact.sourceId);
        footnotes.push({
          sourceTitle: source?.title ?? 'Source',
          unit: source?.unit === 'page' ? 'page' : 'paragraph',
          number: fact.paragraph,
          fact: fact.text,
          url: source?.url ?? null,
        });
        number = footnotes.length;
        footnoteKeys.set(key, number);
      }
      return `[^${number}]`;
    });
    sections.push({ position: section.position, title: section.title, body, flagged: section.status === 'flagged' });
  }
  return { title: document.title || 'Untitled document', type: document.type, summary: document.summary, sections, footnotes };
}

export function footnoteText(f: ExportedDocument['footnotes'][number]): string {
  return `${f.sourceTitle}, ${f.unit} ${f.number}: “${f.fact}”`;
}
