import { randomUUID } from 'node:crypto';
import { applyKeyFactUpdates } from '@/lib/chat/context/apply-key-fact-updates';
import { extractKeyFacts } from '@/lib/chat/context/extract-key-facts';
import type { ContextMessage } from '@/lib/chat/context/types';
import { composeTurnPrompt } from '@/lib/chat/turn/turn-prompt';
import type { Db } from '@/lib/db/client';
import type { ModelInfo } from '@/lib/llm/catalog';
import { messageSearchText } from '@/lib/text/segment';
import { KEY_FACT_EVAL, RECALL_EVAL, type EvalFacts } from './eval-set';

/**
 * Scores the evaluation set (eval-set.ts): precision and recall of the key facts per slot kind,
 * and how often a vague back-reference recalls the person's own earlier question. The facts are
 * read and applied as the chat route does; recall runs the route's own prompt builder on a real
 * database.
 */

export type SlotScore = { key: string; tp: number; fp: number; fn: number; precision: number; recall: number };
export type KeyFactMiss = { lang: string; text: string; expected: Record<string, string>; got: Record<string, string> };
export type EvalScore = {
  rows: number;
  exact: number;
  slots: SlotScore[];
  overall: { precision: number; recall: number };
  misses: KeyFactMiss[];
  recall: { rows: number; hits: number; hitRate: number; misses: Array<{ lang: string; ask: string; target: string; got: string[] }> };
};

const at = new Date('2026-01-05T09:00:00Z');

function factsOf(text: string): Record<string, string> {
  const { next } = applyKeyFactUpdates([], extractKeyFacts(text), { messageId: 'm1', at });
  return Object.fromEntries(next.map((fact) => [fact.key, fact.value]));
}

const norm = (value: string) => value.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
const accepts = (allowed: string | string[] | undefined, value: string) =>
  allowed !== undefined && (Array.isArray(allowed) ? allowed : [allowed]).some((a) => norm(a) === norm(value));
const first = (value: string | string[]) => (Array.isArray(value) ? value[0]! : value);

export function scoreKeyFacts(): Omit<EvalScore, 'recall'> {
  const counts = new Map<string, { tp: number; fp: number; fn: number }>();
  const count = (key: string) => counts.get(key) ?? counts.set(key, { tp: 0, fp: 0, fn: 0 }).get(key)!;
  const misses: KeyFactMiss[] = [];
  let exact = 0;
  for (const row of KEY_FACT_EVAL) {
    const got = factsOf(row.text);
    let ok = true;
    for (const [key, value] of Object.entries(got)) {
      if (accepts(row.facts[key], value)) count(key).tp++;
      else if (!(key in row.facts) && accepts(row.may?.[key], value)) continue;
      else {
        count(key).fp++;
        ok = false;
      }
    }
    for (const [key, expected] of Object.entries(row.facts)) {
      if (!(key in got) || !accepts(expected, got[key]!)) {
        count(key).fn++;
        ok = false;
      }
    }
    if (ok) exact++;
    else misses.push({ lang: row.lang, text: row.text, expected: expectedOf(row.facts), got });
  }
  const ratio = (a: number, b: number) => (b === 0 ? 1 : Math.round((1000 * a) / b) / 1000);
  const slots = [...counts.entries()]
    .map(([key, c]) => ({ key, ...c, precision: ratio(c.tp, c.tp + c.fp), recall: ratio(c.tp, c.tp + c.fn) }))
    .sort((a, b) => a.key.localeCompare(b.key));
  const total = slots.reduce((sum, s) => ({ tp: sum.tp + s.tp, fp: sum.fp + s.fp, fn: sum.fn + s.fn }), { tp: 0, fp: 0, fn: 0 });
  return {
    rows: KEY_FACT_EVAL.length,
    exact,
    slots,
    overall: { precision: ratio(total.tp, total.tp + total.fp), recall: ratio(total.tp, total.tp + total.fn) },
    misses,
  };
}

function expectedOf(facts: EvalFacts): Record<string, string> {
  return Object.fromEntries(Object.entries(facts).map(([key, value]) => [key, first(value)]));
}

/** Each recall row is its own chat: the earlier turns stored, then the vague question's prompt built. */
export async function scoreRecall(db: Db, model: ModelInfo): Promise<EvalScore['recall']> {
  const userId = randomUUID();
  await db.user.create({ data: { id: userId, name: 'eval', email: `${userId}@bench.local` } });
  const misses: EvalScore['recall']['misses'] = [];
  let hits = 0;
  for (const row of RECALL_EVAL) {
    const chat = await db.chat.create({ data: { userId, title: 'eval', model: model.id } });
    const history: ContextMessage[] = [];
    const start = Date.UTC(2026, 0, 5, 9, 0, 0);
    for (const [index, [user, assistant]] of row.turns.entries()) {
      for (const [offset, message] of [
        [0, { id: randomUUID(), role: 'user' as const, text: user }],
        [1, { id: randomUUID(), role: 'assistant' as const, text: assistant }],
      ] as const) {
        history.push(message);
        await db.message.create({
          data: {
            ...message,
            chatId: chat.id,
            searchText: messageSearchText(message.text),
            createdAt: new Date(start + index * 60_000 + offset),
          },
        });
      }
    }
    const current = { id: randomUUID(), role: 'user' as const, text: row.ask };
    const prompt = await composeTurnPrompt(db, chat.id, {
      model,
      slots: [],
      summary: null,
      summarizedThroughId: null,
      history,
      current,
      now: new Date(start + row.turns.length * 60_000),
    });
    const target = history[2 * row.target]!;
    if (prompt.recalled.some((r) => r.id === target.id)) hits++;
    else {
      const byId = new Map(history.map((m) => [m.id, m.text]));
      misses.push({ lang: row.lang, ask: row.ask, target: target.text, got: prompt.recalled.map((r) => byId.get(r.id) ?? r.id) });
    }
  }
  return { rows: RECALL_EVAL.length, hits, hitRate: Math.round((1000 * hits) / RECALL_EVAL.length) / 1000, misses };
}

export function printEvalScore(score: EvalScore): void {
  console.log(`\n## Evaluation set (bench/context/eval-set.ts): ${score.rows} sentences, ${score.exact} wholly right`);
  console.log('slot         precision  recall    tp  fp  fn');
  for (const s of score.slots) {
    console.log(
      `${s.key.padEnd(12)} ${s.precision.toFixed(3).padStart(9)} ${s.recall.toFixed(3).padStart(7)} ${String(s.tp).padStart(5)} ${String(s.fp).padStart(3)} ${String(s.fn).padStart(3)}`,
    );
  }
  console.log(`${'all'.padEnd(12)} ${score.overall.precision.toFixed(3).padStart(9)} ${score.overall.recall.toFixed(3).padStart(7)}`);
  console.log(`recall of vague back-references: ${score.recall.hits}/${score.recall.rows} (hit rate ${score.recall.hitRate})`);
  console.log('\nkey-fact misses:');
  for (const miss of score.misses)
    console.log(`  [${miss.lang}] ${miss.text}  expected ${JSON.stringify(miss.expected)}  got ${JSON.stringify(miss.got)}`);
  console.log('recall misses:');
  for (const miss of score.recall.misses)
    console.log(`  [${miss.lang}] ${miss.ask}  → wanted "${miss.target}", got ${JSON.stringify(miss.got)}`);
}
