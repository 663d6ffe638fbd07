// A web process of Quire reduced to its turn engine: the same prepareTurn →
// streamTurnResponse path the route handlers take, served on its own port.
// Tests start two of these on one PostgreSQL to prove cross-process behaviour.
import { createServer } from 'node:http';
import { openDatabase } from '@/lib/db/client';
import { ModelCatalog } from '@/lib/llm/catalog';
import { createModelProvider } from '@/lib/llm/provider';
import { SIMULATED_MODELS } from '@/lib/llm/simulator';
import { AppError } from '@/lib/errors';
import { errorResponse } from '@/lib/http/error-response';
import { prepareTurn } from '@/lib/chat/turn/prepare-turn';
import { streamTurnResponse } from '@/lib/chat/turn/turn-response';
import { createStopBus } from '@/lib/chat/turn/stop-bus';
import { stopLiveTurn } from '@/lib/chat/turn/stop-turn';
import type { TurnDeps } from '@/lib/chat/turn/types';

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, dataDir: '', migrate: false });
// tests slow one path down to prove the other: a long flag poll leaves only the NOTIFY, a long reconnect keeps the bus down
const stopBus = createStopBus(database, {
  flagPollMs: process.env.STOP_FLAG_POLL_MS ? Number(process.env.STOP_FLAG_POLL_MS) : undefined,
  reconnectBaseMs: process.env.STOP_BUS_RECONNECT_MS ? Number(process.env.STOP_BUS_RECONNECT_MS) : undefined,
});
const deps: TurnDeps = {
  db: database.prisma,
  provider: createModelProvider({ baseUrl: process.env.LLM_BASE_URL! }),
  catalog: new ModelCatalog(SIMULATED_MODELS.map((m) => ({ ...m, simulated: true }))),
  stopBus,
  wallClockMs: process.env.TURN_WALL_CLOCK_MS ? Number(process.env.TURN_WALL_CLOCK_MS) : 60_000,
};

const server = createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : {};
  const abort = new AbortController();
  res.on('close', () => abort.abort());
  const request = new Request(`http://local${req.url}`, { method: 'POST', signal: abort.signal });
  let response: Response;
  try {
    if (req.url === '/stop') {
      await stopLiveTurn(database.prisma, stopBus, body.chatId);
      response = Response.json({ ok: true });
    } else {
      const turn = await prepareTurn(deps, {
        userId: body.userId,
        chatId: body.chatId,
        mode: 'answer',
        text: body.text,
        rateLimitPerMinute: 10_000,
      });
      response = streamTurnResponse(deps, turn, request);
    }
  } catch (error) {
    response = error instanceof AppError ? errorResponse(error) : Response.json({ error: String(error) }, { status: 500 });
  }
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (!response.body) return res.end();
  const reader = response.body.getReader();
  res.on('close', () => void reader.cancel().catch(() => undefined));
  for (;;) {
    const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
    if (done) break;
    res.write(value);
  }
  res.end();
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : ''}`);
});
