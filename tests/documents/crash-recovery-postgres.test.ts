import { it } from 'vitest';
import { testDatabaseKinds } from '@/tests/support/test-database';
import { crashSuite } from './crash-recovery.shared';

it.runIf(testDatabaseKinds().includes('postgres'))(
  'a job killed with SIGKILL at every step completes on PostgreSQL: each section drafted once, no duplicated facts, no double charges',
  async () => {
    await crashSuite('postgres');
  },
  480_000,
);
