import { it } from 'vitest';
import { crashSuite } from './crash-recovery.shared';

it('a job killed with SIGKILL at every step completes on PGlite: each section drafted once, no duplicated facts, no double charges', async () => {
  await crashSuite('pglite');
}, 480_000);
