import type { Db } from '@/lib/db/client';

export interface SourceParagraphRef {
  sourceId: string;
  number: number;
  text: string;
}

/** How much source text one research call may carry: the prompt stays bounded whatever was attached. */
export const MATERIAL_CHAR_BUDGET = 6_000;
const PARAGRAPH_CHAR_CAP = 1_200;

/**
 * The attached paragraphs most relevant to a section (shared words with its
 * title and brief), in document order, up to the budget. Research reads this,
 * never the whole library.
 */
export async function sectionMaterial(db: Db, documentId: string, about: string): Promise<SourceParagraphRef[]> {
  const paragraphs = await db.sourceParagraph.findMany({
    where: { source: { documentId } },
    orderBy: [{ source: { createdAt: 'asc' } }, { sourceId: 'asc' }, { number: 'asc' }],
    select: { sourceId: true, number: true, text: true },
  });
  const words = new Set(wordsOf(about));
  const scored = paragraphs.map((p, order) => ({ p, order, score: wordsOf(p.text).filter((w) => words.has(w)).length }));
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  const picked: typeof scored = [];
  let used = 0;
  for (const candidate of scored) {
    const size = Math.min(candidate.p.text.length, PARAGRAPH_CHAR_CAP);
    if (used + size > MATERIAL_CHAR_BUDGET) continue;
    picked.push(candidate);
    used += size;
  }
  return picked.sort((a, b) => a.order - b.order).map(({ p }) => ({ ...p, text: p.text.slice(0, PARAGRAPH_CHAR_CAP) }));
}

function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 3);
}
