/**
 * Context benchmark (Quire issue 6): cumulative input tokens and key-fact retention of
 * (a) full history, (b) the last 6 messages cut to 500 characters (current to 1,000), (c) Quire's
 * budgeted prompt with slots and an incremental summary, on scripted 20- and 60-turn chats.
 * Everything is measured from the prompts actually built; nothing is hard-coded.
 * Run: npx tsx bench/context-bench.ts
 */
import { pathToFileURL } from 'node:url';
import { buildPrompt } from '@/lib/chat/context/build-prompt';
import { buildSummaryRequest, DEFAULT_SUMMARY_FOLD_POLICY, type SummaryFoldPolicy } from '@/lib/chat/context/summary-fold';
import { countTokens, MESSAGE_OVERHEAD_TOKENS, REPLY_PRIMING_TOKENS } from '@/lib/chat/context/token-count';
import { splitSentences } from '@/lib/chat/context/trim-to-tokens';
import { prepareTurnContext, type RunningSummary } from '@/lib/chat/context/turn-context';
import type { ContextMessage, PromptMessage, SlotState } from '@/lib/chat/context/types';
import type { ScriptedConversation } from './fixtures/conversation-types';
import { THESIS_60_TURNS } from './fixtures/thesis-60-turns';
import { WINDOWS_20_TURNS } from './fixtures/windows-20-turns';

/**
 * Quire's prompt budget here is set a little below what (b) spends per turn once its window is
 * full (~430 tokens in English, ~550 in Russian), so the comparison is at roughly equal cost and
 * the question is what each one keeps. Override with QUIRE_BENCH_BUDGET to see the trade-off.
 */
export const QUIRE_BENCH_BUDGET = Number(process.env.QUIRE_BENCH_BUDGET ?? 450);
export const QUIRE_SUMMARY_POLICY: SummaryFoldPolicy = {};
const SUMMARY_OUTPUT_TOKENS = DEFAULT_SUMMARY_FOLD_POLICY.summaryMaxTokens;

type StrategyTurn = { input: number; summaryInput: number; cumulative: number; prompt: string };
export type BenchRow = {
  conversation: string;
  turn: number;
  full: { input: number; cumulative: number };
  lastSix: { input: number; cumulative: number };
  quire: { input: number; summaryInput: number; cumulative: number };
};
export type BenchSummary = {
  conversation: string;
  turns: number;
  cumulative: { full: number; lastSix: number; quire: number };
  quireSavingsVsFullPct: number;
  quireVsLastSixPct: number;
  retention: { full: number; lastSix: number; quire: number };
  summaryCalls: number;
  summaryInputTokens: number;
  finalSlots: string[];
  targetsMet: boolean;
};

function promptTokens(messages: PromptMessage[]): number {
  return messages.reduce((sum, m) => sum + countTokens(m.content) + MESSAGE_OVERHEAD_TOKENS, 0) + REPLY_PRIMING_TOKENS;
}

function messagesOf(conversation: ScriptedConversation): ContextMessage[] {
  return conversation.turns.flatMap((turn, index) => [
    { id: `u${index + 1}`, role: 'user' as const, text: turn.user },
    { id: `a${index + 1}`, role: 'assistant' as const, text: turn.assistant },
  ]);
}

/** Run a strategy over every turn: `build` returns the prompt of turn `turn` (1-based) and any side cost. */
function runStrategy(
  conversation: ScriptedConversation,
  build: (history: ContextMessage[], current: ContextMessage, turn: number) => { messages: PromptMessage[]; input: number; summaryInput: number },
): StrategyTurn[] {
  const all = messagesOf(conversation);
  let cumulative = 0;
  return conversation.turns.map((_, index) => {
    const { messages, input, summaryInput } = build(all.slice(0, 2 * index), all[2 * index], index + 1);
    cumulative += input + summaryInput;
    return { input, summaryInput, cumulative, prompt: messages.map((m) => m.content).join('\n') };
  });
}

function fullHistory(conversation: ScriptedConversation): StrategyTurn[] {
  return runStrategy(conversation, (history, current) => {
    const messages: PromptMessage[] = [
      { role: 'system', content: conversation.system },
      ...history.map((m) => ({ role: m.role, content: m.text })),
      { role: current.role, content: current.text },
    ];
    return { messages, input: promptTokens(messages), summaryInput: 0 };
  });
}

function lastSixMessages(conversation: ScriptedConversation): StrategyTurn[] {
  return runStrategy(conversation, (history, current) => {
    const messages: PromptMessage[] = [
      { role: 'system', content: conversation.system },
      ...history.slice(-6).map((m) => ({ role: m.role, content: m.text.slice(0, 500) })),
      { role: current.role, content: current.text.slice(0, 1_000) },
    ];
    return { messages, input: promptTokens(messages), summaryInput: 0 };
  });
}

/**
 * Stands in for the cheap summary model: keeps the opening sentence of each folded message
 * (the question and the answer's gist), newest last, and drops the oldest lines to stay within
 * ~150 output tokens, as a compressing summary would. Its input is charged in full.
 */
function simulateSummary(previous: string | null, fold: ContextMessage[]): string {
  const lines = [...(previous ? previous.split('\n') : [])];
  for (const message of fold) {
    const first = (splitSentences(message.text)[0] ?? '').trim();
    lines.push(`${message.role === 'user' ? 'User' : 'Assistant'}: ${first}`);
  }
  while (lines.length > 1 && countTokens(lines.join('\n')) > SUMMARY_OUTPUT_TOKENS) lines.shift();
  return lines.join('\n');
}

function quire(conversation: ScriptedConversation, finalSlots: string[], calls: { count: number; input: number }): StrategyTurn[] {
  let slots: SlotState[] = [];
  let summary: RunningSummary | null = null;
  const start = Date.UTC(2026, 0, 5, 9, 0, 0);
  const turns = runStrategy(conversation, (history, current, turn) => {
    const now = new Date(start + turn * 60_000);
    const context = prepareTurnContext({
      system: conversation.system, slots, summary, history, current, budgetTokens: QUIRE_BENCH_BUDGET, now,
      summaryPolicy: QUIRE_SUMMARY_POLICY,
    });
    slots = context.slots;
    let summaryInput = 0;
    if (context.summaryFold) {
      // Folded after this turn's answer; the new summary serves from the next turn on.
      summaryInput = buildSummaryRequest(summary?.text ?? null, context.summaryFold.fold, QUIRE_SUMMARY_POLICY).inputTokens;
      summary = { text: simulateSummary(summary?.text ?? null, context.summaryFold.fold), throughId: context.summaryFold.throughId };
      calls.count += 1;
      calls.input += summaryInput;
    }
    return { messages: context.prompt.messages, input: context.prompt.inputTokens, summaryInput };
  });
  finalSlots.push(...slots.map((slot) => `${slot.key}=${slot.history.map((h) => h.value).join(' → ')}`));
  return turns;
}

function retention(conversation: ScriptedConversation, turns: StrategyTurn[]): number {
  const kept = conversation.keyFacts.filter((fact) => fact.pattern.test(turns[fact.neededAtTurn - 1].prompt));
  return kept.length / conversation.keyFacts.length;
}

function benchConversation(conversation: ScriptedConversation): { rows: BenchRow[]; summary: BenchSummary } {
  const full = fullHistory(conversation);
  const lastSix = lastSixMessages(conversation);
  const finalSlots: string[] = [];
  const calls = { count: 0, input: 0 };
  const ours = quire(conversation, finalSlots, calls);
  const rows = conversation.turns.map((_, i) => ({
    conversation: conversation.name,
    turn: i + 1,
    full: { input: full[i].input, cumulative: full[i].cumulative },
    lastSix: { input: lastSix[i].input, cumulative: lastSix[i].cumulative },
    quire: { input: ours[i].input, summaryInput: ours[i].summaryInput, cumulative: ours[i].cumulative },
  }));
  const last = rows[rows.length - 1];
  const cumulative = { full: last.full.cumulative, lastSix: last.lastSix.cumulative, quire: last.quire.cumulative };
  const kept = { full: retention(conversation, full), lastSix: retention(conversation, lastSix), quire: retention(conversation, ours) };
  const quireSavingsVsFullPct = round1(100 * (1 - cumulative.quire / cumulative.full));
  return {
    rows,
    summary: {
      conversation: conversation.name,
      turns: rows.length,
      cumulative,
      quireSavingsVsFullPct,
      quireVsLastSixPct: round1(100 * (cumulative.quire / cumulative.lastSix - 1)),
      retention: kept,
      summaryCalls: calls.count,
      summaryInputTokens: calls.input,
      finalSlots,
      targetsMet: kept.quire === 1 && cumulative.quire <= cumulative.lastSix && quireSavingsVsFullPct >= 40,
    },
  };
}

/**
 * buildPrompt on a 500-message chat. "cold": every text seen for the first time (after the
 * tokenizer itself is loaded); "next turn": the realistic case, the same chat one message longer,
 * where only the new texts are tokenized. The budget is large (24k) so the walk goes deep.
 */
function measureSpeed(): { coldMs: number; nextTurnMedianMs: number; nextTurnMaxMs: number } {
  countTokens('warm up the tokenizer');
  const base = messagesOf(THESIS_60_TURNS);
  const chat = Array.from({ length: 540 }, (_, i) => ({ ...base[i % base.length], id: `m${i}`, text: `${base[i % base.length].text} (#${i})` }));
  const slots = [{ key: 'os', value: 'macOS', previous: 'Windows 11' }, { key: 'plan', value: 'Pro plan' }];
  const build = (count: number) => {
    const started = performance.now();
    buildPrompt({ system: THESIS_60_TURNS.system, slots, summary: 'Earlier: import, citations.', history: chat.slice(0, count - 1), current: chat[count - 1], budgetTokens: 24_000 });
    return performance.now() - started;
  };
  const coldMs = build(500);
  const nextTurns = Array.from({ length: 40 }, (_, k) => build(501 + k)).sort((a, b) => a - b);
  return { coldMs: round1(coldMs), nextTurnMedianMs: round1(nextTurns[20]), nextTurnMaxMs: round1(nextTurns[nextTurns.length - 1]) };
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

export function runContextBenchmark(): { rows: BenchRow[]; summary: BenchSummary[]; speed: ReturnType<typeof measureSpeed> } {
  const results = [WINDOWS_20_TURNS, THESIS_60_TURNS].map(benchConversation);
  return { rows: results.flatMap((r) => r.rows), summary: results.map((r) => r.summary), speed: measureSpeed() };
}

export function printReport(report: ReturnType<typeof runContextBenchmark>): void {
  for (const summary of report.summary) {
    console.log(`\n## ${summary.conversation}  (Quire budget ${QUIRE_BENCH_BUDGET} tokens)`);
    console.log('turn | (a) full: in  cum | (b) last 6: in  cum | (c) Quire: in  +summary  cum');
    for (const row of report.rows.filter((r) => r.conversation === summary.conversation)) {
      const cells = [
        String(row.turn).padStart(4),
        `${String(row.full.input).padStart(14)} ${String(row.full.cumulative).padStart(7)}`,
        `${String(row.lastSix.input).padStart(16)} ${String(row.lastSix.cumulative).padStart(6)}`,
        `${String(row.quire.input).padStart(15)} ${String(row.quire.summaryInput || '').padStart(9)} ${String(row.quire.cumulative).padStart(6)}`,
      ];
      console.log(cells.join(' |'));
    }
    console.log(JSON.stringify(summary, null, 2));
  }
  console.log('\nbuildPrompt on a 500-message chat (ms):', JSON.stringify(report.speed));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) printReport(runContextBenchmark());
