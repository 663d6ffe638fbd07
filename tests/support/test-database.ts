import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '@/lib/db/client';
import { MIGRATIONS_DIR } from '@/lib/db/migrate';

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
    const db = await openDatabase({ dataDir: '', memory: true, migrate: false, memoryImage: await migratedPgliteImage() });
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

/**
 * A migrated PGlite cluster as a dump, made once per set of migrations and kept under node_modules/.cache.
 * A fresh PGlite runs initdb and then every migration, about 3 s of CPU; starting from the dump takes a third
 * of that, and the suite opens a database in nearly every test file.
 */
async function migratedPgliteImage(): Promise<Blob> {
  const migrations = readdirSync(MIGRATIONS_DIR, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  const hash = createHash('sha256').update(readFileSync(path.resolve('node_modules/@electric-sql/pglite/package.json')));
  for (const file of migrations) hash.update(file).update(readFileSync(file));
  const dir = path.resolve('node_modules/.cache/quire-pglite');
  const file = path.join(dir, `migrated-${hash.digest('hex').slice(0, 16)}.tar`);
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    const db = await openDatabase({ dataDir: '', memory: true });
    try {
      const image = await db.pglite!.dumpDataDir('none');
      mkdirSync(dir, { recursive: true });
      // test files start in parallel: each writes its own file and renames it into place
      const partial = `${file}.${process.pid}.${randomBytes(3).toString('hex')}`;
      writeFileSync(partial, Buffer.from(await image.arrayBuffer()));
      renameSync(partial, file);
      return image;
    } finally {
      await db.close();
    }
  }
}
