import pg from 'pg';

/**
 * Servers on several machines that start together on one new database all try
 * to migrate it. Prisma's schema engine takes an advisory lock for that but
 * gives up after 10 seconds, so the second server failed to start ("migration
 * timed out") while the first was still creating tables. Waiting on a lock of
 * our own first, without a time limit, lets the others in one at a time; each
 * then finds the migrations applied and goes on. (A key of our own: the
 * engine's lock, taken inside, must stay free for it.)
 */
export const MIGRATION_LOCK_KEY = 7_244_117_301;

export async function whileHoldingMigrationLock<T>(connectionString: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    return await work();
  } finally {
    // ending the session releases the lock whatever happened
    await client.end();
  }
}
