import type { Db, Tx } from '@/lib/db/client';

/** Facts compare case-, space- and punctuation-insensitively: the same sentence found twice is one fact. */
export function normalizeFact(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\p{P}]+/gu, ' ')
    .trim();
}

/** How many facts a section is written from: enough to ground it, few enough to keep the prompt flat. */
export const FACTS_PER_SECTION = 12;

export interface NumberedFact {
  /** the `[^n]` marker the section cites it with */
  marker: number;
  text: string;
  sourceId: string;
  paragraph: number;
  /** the exact sentence of the source the fact was taken from */
  quote: string;
}

const FACT_ORDER = [{ round: 'asc' as const }, { createdAt: 'asc' as const }, { normalized: 'asc' as const }];

/**
 * A section's facts in citation order. Deterministic, so the writer's prompt,
 * the fact check and the export's footnotes all agree on what `[^n]` means.
 */
export async function numberedFacts(db: Db | Tx, sectionId: string): Promise<NumberedFact[]> {
  const facts = await db.fact.findMany({
    where: { sectionId },
    orderBy: FACT_ORDER,
    take: FACTS_PER_SECTION,
    select: { text: true, sourceId: true, paragraph: true, quote: true },
  });
  return facts.map((f, i) => ({ marker: i + 1, ...f }));
}

/** numberedFacts for every section of a document in one query (the document view polls it). */
export async function numberedFactsOfDocument(db: Db | Tx, documentId: string): Promise<Map<string, NumberedFact[]>> {
  const facts = await db.fact.findMany({
    where: { documentId },
    orderBy: FACT_ORDER,
    select: { sectionId: true, text: true, sourceId: true, paragraph: true, quote: true },
  });
  const bySection = new Map<string, NumberedFact[]>();
  for (const { sectionId, ...fact } of facts) {
    const list = bySection.get(sectionId) ?? [];
    if (list.length < FACTS_PER_SECTION) list.push({ marker: list.length + 1, ...fact });
    bySection.set(sectionId, list);
  }
  return bySection;
}

/**
 * The sentence of the cited paragraph a fact came from, verbatim, so a reader
 * can find it in the source: the one sharing most words with the fact (a
 * model may trim or reword it). Code picks it, never the model.
 */
export function quoteFor(fact: string, paragraph: string): string {
  // a sentence ends at . ! ? before a space (so 13.5 stays one number) or at CJK end punctuation
  const sentences = paragraph
    .split(/(?<=[.!?])\s+|(?<=[。！？])/u)
    .map((s) => s.trim())
    .filter(Boolean);
  if (sentences.length === 0) return paragraph.trim();
  const wanted = normalizeFact(fact);
  const exact = sentences.find((s) => normalizeFact(s).includes(wanted));
  if (exact) return exact;
  // shared figures weigh most (they are what a reader checks), then shared words; short words do not count
  const weight = (word: string) => (/\d/.test(word) ? 2 : word.length > 3 ? 1 : 0);
  const words = new Set(wanted.split(' '));
  let best = sentences[0];
  let bestScore = -1;
  for (const sentence of sentences) {
    const score = [...new Set(normalizeFact(sentence).split(' '))].filter((w) => words.has(w)).reduce((sum, w) => sum + weight(w), 0);
    if (score > bestScore) [best, bestScore] = [sentence, score];
  }
  return best;
}
