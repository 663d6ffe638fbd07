import type { ModelMessage, ToolSet } from 'ai';
import type { ReservedCall } from '@/lib/billing/billed-call';
import type { Db } from '@/lib/db/client';
import type { ModelCatalog, ModelInfo } from '@/lib/llm/catalog';
import type { ModelProvider } from '@/lib/llm/provider';
import type { ChatToolFactory } from '@/lib/chat/tools/registry';
import type { Admission } from './admission';
import type { StopBus } from './stop-bus';
import type { Citation, MessageStatus, ToolCallData, TurnDataName, TurnDataParts } from './wire';

/** What a turn needs from the outside world, passed in so it runs without Next.js. */
export interface TurnDeps {
  db: Db;
  provider: ModelProvider;
  catalog: ModelCatalog;
  stopBus: StopBus;
  wallClockMs: number;
  /** tools other domains offer in the chat (the document tools), wired by the composition root so the chat never imports them */
  extraTools?: ChatToolFactory[];
  /** one JSON line per upstream request (docs/api.md "Logs") */
  log?: (line: Record<string, unknown>) => void;
  now?: () => Date;
  /** lets turn preparations through a few at a time, in arrival order (admission.ts); without it they all run at once */
  admission?: Admission;
  /** sees each round's raw model text before merging (tests assert the artifacts really happened) */
  onRound?: (round: { turnId: string; seq: number; purpose: string; rawText: string; textBefore: string }) => void;
}

/** How a turn begins: a new answer, a Continue of a cut/stopped one, or a Retry of a failed one. */
export type TurnMode = 'answer' | 'continue' | 'retry';

/** Everything prepareTurn settled before any model call; runTurn takes it from here. */
export interface PreparedTurn {
  turnId: string;
  chatId: string;
  userId: string;
  userMessageId: string;
  assistantMessageId: string;
  entryId: string;
  model: ModelInfo;
  mode: TurnMode;
  /** the prompt of the first call, already counted and reserved (call seq 0) */
  messages: ModelMessage[];
  /** the first call's reservation, written with the turn's rows */
  firstCall: ReservedCall;
  tools: ToolSet;
  toolsJson: string;
  /** text already in the message (Continue): the merge keeps it as a prefix */
  initialText: string;
  initialContinuations: number;
  /** Retry of an answer that failed after tool rounds: those rounds, already run, and the tools they called */
  resumed?: { toolRounds: ModelMessage[]; tools: ToolCallData[] };
  /** older turns fell out of the window: refresh the summary after answering */
  needsSummary: boolean;
  /** ms spent in each step before the model call (claim, checks, prompt, open), in order */
  phases: Array<[name: string, ms: number]>;
  /**
   * One answer of a side-by-side round (docs/architecture.md "Side by side"): the chat's lock is the round's
   * (`lockId`, the first answer's turn id), which this answer beats and leaves for the round to release.
   */
  round?: { lockId: string };
  /** the first answer of a side-by-side round: the round's other answers, each its own billed turn */
  sides?: PreparedTurn[];
}

/** Where the turn's visible output goes (the browser's stream, or a test's buffer); events are the wire's data parts (wire.ts). */
export interface TurnSink {
  text(delta: string): void;
  /** an event sent again with the same `id` replaces the earlier one (a tool call, then its result) */
  event<K extends TurnDataName>(name: K, data: TurnDataParts[K], id?: string): void;
  /** the end of the accepted text that never reached the person (a sink that batches, when they left mid-batch) */
  unwritten?(): string;
}

export interface TurnOutcome {
  status: Exclude<MessageStatus, 'streaming'>;
  text: string;
  finishReason: string | null;
  continuations: number;
  calls: number;
  costMicros: bigint;
  reason?: string;
  /** milliseconds from the turn's first upstream request to the answer's first word (not measured for a Continue) */
  firstTokenMs?: number;
  /** the tools the model called, shown under the answer after a reload too */
  tools: ToolCallData[];
  /** the numbered sources the tools found, which the answer cites and shows under it */
  citations: Citation[];
  /**
   * The tool rounds that completed (calls and their results) when the turn failed after them: kept with the
   * answer, so Retry resumes from the failed round and no tool runs twice (a fact saved again, a second document).
   */
  toolRounds?: ModelMessage[];
}
