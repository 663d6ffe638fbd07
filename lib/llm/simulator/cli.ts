/**
 * Runs the simulator in its own process, for benchmarks:
 *   npx tsx lib/llm/simulator/cli.ts --port 4010 [--host 127.0.0.1] [--delay 12]
 * Prints the base URL (ending in /v1) on the first line of stdout.
 */
import { startSimulatorServer } from './node-server';

function flag(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const port = Number(flag('port') ?? process.env.PORT ?? 0);
const delay = flag('delay');
const server = await startSimulatorServer({
  port,
  host: flag('host') ?? '127.0.0.1',
  tokenDelayMs: delay === undefined ? undefined : Number(delay),
});
console.log(server.url);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('[simulator] close failed', error);
        process.exit(1);
      },
    );
  });
}
