import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take minutes (the crash suites restart a worker process at every kill point), then the
 * other integration suites, then the rest. Vitest orders by the durations of the last run it remembers; a
 * clean clone has none and would start the longest files last, after everything else.
 */
const LONGEST_FIRST = ['tests/documents/crash-recovery', 'tests/documents/', 'tests/', 'lib/chat/turn/'];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const relative = path.relative(import.meta.dirname, file.moduleId);
      const index = LONGEST_FIRST.findIndex((prefix) => relative.startsWith(prefix));
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    const sorted = await super.sort(files);
    return sorted
      .map((file, order) => ({ file, order }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.order - b.order)
      .map(({ file }) => file);
  }
}

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname) } },
  test: {
    include: ['lib/**/*.test.ts', 'tests/**/*.test.ts'],
    environment: 'node',
    // integration tests drive worker processes and servers: on a machine busy with other work a step can take many seconds
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // integration tests spend much of their time waiting on child processes, sockets and timers: three files
    // at a time keep the 2-core machine busy without starving it
    maxWorkers: 3,
    // a worker runs its files one after another in one module graph: each file no longer loads and compiles
    // the app, Prisma and PGlite's WebAssembly again (seconds of CPU per file). Tests share no module state
    // they depend on: each opens its own database, server and simulator.
    isolate: false,
    sequence: { sequencer: LongestFirst },
  },
});
