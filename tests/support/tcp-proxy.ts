import net from 'node:net';

/**
 * A TCP relay in front of a server (PostgreSQL in the tests), to stage what the
 * network and the server do to a client: `cut()` is a server restart (every
 * connection reset, new ones refused until `restore()`), `blackhole()` is a
 * network that stops carrying anything (connections stay open, nothing
 * arrives, new ones get no answer) until `restore()`.
 */
export interface TcpProxy {
  port: number;
  url(databaseUrl: string): string;
  cut(): void;
  blackhole(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: 'open' | 'cut' | 'blackhole' = 'open';
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  const held: Array<() => void> = [];
  const delayed: Array<() => void> = [];

  const relay = (client: net.Socket) => {
    const upstream = net.connect(target.port, target.host);
    const pair = { client, upstream };
    pairs.add(pair);
    // blackholed bytes wait and arrive once the network heals, as TCP's retransmissions would bring them
    const forward = (from: net.Socket, to: net.Socket) =>
      from.on('data', (chunk) => {
        if (mode === 'open') to.write(chunk);
        else delayed.push(() => to.write(chunk));
      });
    forward(client, upstream);
    forward(upstream, client);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  };

  const server = net.createServer((client) => {
    if (mode === 'cut') return client.resetAndDestroy();
    if (mode === 'blackhole') {
      // a connection attempt into a dropping network: no answer until it heals
      client.on('error', () => undefined);
      held.push(() => relay(client));
      return;
    }
    relay(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    url(databaseUrl) {
      const u = new URL(databaseUrl);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    cut() {
      mode = 'cut';
      for (const { client, upstream } of pairs) {
        client.resetAndDestroy();
        upstream.destroy();
      }
      pairs.clear();
    },
    blackhole() {
      mode = 'blackhole';
    },
    restore() {
      mode = 'open';
      for (const write of delayed.splice(0)) write();
      for (const connect of held.splice(0)) connect();
    },
    async close() {
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
