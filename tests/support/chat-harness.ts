import { ModelCatalog, type ModelInfo } from '@/lib/llm/catalog';
import { createModelProvider } from '@/lib/llm/provider';
import { SIMULATED_MODELS, startSimulatorServer, type SimulatorServer } from '@/lib/llm/simulator';
import { createChat } from '@/lib/chat/chats';
import { prepareTurn, type TurnRequest } from '@/lib/chat/turn/prepare-turn';
import { runTurn } from '@/lib/chat/turn/run-turn';
import { createStopBus } from '@/lib/chat/turn/stop-bus';
import type { PreparedTurn, TurnDeps, TurnOutcome } from '@/lib/chat/turn/types';
import { seedHelpCenter } from '@/lib/help-center/seed';
import { createUser } from './fixtures';
import { openTestDatabase, type TestDatabase, type TestDatabaseKind } from './test-database';

export interface ChatHarness {
  db: TestDatabase;
  sim: SimulatorServer;
  deps: TurnDeps;
  logs: Array<Record<string, unknown>>;
  close(): Promise<void>;
}

/** A real database, the simulator on its own port, and the turn engine's dependencies. */
export async function openChatHarness(
  kind: TestDatabaseKind,
  opts: { tokenDelayMs?: number; models?: Partial<Record<string, Partial<ModelInfo>>> } = {},
): Promise<ChatHarness> {
  const db = await openTestDatabase(kind);
  await seedHelpCenter(db.prisma);
  const sim = await startSimulatorServer({ port: 0, tokenDelayMs: opts.tokenDelayMs ?? 1 });
  const models = SIMULATED_MODELS.map((m) => ({ ...m, simulated: true, ...(opts.models?.[m.id] ?? {}) }));
  const logs: Array<Record<string, unknown>> = [];
  const stopBus = createStopBus(db);
  const deps: TurnDeps = {
    db: db.prisma,
    provider: createModelProvider({ baseUrl: sim.url }),
    catalog: new ModelCatalog(models),
    stopBus,
    wallClockMs: 60_000,
    log: (line) => logs.push(line),
  };
  return {
    db,
    sim,
    deps,
    logs,
    close: async () => {
      await stopBus.close();
      await sim.close();
      await db.dispose();
    },
  };
}

export interface TurnRun {
  turn: PreparedTurn;
  outcome: TurnOutcome;
  /** the concatenated text deltas the browser would have received */
  streamed: string;
  /** the data parts as the browser holds them: one sent again under its id replaces the earlier (a tool call, then its result) */
  events: Array<{ name: string; data: Record<string, unknown>; id?: string }>;
}

export async function runChatTurn(
  h: ChatHarness,
  req: Omit<TurnRequest, 'rateLimitPerMinute'> & { rateLimitPerMinute?: number },
  opts: { signal?: AbortSignal; onText?: (delta: string, streamed: string) => void } = {},
): Promise<TurnRun> {
  const turn = await prepareTurn(h.deps, { rateLimitPerMinute: 1000, ...req });
  let streamed = '';
  const events: TurnRun['events'] = [];
  const outcome = await runTurn(
    h.deps,
    turn,
    {
      text: (delta) => {
        streamed += delta;
        opts.onText?.(delta, streamed);
      },
      event: (name, data, id) => {
        const earlier = id === undefined ? -1 : events.findIndex((e) => e.name === name && e.id === id);
        if (earlier >= 0) events[earlier] = { name, data, id };
        else events.push({ name, data, id });
      },
    },
    opts.signal,
  );
  return { turn, outcome, streamed, events };
}

export async function newUserChat(h: ChatHarness, opts: { credits?: bigint; model?: string } = {}) {
  const user = await createUser(h.db.prisma, { credits: opts.credits });
  const chat = await createChat(h.db.prisma, h.deps.catalog, user.id, { model: opts.model });
  return { user, chatId: chat.id };
}
