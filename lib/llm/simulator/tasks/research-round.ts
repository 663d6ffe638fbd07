import { labelledLine } from '../conversation';
import { sentencesOf } from '../phrasing';
import { hashText, seededOrder } from '../seeded';
import type { ServiceTask } from './service-task';
import { taskInput } from './task-input';

export interface ResearchFact {
  text: string;
  sourceId: string;
  paragraph: number;
}

const SOURCE_LINE = /^\s*\[([^\]#\s]+)#(\d+)\]\s*(.+?)\s*$/gmu;

/** Every sentence of every source paragraph, with where it came from. */
function candidateFacts(input: string): ResearchFact[] {
  const seen = new Set<string>();
  const facts: ResearchFact[] = [];
  for (const [, sourceId, paragraph, text] of input.matchAll(SOURCE_LINE)) {
    for (const sentence of sentencesOf(text)) {
      if (sentence.length < 12 || seen.has(sentence)) continue;
      seen.add(sentence);
      facts.push({ text: sentence, sourceId, paragraph: Number(paragraph) });
    }
  }
  return facts;
}

function relevance(fact: ResearchFact, section: string): number {
  const words = section
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 3);
  const text = fact.text.toLowerCase();
  return words.filter((w) => text.includes(w)).length;
}

/**
 * 2–3 sentences taken verbatim from the sources. Different rounds pick
 * different sentences, as a real model does when asked again: the
 * candidates are ordered once per section (most relevant first), and each
 * round reads the next window of that order.
 */
export const researchRound: ServiceTask = {
  name: 'research-round',
  reply: (context) => {
    const input = taskInput(context);
    const section = labelledLine(input, 'Section') ?? '';
    const round = Math.max(1, Number.parseInt(labelledLine(input, 'Round') ?? '1', 10) || 1);
    const ordered = seededOrder(candidateFacts(input), `section:${section}`).sort((a, b) => relevance(b, section) - relevance(a, section));
    const count = Math.min(ordered.length, 2 + (hashText(`${section}#${round}`) % 2));
    const start = ordered.length === 0 ? 0 : ((round - 1) * 3) % ordered.length;
    const facts = Array.from({ length: count }, (_, i) => ordered[(start + i) % ordered.length]);
    return JSON.stringify({ facts });
  },
};
