import type { Tx } from '@/lib/db/client';
import type { Prisma } from '@/lib/generated/prisma/client';

/**
 * The chat messages no model writes (docs/architecture.md, problem 4): the system posts
 * them with numbers read from the database, as `role: system, kind: event`,
 * `meta` carrying the same numbers for the UI.
 */
export type DocumentChatEvent =
  | { event: 'document_started'; documentId: string; title: string; sections: number }
  | { event: 'document_questions'; documentId: string; title: string; questions: Array<{ id: string; text: string }> }
  | { event: 'document_updated'; documentId: string; title: string; changes: SectionChange[] }
  | { event: 'document_done'; documentId: string; title: string; sections: number; words: number; seconds: number; flagged: number };

export interface SectionChange {
  sectionId: string;
  section: string;
  /** how it changed: a person's edit, a model revision, a restore of an older version */
  how: 'edited' | 'revised' | 'restored';
  version: number;
  wordsBefore: number;
  wordsAfter: number;
}

export async function postDocumentEvent(tx: Tx, chatId: string, event: DocumentChatEvent): Promise<string> {
  const message = await tx.message.create({
    data: { chatId, role: 'system', kind: 'event', text: describeEvent(event), status: 'complete', meta: JSON.parse(JSON.stringify(event)) as Prisma.InputJsonValue },
    select: { id: true, createdAt: true },
  });
  await tx.chat.update({ where: { id: chatId }, data: { lastMessageAt: message.createdAt } });
  return message.id;
}

export function describeEvent(event: DocumentChatEvent): string {
  switch (event.event) {
    case 'document_started':
      return `Started “${event.title}”: ${plural(event.sections, 'section')} planned. Research and writing are under way.`;
    case 'document_questions':
      return `Before writing “${event.title}”, a few questions:\n${event.questions.map((q, i) => `${i + 1}. ${q.text}`).join('\n')}`;
    case 'document_updated':
      return `Updated “${event.title}”: ${event.changes
        .map((c) => `${c.section} ${c.how} (version ${c.version}, ${c.wordsBefore} → ${c.wordsAfter} words)`)
        .join('; ')}.`;
    case 'document_done':
      return `Done: “${event.title}”, ${plural(event.sections, 'section')}, ${plural(event.words, 'word')}, in ${formatDuration(event.seconds)}${
        event.flagged > 0 ? `; ${plural(event.flagged, 'section')} flagged by the fact check` : ''
      }.`;
  }
}

export function countWords(text: string): number {
  const stripped = text.replace(/\[\^\d+\]/g, ' ');
  // Intl.Segmenter counts Chinese words too, which have no spaces between them
  let words = 0;
  for (const segment of new Intl.Segmenter(undefined, { granularity: 'word' }).segment(stripped)) if (segment.isWordLike) words++;
  return words;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function formatDuration(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s`;
  const minutes = Math.round(seconds / 60);
  return `${minutes} min`;
}
