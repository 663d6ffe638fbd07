import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '@/tests/support/test-database';
import { openDatabase } from './client';
import { MIGRATION_LOCK_KEY } from './migration-lock';

// Servers on several machines started together against one new PostgreSQL database.
describe.skipIf(!process.env.TEST_DATABASE_URL)('migrating a new database from several servers at once', () => {
  it('two servers starting together both come up, one migrating while the other waits its turn', async () => {
    const database = await createPostgresDatabase();
    try {
      const both = await Promise.all([0, 1].map(() => openDatabase({ databaseUrl: database.url, dataDir: '' })));
      for (const opened of both) expect(await opened.prisma.user.count()).toBe(0);
      await Promise.all(both.map((opened) => opened.close()));
    } finally {
      await database.drop();
    }
  });

  it("once a server has migrated, no session still holds the schema engine's lock, so the next server's engine gets it at once", async () => {
    const database = await createPostgresDatabase();
    const watcher = new pg.Client({ connectionString: database.url });
    await watcher.connect();
    try {
      const opened = await openDatabase({ databaseUrl: database.url, dataDir: '' });
      const held = await watcher.query(`SELECT count(*)::int AS n FROM pg_locks
         WHERE locktype = 'advisory' AND granted
           AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`);
      // (with a pool of ten the engine's unlock could land on another connection: the lock stayed on an idle one)
      expect(held.rows[0].n).toBe(0);
      await opened.close();
    } finally {
      await watcher.end();
      await database.drop();
    }
  });

  it('a server waits for another that is migrating, however long that takes, instead of failing after 10 s', async () => {
    const database = await createPostgresDatabase();
    const other = new pg.Client({ connectionString: database.url });
    await other.connect();
    try {
      await other.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      let opened = false;
      const starting = openDatabase({ databaseUrl: database.url, dataDir: '' }).then((db) => {
        opened = true;
        return db;
      });
      // the starting server is queued behind the lock the other one holds
      await expect
        .poll(
          async () =>
            (
              await other.query(`SELECT count(*)::int AS n FROM pg_locks
               WHERE locktype = 'advisory' AND NOT granted
                 AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`)
            ).rows[0].n,
          {
            timeout: 30_000,
          },
        )
        .toBe(1);
      expect(opened).toBe(false);
      await other.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      const db = await starting;
      expect(await db.prisma.user.count()).toBe(0);
      await db.close();
    } finally {
      await other.end();
      await database.drop();
    }
  });
});
