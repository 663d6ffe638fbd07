import { mkdtempSync, mkdirSync, writeFileSync, rmSync, cpSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { newPglite } from './new-pglite';
import { pgliteAdapterFactory } from '@/lib/db/pglite-adapter';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds } from '@/tests/support/test-database';
import { applyMigrations, diffMigrationsToSchema, MIGRATIONS_DIR } from './migrate';

describe.each(testDatabaseKinds())('migrations on an empty %s database', (kind) => {
  it('creates every table and records the migrations in _prisma_migrations', async () => {
    const db = await openTestDatabase(kind);
    try {
      const applied = await db.prisma.$queryRaw<Array<{ migration_name: string; finished_at: Date | null }>>`
        SELECT migration_name, finished_at FROM _prisma_migrations ORDER BY migration_name`;
      expect(applied.length).toBeGreaterThan(0);
      expect(applied.every((m) => m.finished_at !== null)).toBe(true);
      expect(await db.prisma.wallet.count()).toBe(0);
      expect(await db.prisma.message.count()).toBe(0);
    } finally {
      await db.dispose();
    }
  });

  it('enforces a non-negative balance in the database itself', async () => {
    const db = await openTestDatabase(kind);
    try {
      await db.prisma.user.create({ data: { id: 'u1', name: 'U', email: 'u1@example.com' } });
      await db.prisma.wallet.create({ data: { userId: 'u1', balanceMicros: 10n, creditedMicros: 10n } });
      await expect(
        db.prisma.$executeRaw`UPDATE wallet SET "balanceMicros" = -1, "chargedMicros" = 11 WHERE "userId" = 'u1'`,
      ).rejects.toThrow(/wallet_balance_nonnegative/);
    } finally {
      await db.dispose();
    }
  });
});

describe('migration tooling', () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'quire-migrations-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('the committed migrations match schema.prisma (no drift)', async () => {
    const sql = await diffMigrationsToSchema(pgliteAdapterFactory(newPglite()));
    expect(sql.replace(/--.*$/gm, '').trim()).toBe('');
  });

  it('a failing migration stops with its error instead of starting half-migrated', async () => {
    const dir = path.join(tmp, 'migrations');
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    mkdirSync(path.join(dir, '99990101000000_broken'));
    writeFileSync(path.join(dir, '99990101000000_broken', 'migration.sql'), 'ALTER TABLE "no_such_table" ADD COLUMN x INT;');
    const cwd = process.cwd();
    const project = path.join(tmp, 'project');
    mkdirSync(path.join(project, 'prisma'), { recursive: true });
    cpSync(path.join(cwd, 'prisma/schema.prisma'), path.join(project, 'prisma/schema.prisma'));
    cpSync(dir, path.join(project, 'prisma/migrations'), { recursive: true });
    const { readMigrationList } = await import('./migrate');
    const list = await readMigrationList(path.join(project, 'prisma/migrations'));
    expect(list.migrationDirectories.at(-1)?.path).toBe('99990101000000_broken');
    const pglite = newPglite();
    await expect(applyMigrations(pgliteAdapterFactory(pglite), path.join(project, 'prisma/migrations'))).rejects.toThrow(/no_such_table/);
    await pglite.close();
  });
});
