import pg from 'pg';
import type { Database } from '@/lib/db/client';

/**
 * Stops a chat's live turn from anywhere. Each process keeps the abort handles of
 * the turns it streams; on PostgreSQL a NOTIFY reaches every web process, so a
 * stop sent to one instance aborts the stream another instance holds.
 */
export interface StopBus {
  register(chatId: string, abort: (reason: string) => void): () => void;
  requestStop(chatId: string): Promise<void>;
  close(): Promise<void>;
}

const CHANNEL = 'quire_stop';

export function createStopBus(database: Pick<Database, 'kind' | 'databaseUrl'>): StopBus {
  const local = new Map<string, Set<(reason: string) => void>>();
  const abortLocal = (chatId: string) => {
    for (const abort of local.get(chatId) ?? []) abort('stopped');
  };
  let listener: pg.Client | undefined;
  let listening: Promise<void> | undefined;
  if (database.kind === 'postgres' && database.databaseUrl) {
    listener = new pg.Client({ connectionString: database.databaseUrl });
    listener.on('notification', (msg) => msg.payload && abortLocal(msg.payload));
    listener.on('error', (error) => console.error(JSON.stringify({ event: 'stop_bus_error', error: String(error) })));
    listening = listener.connect().then(() => listener!.query(`LISTEN ${CHANNEL}`)).then(() => undefined);
  }
  return {
    register(chatId, abort) {
      const set = local.get(chatId) ?? new Set();
      set.add(abort);
      local.set(chatId, set);
      return () => {
        set.delete(abort);
        if (set.size === 0) local.delete(chatId);
      };
    },
    async requestStop(chatId) {
      abortLocal(chatId);
      if (listener && listening) {
        await listening;
        await listener.query('SELECT pg_notify($1, $2)', [CHANNEL, chatId]);
      }
    },
    async close() {
      await listener?.end().catch(() => undefined);
    },
  };
}
