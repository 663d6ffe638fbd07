import type { Tx } from '@/lib/db/client';
import { postChatEvent } from '@/lib/chat/chat-events';

/**
 * The chat messages no model writes (docs/architecture.md, problem 4): the system posts
 * them with numbers read from the database, as `role: system, kind: event`,
 * `meta` carrying the same numbers for the UI.
 */
export type DocumentChatEvent =
  | { event: 'document_started'; documentId: string; title: string; sections: number }
  | { event: 'document_questions'; documentId: string; title: string; questions: Array<{ id: string; text: string }> }
  | UpdatedEvent
  | { event: 'document_done'; documentId: string; title: string; sections: number; words: number; seconds: number; flagged: number };

/**
 * Updated: which sections changed, how, and who changed them. A person's
 * saves in one burst share one card (lib/documents/sections/edit-burst.ts): `saves`
 * counts them, `firstAt`/`lastAt` bound them. `by` is absent on cards
 * posted before it existed.
 */
export interface UpdatedEvent {
  event: 'document_updated';
  documentId: string;
  title: string;
  changes: SectionChange[];
  by?: UpdatedBy;
  saves?: number;
  firstAt?: string;
  lastAt?: string;
}

/** Who changed the document: a person, or the assistant at a person's request (then `name` is who asked). */
export interface UpdatedBy {
  userId: string | null;
  name: string;
  assistant: boolean;
}

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
  return postChatEvent(tx, chatId, { text: describeEvent(event), meta: { ...event } });
}

export function describeEvent(event: DocumentChatEvent): string {
  switch (event.event) {
    case 'document_started':
      return `Started “${event.title}”: ${plural(event.sections, 'section')} planned. Research and writing are under way.`;
    case 'document_questions':
      return `Before writing “${event.title}”, a few questions:\n${event.questions.map((q, i) => `${i + 1}. ${q.text}`).join('\n')}`;
    case 'document_updated':
      return `${updatedLead(event)}: ${event.changes
        .map((c) => `${c.section} ${c.how} (version ${c.version}, ${c.wordsBefore} → ${c.wordsAfter} words)`)
        .join('; ')}.`;
    case 'document_done':
      return `Done: “${event.title}”, ${plural(event.sections, 'section')}, ${plural(event.words, 'word')}, in ${formatDuration(event.seconds)}${
        event.flagged > 0 ? `; ${plural(event.flagged, 'section')} flagged by the fact check` : ''
      }.`;
  }
}

function updatedLead(event: UpdatedEvent): string {
  if (!event.by) return `Updated “${event.title}”`;
  if (event.by.assistant) return `The assistant revised “${event.title}” for ${event.by.name}`;
  const saves = (event.saves ?? 1) > 1 ? ` (${event.saves} saves)` : '';
  return `${event.by.name} edited “${event.title}”${saves}`;
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
