import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '@/lib/db/client';
import { migratedPgliteImage } from '@/lib/db/pglite-image';

export type TestDatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export function testDatabaseKinds(): TestDatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDatabase extends Database {
  url?: string;
  /** closes and, for PostgreSQL, drops the database this test created */
  dispose(): Promise<void>;
}

/** A fresh, migrated database: in-memory PGlite, or a new PostgreSQL database that dispose() drops. */
export async function openTestDatabase(kind: TestDatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const db = await openDatabase({ dataDir: '', memory: true, migrate: false, image: await migratedPgliteImage() });
    return { ...db, dispose: () => db.close() };
  }
  const { url, drop } = await createPostgresDatabase();
  const db = await openDatabase({ databaseUrl: url, dataDir: '' });
  return {
    ...db,
    url,
    dispose: async () => {
      await db.close();
      await drop();
    },
  };
}

export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `quire_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
