import { labelledLine } from '../conversation';
import { detectLanguage } from '../language';
import { hashText, pick, seededOrder } from '../seeded';
import type { Language } from '../types';
import { HALLUCINATED_SENTENCE, shouldHallucinate } from './hallucination';
import { SECTION_PROSE, type SectionProse } from './section-prose';
import type { ServiceTask } from './service-task';
import { taskInput } from './task-input';

const FACT_LINE = /^\s*\[\^(\d+)\]\s*(.+?)\s*$/gmu;

interface Fact {
  marker: string;
  text: string;
}

/** A fact restated verbatim with its citation marker before the final punctuation. */
function cite(fact: Fact, language: Language): string {
  const match = /^(.*?)([.!?。！？]*)$/su.exec(fact.text.trim());
  const body = match?.[1] ?? fact.text;
  const punctuation = match?.[2] || (language === 'zh' ? '。' : '.');
  return `${body}[^${fact.marker}]${punctuation}`;
}

/** A table cell holds one line, and `|` would end the cell. */
function cell(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/\|/g, '/');
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/**
 * `Section`, `Brief` and `[^n] fact` lines → a section that reads like a real
 * report's: an opening paragraph, the first facts with prose around them,
 * the rest as a table or a list, a discussion paragraph and a closing line.
 * Deterministic: the same input gives the same text, and the section title
 * seeds which variants it uses, so sections of one report differ. Only the
 * facts carry figures and names (section-prose.ts).
 */
export const writeSection: ServiceTask = {
  name: 'write-section',
  reply: (context) => {
    const input = taskInput(context);
    const facts = [...input.matchAll(FACT_LINE)].map(([, marker, text]): Fact => ({ marker, text }));
    const brief = (labelledLine(input, 'Brief') ?? '').replace(/[.。]\s*$/u, '');
    const seed = `${labelledLine(input, 'Section') ?? ''}|${brief}`;
    const language = detectLanguage(facts.map((f) => f.text).join(' ') || brief || input);
    const prose = SECTION_PROSE[language];
    const join = (sentences: string[]) => sentences.join(language === 'zh' ? '' : ' ');
    const choose = (pool: string[], keyFact: string) => pick(pool, `${seed}#${keyFact}`);

    const opening = brief ? choose(prose.opening, 'opening').replace('{brief}', lowerFirst(brief)) : '';
    const first = join([opening, choose(prose.approach, 'approach')].filter(Boolean));
    const blocks = [shouldHallucinate(context) ? join([first, HALLUCINATED_SENTENCE[language]]) : first];
    if (facts.length === 0) {
      blocks.push(prose.noFacts, prose.checklistLead, prose.checklist.map((item) => `- ${item}`).join('\n'));
    } else {
      const lead = facts.slice(0, 2);
      blocks.push(
        join([
          choose(prose.evidenceLead, 'lead'),
          ...lead.map((f) => cite(f, language)),
          ...(lead.length > 1 ? [choose(prose.evidenceLink, 'link')] : []),
        ]),
      );
      blocks.push(...restOfFacts(facts.slice(2), prose, seed, language));
      blocks.push(join(seededOrder(prose.discussion, `${seed}#discussion`).slice(0, 2)));
    }
    blocks.push(choose(prose.closing, 'closing'));
    return blocks.join('\n\n');
  },
};

/** Three or more further facts make a table with a remark per finding, on every other section; otherwise a list. */
function restOfFacts(rest: Fact[], prose: SectionProse, seed: string, language: Language): string[] {
  if (rest.length === 0) return [];
  // a high bit of the hash: FNV's lowest bit is only the parity of the characters' lowest bits
  const asTable = rest.length >= 3 && ((hashText(`${seed}#shape`) >>> 16) & 1) === 1;
  if (!asTable) return [pick(prose.listLead, `${seed}#list`), rest.map((f) => `- ${cite(f, language)}`).join('\n')];
  const remarks = seededOrder(prose.tableRemark, `${seed}#remarks`);
  const rows = rest.map((f, i) => `| ${cell(cite(f, language))} | ${remarks[i % remarks.length]} |`);
  return [
    pick(prose.tableLead, `${seed}#table`),
    [`| ${prose.tableHead[0]} | ${prose.tableHead[1]} |`, '| --- | --- |', ...rows].join('\n'),
  ];
}
