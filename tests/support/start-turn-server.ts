import { spawn, type ChildProcess } from 'node:child_process';
import { bundledScript } from './bundled-script';

export interface TurnServerProcess {
  port: number;
  child: ChildProcess;
}

/** Starts tests/support/turn-server.ts as its own process on PostgreSQL; resolves once it listens. */
export async function startTurnServer(databaseUrl: string, simUrl: string, env: Record<string, string> = {}): Promise<TurnServerProcess> {
  const child = spawn(process.execPath, [await bundledScript('tests/support/turn-server.ts')], {
    env: { ...process.env, DATABASE_URL: databaseUrl, LLM_BASE_URL: simUrl, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`turn server exited with ${code}`)));
    child.stdout!.on('data', (data: Buffer) => {
      const match = /listening (\d+)/.exec(data.toString());
      if (match) resolve({ port: Number(match[1]), child });
    });
  });
}
