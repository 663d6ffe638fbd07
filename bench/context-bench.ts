/**
 * Context benchmark: cumulative input (characters and tokens) and key-fact retention of
 * (a) full history, (b) the seed's window: the last 6 messages cut to 500 characters, the current
 * one to 1,000, (c) Quire — the chat route's own prompt builder (`composeTurnPrompt`: slots,
 * running summary, recent window, older messages recalled by full-text search on PostgreSQL),
 * on scripted 20- and 60-turn chats. The messages are stored in a real database as the chat goes,
 * so recall runs the same indexed query as the route. Everything is measured from the prompts
 * actually built; nothing is hard-coded. All three send the chat's system prompt.
 * Run: npm run bench -- context (PostgreSQL from TEST_DATABASE_URL, else embedded PGlite)
 */
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { applyKeyFactUpdates } from '@/lib/chat/context/apply-key-fact-updates';
import { extractKeyFacts } from '@/lib/chat/context/extract-key-facts';
import { buildSummaryRequest, DEFAULT_SUMMARY_FOLD_POLICY, planSummaryFold } from '@/lib/chat/context/summary-fold';
import { countTokens, MESSAGE_OVERHEAD_TOKENS, REPLY_PRIMING_TOKENS } from '@/lib/text/token-count';
import { splitSentences } from '@/lib/chat/context/trim-to-tokens';
import type { ContextMessage, PromptMessage, KeyFactState } from '@/lib/chat/context/types';
import { CHAT_SYSTEM_PROMPT } from '@/lib/chat/prompts/chat-turn';
import { buildTurnPrompt, composeTurnPrompt } from '@/lib/chat/turn/turn-prompt';
import type { Db } from '@/lib/db/client';
import { messageSearchText } from '@/lib/text/segment';
import { SIMULATED_MODELS } from '@/lib/llm/simulator';
import { openTestDatabase } from '@/tests/support/test-database';
import type { ScriptedConversation } from './fixtures/conversation-types';
import { THESIS_60_TURNS } from './fixtures/thesis-60-turns';
import { WINDOWS_20_TURNS } from './fixtures/windows-20-turns';
import { printEvalScore, scoreKeyFacts, scoreRecall, type EvalScore } from './context/eval-score';

/** The model the chats run on: its budget and prices are the route's (the cheapest paid simulated model). */
const MODEL = { ...SIMULATED_MODELS.find((m) => m.id === 'sim-swift')!, simulated: true };
const SUMMARY_OUTPUT_TOKENS = DEFAULT_SUMMARY_FOLD_POLICY.summaryMaxTokens;

type Size = { tokens: number; chars: number };
type StrategyTurn = { input: Size; summaryInput: Size; cumulative: Size; prompt: string };
export type BenchRow = {
  conversation: string;
  turn: number;
  full: { input: number; cumulative: number; chars: number; cumulativeChars: number };
  lastSix: { input: number; cumulative: number; chars: number; cumulativeChars: number };
  quire: { input: number; summaryInput: number; cumulative: number; chars: number; cumulativeChars: number; recalled: number };
};
export type BenchSummary = {
  conversation: string;
  turns: number;
  cumulative: { full: number; lastSix: number; quire: number };
  cumulativeChars: { full: number; lastSix: number; quire: number };
  quireSavingsVsFullPct: number;
  quireVsLastSixPct: number;
  quireVsLastSixCharsPct: number;
  retention: { full: number; lastSix: number; quire: number };
  needleFound: { full: boolean; lastSix: boolean; quire: boolean };
  summaryCalls: number;
  summaryInputTokens: number;
  recallTurns: number[];
  /** what each recall sent: whole messages or numbered excerpts, and the words that matched */
  recalls: RecallNote[];
  finalSlots: string[];
  targetsMet: boolean;
};

function measure(messages: PromptMessage[]): Size {
  return {
    tokens: messages.reduce((sum, m) => sum + countTokens(m.content) + MESSAGE_OVERHEAD_TOKENS, 0) + REPLY_PRIMING_TOKENS,
    chars: messages.reduce((sum, m) => sum + m.content.length, 0),
  };
}

function messagesOf(conversation: ScriptedConversation): ContextMessage[] {
  return conversation.turns.flatMap((turn) => [
    { id: randomUUID(), role: 'user' as const, text: turn.user },
    { id: randomUUID(), role: 'assistant' as const, text: turn.assistant },
  ]);
}

/** Runs a strategy over every turn: `build` returns turn `turn`'s (1-based) prompt and any side cost. */
async function runStrategy(
  all: ContextMessage[],
  turns: number,
  build: (history: ContextMessage[], current: ContextMessage, turn: number) => Promise<{ messages: PromptMessage[]; summaryInput: Size }>,
): Promise<StrategyTurn[]> {
  const cumulative = { tokens: 0, chars: 0 };
  const result: StrategyTurn[] = [];
  for (let index = 0; index < turns; index++) {
    const { messages, summaryInput } = await build(all.slice(0, 2 * index), all[2 * index]!, index + 1);
    const input = measure(messages);
    cumulative.tokens += input.tokens + summaryInput.tokens;
    cumulative.chars += input.chars + summaryInput.chars;
    result.push({ input, summaryInput, cumulative: { ...cumulative }, prompt: messages.map((m) => m.content).join('\n') });
  }
  return result;
}

const NO_SUMMARY: Size = { tokens: 0, chars: 0 };

function fullHistory(all: ContextMessage[], turns: number) {
  return runStrategy(all, turns, async (history, current) => ({
    messages: [
      { role: 'system', content: CHAT_SYSTEM_PROMPT },
      ...history.map((m) => ({ role: m.role, content: m.text })),
      { role: current.role, content: current.text },
    ],
    summaryInput: NO_SUMMARY,
  }));
}

function lastSixMessages(all: ContextMessage[], turns: number) {
  return runStrategy(all, turns, async (history, current) => ({
    messages: [
      { role: 'system', content: CHAT_SYSTEM_PROMPT },
      ...history.slice(-6).map((m) => ({ role: m.role, content: m.text.slice(0, 500) })),
      { role: current.role, content: current.text.slice(0, 1_000) },
    ],
    summaryInput: NO_SUMMARY,
  }));
}

/**
 * Stands in for the cheap summary model: keeps the opening sentence of each folded message
 * (the question and the answer's gist), newest last, and drops the oldest lines to stay within
 * the summary's output ceiling, as a compressing summary would. Its input is charged in full.
 */
function simulateSummary(previous: string | null, fold: ContextMessage[]): string {
  const lines = [...(previous ? previous.split('\n') : [])];
  for (const message of fold) {
    const first = (splitSentences(message.text)[0] ?? '').split('\n')[0]!.trim();
    lines.push(`${message.role === 'user' ? 'User' : 'Assistant'}: ${first}`);
  }
  while (lines.length > 1 && countTokens(lines.join('\n')) > SUMMARY_OUTPUT_TOKENS) lines.shift();
  return lines.join('\n');
}

async function insertMessage(db: Db, chatId: string, message: ContextMessage, at: Date): Promise<void> {
  await db.message.create({
    data: { id: message.id, chatId, role: message.role, text: message.text, searchText: messageSearchText(message.text), createdAt: at },
  });
}

/** Quire: the route's prompt per turn; after each answer, the route's summary plan (a fold when due). */
type RecallNote = { turn: number; messages: Array<{ tokens: number; excerpt: boolean; matched: string[] }> };
type QuireNotes = { slots: string[]; calls: number; summaryTokens: number; recallTurns: number[]; recalls: RecallNote[] };

async function quire(db: Db, all: ContextMessage[], turns: number, out: QuireNotes) {
  const userId = randomUUID();
  await db.user.create({ data: { id: userId, name: 'bench', email: `${userId}@bench.local` } });
  const chat = await db.chat.create({ data: { userId, title: 'bench', model: MODEL.id } });
  let keyFacts: KeyFactState[] = [];
  let summary: { text: string; throughId: string } | null = null;
  const start = Date.UTC(2026, 0, 5, 9, 0, 0);
  const result = await runStrategy(all, turns, async (history, current, turn) => {
    const now = new Date(start + turn * 60_000);
    keyFacts = applyKeyFactUpdates(keyFacts, extractKeyFacts(current.text), { messageId: current.id, at: now }).next;
    const prompt = await composeTurnPrompt(db, chat.id, {
      model: MODEL,
      slots: keyFacts,
      summary: summary?.text ?? null,
      summarizedThroughId: summary?.throughId ?? null,
      history,
      current,
      now,
    });
    if (prompt.recalled.length > 0) {
      out.recallTurns.push(turn);
      out.recalls.push({ turn, messages: prompt.recalled.map((r) => ({ tokens: r.tokens, excerpt: r.excerpt, matched: r.matched })) });
    }
    const answer = all[2 * turn - 1]!;
    await insertMessage(db, chat.id, current, now);
    await insertMessage(db, chat.id, answer, new Date(now.getTime() + 1));

    // as refreshSummary does after the answer is saved
    const sofar = [...history, current, answer];
    const after = buildTurnPrompt({
      model: MODEL,
      slots: keyFacts,
      summary: summary?.text ?? null,
      summarizedThroughId: summary?.throughId ?? null,
      history: sofar.slice(0, -1),
      current: answer,
      now,
    });
    const plan = planSummaryFold(sofar, after);
    let summaryInput = NO_SUMMARY;
    if (plan) {
      const request = buildSummaryRequest(summary?.text ?? null, plan.fold);
      summaryInput = measure(request.messages);
      summary = { text: simulateSummary(summary?.text ?? null, plan.fold), throughId: plan.throughId };
      out.calls += 1;
      out.summaryTokens += summaryInput.tokens;
    }
    return { messages: prompt.messages, summaryInput };
  });
  out.slots.push(...keyFacts.map((keyFact) => `${keyFact.key}=${keyFact.history.map((h) => h.value).join(' → ')}`));
  return result;
}

function retention(conversation: ScriptedConversation, turns: StrategyTurn[]): { all: number; needle: boolean } {
  const kept = conversation.keyFacts.filter((fact) => fact.pattern.test(turns[fact.neededAtTurn - 1]!.prompt));
  const needles = conversation.keyFacts.filter((fact) => fact.needle);
  return { all: kept.length / conversation.keyFacts.length, needle: needles.every((fact) => kept.includes(fact)) };
}

async function benchConversation(db: Db, conversation: ScriptedConversation): Promise<{ rows: BenchRow[]; summary: BenchSummary }> {
  const all = messagesOf(conversation);
  const turns = conversation.turns.length;
  const full = await fullHistory(all, turns);
  const lastSix = await lastSixMessages(all, turns);
  const out: QuireNotes = { slots: [], calls: 0, summaryTokens: 0, recallTurns: [], recalls: [] };
  const ours = await quire(db, all, turns, out);
  const rows = conversation.turns.map((_, i) => ({
    conversation: conversation.name,
    turn: i + 1,
    full: {
      input: full[i]!.input.tokens,
      cumulative: full[i]!.cumulative.tokens,
      chars: full[i]!.input.chars,
      cumulativeChars: full[i]!.cumulative.chars,
    },
    lastSix: {
      input: lastSix[i]!.input.tokens,
      cumulative: lastSix[i]!.cumulative.tokens,
      chars: lastSix[i]!.input.chars,
      cumulativeChars: lastSix[i]!.cumulative.chars,
    },
    quire: {
      input: ours[i]!.input.tokens,
      summaryInput: ours[i]!.summaryInput.tokens,
      cumulative: ours[i]!.cumulative.tokens,
      chars: ours[i]!.input.chars + ours[i]!.summaryInput.chars,
      cumulativeChars: ours[i]!.cumulative.chars,
      recalled: out.recallTurns.includes(i + 1) ? 1 : 0,
    },
  }));
  const last = rows[rows.length - 1]!;
  const cumulative = { full: last.full.cumulative, lastSix: last.lastSix.cumulative, quire: last.quire.cumulative };
  const cumulativeChars = { full: last.full.cumulativeChars, lastSix: last.lastSix.cumulativeChars, quire: last.quire.cumulativeChars };
  const kept = { full: retention(conversation, full), lastSix: retention(conversation, lastSix), quire: retention(conversation, ours) };
  const quireSavingsVsFullPct = round1(100 * (1 - cumulative.quire / cumulative.full));
  return {
    rows,
    summary: {
      conversation: conversation.name,
      turns,
      cumulative,
      cumulativeChars,
      quireSavingsVsFullPct,
      quireVsLastSixPct: round1(100 * (cumulative.quire / cumulative.lastSix - 1)),
      quireVsLastSixCharsPct: round1(100 * (cumulativeChars.quire / cumulativeChars.lastSix - 1)),
      retention: { full: kept.full.all, lastSix: kept.lastSix.all, quire: kept.quire.all },
      needleFound: { full: kept.full.needle, lastSix: kept.lastSix.needle, quire: kept.quire.needle },
      summaryCalls: out.calls,
      summaryInputTokens: out.summaryTokens,
      recallTurns: out.recallTurns,
      recalls: out.recalls,
      finalSlots: out.slots,
      targetsMet:
        kept.quire.all === 1 &&
        kept.quire.needle &&
        cumulative.quire <= cumulative.lastSix &&
        cumulativeChars.quire <= cumulativeChars.lastSix,
    },
  };
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

export async function runContextBenchmark(): Promise<{ rows: BenchRow[]; summary: BenchSummary[]; evaluation: EvalScore }> {
  const db = await openTestDatabase(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  try {
    const results = [];
    for (const conversation of [WINDOWS_20_TURNS, THESIS_60_TURNS]) results.push(await benchConversation(db.prisma, conversation));
    const evaluation = { ...scoreKeyFacts(), recall: await scoreRecall(db.prisma, MODEL) };
    return { rows: results.flatMap((r) => r.rows), summary: results.map((r) => r.summary), evaluation };
  } finally {
    await db.dispose();
  }
}

export function printReport(report: Awaited<ReturnType<typeof runContextBenchmark>>): void {
  for (const summary of report.summary) {
    console.log(`\n## ${summary.conversation}  (model ${MODEL.id}: the route's budget)`);
    console.log(
      'turn | (a) full: in tokens  chars    cum | (b) last 6: in tokens  chars   cum | (c) Quire: in tokens  chars  +summary   cum  recall',
    );
    for (const row of report.rows.filter((r) => r.conversation === summary.conversation)) {
      const cells = [
        String(row.turn).padStart(4),
        `${String(row.full.input).padStart(19)} ${String(row.full.chars).padStart(6)} ${String(row.full.cumulative).padStart(6)}`,
        `${String(row.lastSix.input).padStart(21)} ${String(row.lastSix.chars).padStart(6)} ${String(row.lastSix.cumulative).padStart(5)}`,
        `${String(row.quire.input).padStart(20)} ${String(row.quire.chars).padStart(6)} ${String(row.quire.summaryInput || '').padStart(9)} ${String(row.quire.cumulative).padStart(5)}  ${row.quire.recalled ? 'yes' : ''}`,
      ];
      console.log(cells.join(' |'));
    }
    console.log(JSON.stringify(summary, null, 2));
  }
  printEvalScore(report.evaluation);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
  printReport(await runContextBenchmark());
}
