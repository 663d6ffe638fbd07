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
}

/**
 * A section's facts in citation order. Deterministic, so the writer's prompt,
 * the fact check and the export's footnotes all agree on what `[^n]` means.
 */
export async function numberedFacts(db: Db | Tx, sectionId: string): Promise<NumberedFact[]> {
  const facts = await db.fact.findMany({
    where: { sectionId },
    orderBy: [{ round: 'asc' }, { createdAt: 'asc' }, { normalized: 'asc' }],
    take: FACTS_PER_SECTION,
    select: { text: true, sourceId: true, paragraph: true },
  });
  return facts.map((f, i) => ({ marker: i + 1, ...f }));
}
