import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { applyMigrations, MIGRATIONS_DIR } from './migrate';
import { newPglite } from './new-pglite';
import { pgliteAdapterFactory } from './pglite-adapter';

/**
 * A migrated embedded cluster as a dump (`dumpDataDir`), kept under node_modules/.cache, one per set of
 * migrations and PGlite version. A new embedded database runs initdb and then every migration, seconds of
 * CPU; started from the dump it takes a fraction of that. The test suite opens one in nearly every test
 * file, and the browser tests start a dozen servers on new data directories.
 */
function imageFile(): string {
  const migrations = readdirSync(MIGRATIONS_DIR, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  const hash = createHash('sha256').update(readFileSync(path.resolve('node_modules/@electric-sql/pglite/package.json')));
  for (const file of migrations) hash.update(path.relative(MIGRATIONS_DIR, file)).update(readFileSync(file));
  return path.resolve('node_modules/.cache/quire-pglite', `migrated-${hash.digest('hex').slice(0, 16)}.tar`);
}

/** The dump for today's migrations when one was made (by the tests), else undefined: the server never makes one. */
export function cachedPgliteImage(): Blob | undefined {
  try {
    return readImage(imageFile());
  } catch {
    return undefined;
  }
}

function readImage(file: string): Blob | undefined {
  return existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
}

/** The dump for today's migrations, made first when there is none. */
export async function migratedPgliteImage(): Promise<Blob> {
  const file = imageFile();
  const cached = readImage(file);
  if (cached) return cached;
  const pglite = newPglite();
  try {
    await applyMigrations(pgliteAdapterFactory(pglite));
    const image = await pglite.dumpDataDir('none');
    mkdirSync(path.dirname(file), { recursive: true });
    // test files (and test runners) start in parallel: each writes its own file and renames it into place
    const partial = `${file}.${process.pid}.${randomBytes(3).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await image.arrayBuffer()));
    renameSync(partial, file);
    return image;
  } finally {
    await pglite.close();
  }
}
