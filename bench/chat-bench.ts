/**
 * Chat latency (issue 3), side by side in one run: time to first token through
 * Quire (production server on PostgreSQL) vs calling the same simulator (its own
 * process) directly, at 1 and 50 concurrent chats; stop latency (client abort →
 * upstream connection closed); model calls per plain turn.
 *
 * "50 concurrent chats" is measured two ways:
 * - burst: 50 messages sent in the same millisecond, each read to its first token
 *   (the worst case: every request's work queues on the same cores at once);
 * - conversations: 50 chats open at once, each a person who sends a message, reads
 *   the whole answer as it streams at a hosted model's pace, thinks, and writes
 *   again. The same 50 loops run against the simulator directly for the baseline.
 */
import { median, percentile, round } from './support';
import { startBenchStack, type BenchStack } from './quire-server';

const GREETING = 'hello there, what can you do?';

async function firstDelta(response: Response, isDelta: (payload: string) => boolean, cancel = true): Promise<void> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) throw new Error('stream ended before any text');
    buffer += decoder.decode(value, { stream: true });
    const lines = buffer.split('\n');
    buffer = lines.pop()!;
    if (lines.some((l) => l.startsWith('data: ') && isDelta(l.slice(6)))) {
      if (cancel) await reader.cancel();
      else reader.releaseLock(); // the stream stays open for whoever reads on
      return;
    }
  }
}

/** Sends a message through Quire; resolves at its first token (then stops reading, or reads the whole answer). */
async function quireTtft(stack: BenchStack, chatId: string, text = GREETING, readAll = false): Promise<{ ms: number; turnId: string }> {
  const start = performance.now();
  const res = await fetch(`${stack.quireUrl}/api/chats/${chatId}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: stack.cookie },
    body: JSON.stringify({ text }),
  });
  if (!res.ok) throw new Error(`turn failed: ${res.status} ${await res.text()}`);
  await firstDelta(res, (p) => p.includes('"text-delta"'), !readAll);
  const ms = performance.now() - start;
  if (readAll) await drain(res);
  return { ms, turnId: res.headers.get('x-turn-id')! };
}

async function directTtft(stack: BenchStack, text = GREETING, readAll = false): Promise<number> {
  const start = performance.now();
  const res = await fetch(`${stack.simUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'sim-swift', stream: true, messages: [{ role: 'user', content: text }] }),
  });
  await firstDelta(res, (p) => /"content":"[^"]/.test(p), !readAll);
  const ms = performance.now() - start;
  if (readAll) await drain(res);
  return ms;
}

async function drain(res: Response) {
  const reader = res.body!.getReader();
  while (!(await reader.read()).done);
}

async function newChats(stack: BenchStack, n: number): Promise<string[]> {
  return Promise.all(
    Array.from({ length: n }, async () => {
      const res = await fetch(`${stack.quireUrl}/api/chats`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: stack.cookie },
        body: '{}',
      });
      return ((await res.json()) as { id: string }).id;
    }),
  );
}

/** Waits until every chat is free again (the previous turns finished in the background). */
async function settle(stack: BenchStack, chatIds: string[]) {
  for (const id of chatIds) {
    for (let i = 0; i < 200; i++) {
      const chat = (await (await fetch(`${stack.quireUrl}/api/chats/${id}`, { headers: { cookie: stack.cookie } })).json()) as {
        liveTurnId: string | null;
      };
      if (!chat.liveTurnId) break;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/** A person's pace: a hosted model's token rate, and a pause to read the answer and write the next message. */
export const CONVERSATION_PACE = { tokenDelayMs: 20, thinkMs: [4_000, 12_000] as const };

/**
 * `chats` people in conversation at once, each sending `turns` messages: send,
 * read the whole answer, think, send again. Start times are spread over one
 * think time, as people do not all press Enter in the same millisecond. The same
 * seeded pauses drive both paths, so Quire and the direct baseline see the same load.
 */
async function conversations(chats: number, turns: number, send: (chat: number) => Promise<number>): Promise<number[]> {
  const [minThink, maxThink] = CONVERSATION_PACE.thinkMs;
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const pauses = Array.from({ length: chats }, () => Array.from({ length: turns }, () => minThink + random() * (maxThink - minThink)));
  const samples: number[] = [];
  await Promise.all(
    pauses.map(async (mine, chat) => {
      await sleep(random() * maxThink);
      for (const pause of mine) {
        samples.push(await send(chat));
        await sleep(pause);
      }
    }),
  );
  return samples;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function ttftRow(load: string, quire: number[], direct: number[]) {
  return {
    load,
    samples: quire.length,
    directMedianMs: round(median(direct)),
    quireMedianMs: round(median(quire)),
    addedMedianMs: round(median(quire) - median(direct)),
    directP95Ms: round(percentile(direct, 95)),
    quireP95Ms: round(percentile(quire, 95)),
    addedP95Ms: round(percentile(quire, 95) - percentile(direct, 95)),
  };
}

export async function runChatBenchmark(opts: { rounds1?: number; rounds50?: number; conversationTurns?: number } = {}) {
  const progress = (line: string) => console.error(`[chat] ${line}`);
  progress('starting the production server on PostgreSQL and the simulator in its own process');
  const stack = await startBenchStack({ tokenDelayMs: 5 });
  try {
    const ttft: Array<Record<string, number | string>> = [];
    const turnIds: string[] = [];
    for (const [concurrency, rounds] of [
      [1, opts.rounds1 ?? 30],
      [50, opts.rounds50 ?? 4],
    ] as const) {
      progress(`time to first token, ${concurrency === 1 ? 'one chat' : `burst of ${concurrency} chats`} (${rounds} rounds)`);
      const chats = await newChats(stack, concurrency);
      await quireTtft(stack, chats[0]!); // warm-up: compiles routes, opens pools
      await settle(stack, chats);
      const quire: number[] = [];
      const direct: number[] = [];
      for (let r = 0; r < rounds; r++) {
        // alternate which path goes first, so neither always meets a warmer machine
        const runQuire = async () => {
          const results = await Promise.all(chats.map((id) => quireTtft(stack, id)));
          quire.push(...results.map((x) => x.ms));
          turnIds.push(...results.map((x) => x.turnId));
          await settle(stack, chats);
        };
        const runDirect = async () => direct.push(...(await Promise.all(chats.map(() => directTtft(stack)))));
        if (r % 2 === 0) {
          await runQuire();
          await runDirect();
        } else {
          await runDirect();
          await runQuire();
        }
      }
      ttft.push(ttftRow(concurrency === 1 ? '1 chat' : `${concurrency} chats, burst`, quire, direct));
    }

    const turns = opts.conversationTurns ?? 4;
    const paced = `[sim:delay=${CONVERSATION_PACE.tokenDelayMs}] ${GREETING}`;
    progress(
      `time to first token, 50 chats in conversation (${turns} messages each, ${CONVERSATION_PACE.tokenDelayMs} ms a token, ${CONVERSATION_PACE.thinkMs.join('–')} ms to think)`,
    );
    const talking = await newChats(stack, 50);
    const direct = await conversations(50, turns, () => directTtft(stack, paced, true));
    const quire = await conversations(50, turns, async (chat) => {
      const { ms, turnId } = await quireTtft(stack, talking[chat]!, paced, true);
      turnIds.push(turnId);
      return ms;
    });
    ttft.push(ttftRow('50 chats, conversations', quire, direct));

    const stats = (await (await fetch(`${stack.simUrl}/_stats`)).json()) as Array<{
      turnId: string | null;
      closedAt: number | null;
      closeReason: string | null;
    }>;
    const callsPerTurn = turnIds.map((id) => stats.filter((s) => s.turnId === id).length);

    progress('stop latency');
    const stopLatencies: number[] = [];
    const [stopChat] = await newChats(stack, 1);
    for (let i = 0; i < 15; i++) {
      const abort = new AbortController();
      const res = await fetch(`${stack.quireUrl}/api/chats/${stopChat}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: stack.cookie },
        body: JSON.stringify({ text: '[sim:delay=30] [sim:list 80] a long list' }),
        signal: abort.signal,
      });
      const turnId = res.headers.get('x-turn-id')!;
      // keep the stream open: the abort below is what closes it, as the stop button does
      await firstDelta(res, (p) => p.includes('"text-delta"'), false);
      const abortedAt = Date.now();
      abort.abort();
      let closedAt: number | null = null;
      for (let j = 0; j < 100 && closedAt === null; j++) {
        await new Promise((r) => setTimeout(r, 20));
        const s = (await (await fetch(`${stack.simUrl}/_stats`)).json()) as typeof stats;
        closedAt = s.find((x) => x.turnId === turnId)?.closedAt ?? null;
      }
      if (closedAt !== null) stopLatencies.push(closedAt - abortedAt);
      await settle(stack, [stopChat!]);
    }
    return {
      ttft,
      stop: {
        samples: stopLatencies.length,
        medianMs: round(median(stopLatencies)),
        p95Ms: round(percentile(stopLatencies, 95)),
        targetP95Ms: 200,
      },
      callsPerPlainTurn: round(callsPerTurn.reduce((a, b) => a + b, 0) / callsPerTurn.length, 2),
    };
  } finally {
    await stack.close();
  }
}
