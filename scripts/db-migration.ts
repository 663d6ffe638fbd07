// npm run db:migration -- <name>: writes prisma/migrations/<timestamp>_<name>/migration.sql
// with the SQL that takes the existing migrations to the current schema.prisma.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { newPglite } from '../lib/db/new-pglite';
import { pgliteAdapterFactory } from '../lib/db/pglite-adapter';
import { diffMigrationsToSchema, MIGRATIONS_DIR } from '../lib/db/migrate';

const name = (process.argv[2] ?? '')
  .trim()
  .toLowerCase()
  .replace(/[^a-z0-9]+/g, '_')
  .replace(/^_|_$/g, '');
if (!name) {
  console.error('usage: npm run db:migration -- <name>');
  process.exit(2);
}
// The engine replays existing migrations on a shadow database: an in-memory PGlite.
const sql = await diffMigrationsToSchema(pgliteAdapterFactory(newPglite()));
if (!sql.trim() || /^-- This is an empty migration/.test(sql.trim())) {
  console.log('The schema matches the migrations: nothing to write.');
  process.exit(0);
}
const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
const dir = path.join(MIGRATIONS_DIR, `${stamp}_${name}`);
await mkdir(dir, { recursive: true });
await writeFile(path.join(dir, 'migration.sql'), sql);
await writeFile(path.join(MIGRATIONS_DIR, 'migration_lock.toml'), '# Do not edit by hand.\nprovider = "postgresql"\n');
console.log(`Wrote ${path.relative(process.cwd(), dir)}/migration.sql`);
