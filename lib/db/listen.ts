import pg from 'pg';
import { countError, type ErrorKind } from '@/lib/ops/metrics';
import { logError, logEvent } from '@/lib/log';

export interface ChannelListener {
  /** the PostgreSQL channel (LISTEN) */
  channel: string;
  /** names the connection in pg_stat_activity (`quire-<name>`), its log events and error counter */
  name: ErrorKind & `${string}_bus`;
  onMessage(payload: string): void;
  /** the connection listens (again): whatever was sent while it did not is lost, so catch up here */
  onListening(): void;
  /** first reconnect delay after the connection drops; doubles up to 5 s */
  reconnectBaseMs?: number;
}

const MAX_RECONNECT_MS = 5_000;

/**
 * A LISTEN connection of its own, re-established with backoff whenever it drops
 * (the server restarted, a proxy cut it, an operator terminated it). Every
 * failure is logged and handled here: none becomes an unhandled rejection.
 */
export function listenToChannel(connectionString: string, listener: ChannelListener): { close(): Promise<void> } {
  let closed = false;
  let active: pg.Client | null = null;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  const baseMs = listener.reconnectBaseMs ?? 100;

  const dropped = (client: pg.Client, error: unknown) => {
    if (client !== active) return; // this connection's failure was handled already
    active = null;
    client.removeAllListeners('notification');
    void client.end().catch(() => undefined); // it is broken already; ending only frees its socket
    if (closed) return;
    countError(listener.name);
    const delay = Math.min(Math.max(MAX_RECONNECT_MS, baseMs), baseMs * 2 ** attempt++);
    logError({ event: `${listener.name}_disconnected`, error, retryInMs: delay });
    retryTimer = setTimeout(connect, delay);
    retryTimer.unref();
  };

  function connect() {
    if (closed) return;
    const client = new pg.Client({ connectionString, application_name: `quire-${listener.name.replaceAll('_', '-')}` });
    active = client;
    client.on('notification', (message) => message.payload && listener.onMessage(message.payload));
    client.on('error', (error) => dropped(client, error));
    client.on('end', () => dropped(client, new Error('the connection ended')));
    client
      .connect()
      .then(() => client.query(`LISTEN ${listener.channel}`))
      .then(() => {
        if (attempt > 0) logEvent({ event: `${listener.name}_reconnected`, attempts: attempt });
        attempt = 0;
        listener.onListening();
      })
      .catch((error: unknown) => dropped(client, error));
  }
  connect();

  return {
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const client = active;
      active = null;
      await client?.end().catch(() => undefined);
    },
  };
}
