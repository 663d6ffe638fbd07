import type { Db } from '@/lib/db/client';
import { AppError } from '@/lib/errors';
import { numberedFacts } from '../pipeline/research-facts';

/** A document ready to export: sections with their citation markers renumbered document-wide. */
export interface ExportedDocument {
  title: string;
  type: string | null;
  summary: string | null;
  sections: Array<{ position: number; title: string; body: string; flagged: boolean }>;
  /** footnote k (1-based) is footnotes[k-1] */
  footnotes: Array<{
    sourceTitle: string;
    unit: 'paragraph' | 'page';
    number: number;
    fact: string;
    quote: string;
    url: string | null;
    readAt: Date;
  }>;
  /** every source a footnote cites, once, in order of first citation */
  sources: Array<{ title: string; url: string | null; kind: string; readAt: Date }>;
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
    include: {
      sections: { orderBy: { position: 'asc' } },
      sources: { select: { id: true, title: true, unit: true, url: true, kind: true, fetchedAt: true, createdAt: true } },
    },
  });
  if (!document) throw new AppError('not_found', 'Document not found.');
  const sources = new Map(document.sources.map((s) => [s.id, s]));
  const footnotes: ExportedDocument['footnotes'] = [];
  const footnoteKeys = new Map<string, number>();
  const cited: ExportedDocument['sources'] = [];
  const citedIds = new Set<string>();
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
        const readAt = source?.fetchedAt ?? source?.createdAt ?? new Date(0);
        footnotes.push({
          sourceTitle: source?.title ?? 'Source',
          unit: source?.unit === 'page' ? 'page' : 'paragraph',
          number: fact.paragraph,
          fact: fact.text,
          quote: fact.quote || fact.text,
          url: source?.url ?? null,
          readAt,
        });
        if (source && !citedIds.has(source.id)) {
          citedIds.add(source.id);
          cited.push({ title: source.title, url: source.url, kind: source.kind, readAt });
        }
        number = footnotes.length;
        footnoteKeys.set(key, number);
      }
      return `[^${number}]`;
    });
    sections.push({ position: section.position, title: section.title, body, flagged: section.status === 'flagged' });
  }
  return {
    title: document.title || 'Untitled document',
    type: document.type,
    summary: document.summary,
    sections,
    footnotes,
    sources: cited,
  };
}

/** Words every export format writes around the text (exports are in English, as their footnotes are). */
export const EXPORT_LABELS = {
  factCheck: 'Fact check:',
  flagged: 'some figures or names in this section are not supported by its sources.',
  notes: 'Notes',
  worksCited: 'Works cited',
} as const;

/** A footnote a reader can check: where, and the exact sentence the fact was taken from. */
export function footnoteText(f: ExportedDocument['footnotes'][number]): string {
  return `${f.sourceTitle}, ${f.unit} ${f.number}: “${f.quote}”`;
}

/** `read 2026-11-30`: a web page changes, so a citation says when it was read. */
export function readOnText(readAt: Date): string {
  return `read ${readAt.toISOString().slice(0, 10)}`;
}
