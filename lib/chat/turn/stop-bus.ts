import type { Database } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import { countError } from '@/lib/ops/metrics';
import { logError } from '@/lib/log';
import { listenToChannel } from '@/lib/db/listen';

/**
 * Stops a chat's live turn from anywhere. Each process keeps the abort handles of
 * the turns it streams. On PostgreSQL a Stop reaches the process that streams the
 * turn two ways: a NOTIFY (immediate, while that process's LISTEN connection is
 * up) and a flag on the chat row that every process reads once a second for the
 * turns it streams (so a Stop sent while the connection is down, or lost between
 * a drop and the reconnect, still ends the turn).
 */
export interface StopBus {
  /** this process streams the chat's live turn; call the returned function once its answer is saved */
  /** `lockId`: the chat lock the turn runs under when it is not its own turn id (an answer of a side-by-side round) */
  register(turn: { chatId: string; turnId: string; messageId?: string; lockId?: string }, abort: (reason: string) => void): () => void;
  /**
   * Stops the chat's live turn, or with `messageId` only the answer with that id (one answer of a
   * side-by-side round; the others go on). An answer's Stop travels by NOTIFY only: the flag on the
   * chat row would stop them all.
   */
  requestStop(chatId: string, messageId?: string): Promise<void>;
  /** aborts every turn this process streams and resolves once each has saved its answer */
  stopAll(reason: string): Promise<void>;
  close(): Promise<void>;
}

export interface StopBusOptions {
  /** how often the stop flags of this process's live turns are read (PostgreSQL) */
  flagPollMs?: number;
  /** first reconnect delay after the LISTEN connection drops; doubles up to 5 s */
  reconnectBaseMs?: number;
}

const CHANNEL = 'quire_stop';

interface LiveTurn {
  chatId: string;
  turnId: string;
  messageId?: string;
  lockId?: string;
  abort: (reason: string) => void;
  saved: Promise<void>;
}

export function createStopBus(database: Pick<Database, 'kind' | 'databaseUrl' | 'prisma'>, options: StopBusOptions = {}): StopBus {
  const live = new Map<string, Set<LiveTurn>>();
  const abortLocal = (chatId: string, lockId?: string, messageId?: string) => {
    for (const turn of live.get(chatId) ?? [])
      if ((!lockId || (turn.lockId ?? turn.turnId) === lockId) && (!messageId || turn.messageId === messageId)) turn.abort('stopped');
  };
  const shared = database.kind === 'postgres' && database.databaseUrl;
  const listener = shared
    ? listenToChannel(database.databaseUrl!, {
        channel: CHANNEL,
        name: 'stop_bus',
        // "<chatId>" stops the chat's live turn, "<chatId> <messageId>" one answer of it
        onMessage: (payload) => {
          const [chatId, messageId] = payload.split(' ');
          abortLocal(chatId!, undefined, messageId);
        },
        // stops sent while this process was not listening are still flagged in the database
        onListening: () => void readFlagsLogged(),
        reconnectBaseMs: options.reconnectBaseMs,
      })
    : null;

  /** One query a second for all of this process's live turns, whatever their number. */
  async function readFlags(): Promise<void> {
    const chatIds = [...live.keys()];
    if (chatIds.length === 0) return;
    const flagged = await database.prisma.$queryRaw<Array<{ id: string; liveTurnId: string }>>`
      SELECT id, "liveTurnId" FROM chat
      WHERE id IN (${Prisma.join(chatIds)}) AND "stopRequestedAt" IS NOT NULL AND "liveTurnId" IS NOT NULL`;
    for (const row of flagged) abortLocal(row.id, row.liveTurnId);
  }
  const readFlagsLogged = () =>
    readFlags().catch((error: unknown) => {
      countError('stop_bus');
      logError({ event: 'stop_flag_read_error', error });
    });
  const poller = shared ? setInterval(() => void readFlagsLogged(), options.flagPollMs ?? 1_000) : null;
  poller?.unref();

  let stoppingAll: string | null = null;
  return {
    register({ chatId, turnId, messageId, lockId }, abort) {
      if (stoppingAll) abort(stoppingAll); // a turn that starts while the process shuts down stops at once
      let markSaved = () => {};
      const saved = new Promise<void>((resolve) => (markSaved = resolve));
      const turn: LiveTurn = { chatId, turnId, messageId, lockId, abort, saved };
      const set = live.get(chatId) ?? new Set();
      set.add(turn);
      live.set(chatId, set);
      return () => {
        set.delete(turn);
        if (set.size === 0 && live.get(chatId) === set) live.delete(chatId);
        markSaved();
      };
    },
    async requestStop(chatId, messageId) {
      abortLocal(chatId, undefined, messageId);
      if (!shared) return; // one process: the local abort was the whole stop
      if (messageId) {
        await database.prisma.$executeRaw`
          SELECT pg_notify(${CHANNEL}, id || ' ' || ${messageId}) FROM chat WHERE id = ${chatId} AND "liveTurnId" IS NOT NULL`;
        return;
      }
      // The flag and the NOTIFY in one statement on the regular pool: neither needs
      // this process's LISTEN connection, so a Stop works while it reconnects.
      await database.prisma.$executeRaw`
        WITH flagged AS (
          UPDATE chat SET "stopRequestedAt" = now() WHERE id = ${chatId} AND "liveTurnId" IS NOT NULL RETURNING id
        )
        SELECT pg_notify(${CHANNEL}, id) FROM flagged`;
    },
    async stopAll(reason) {
      stoppingAll = reason;
      for (;;) {
        const turns = [...live.values()].flatMap((set) => [...set]);
        if (turns.length === 0) return;
        for (const turn of turns) turn.abort(reason);
        await Promise.all(turns.map((turn) => turn.saved));
      }
    },
    async close() {
      if (poller) clearInterval(poller);
      await listener?.close();
    },
  };
}
