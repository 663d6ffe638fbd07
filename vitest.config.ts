import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname) } },
  test: {
    include: ['lib/**/*.test.ts', 'tests/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // integration tests spend much of their time waiting on child processes, sockets and timers: three files
    // at a time keep the 2-core machine busy without starving it
    maxWorkers: 3,
  },
});
