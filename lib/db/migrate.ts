import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import type { MigrationList } from '@prisma/schema-engine-wasm';
import { openSchemaEngine } from './schema-engine';

export const MIGRATIONS_DIR = path.resolve(process.cwd(), 'prisma/migrations');
export const SCHEMA_PATH = path.resolve(process.cwd(), 'prisma/schema.prisma');

export async function readMigrationList(dir = MIGRATIONS_DIR): Promise<MigrationList> {
  const entries = (await readdir(dir, { withFileTypes: true }).catch(() => []))
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const lockPath = path.join(dir, 'migration_lock.toml');
  return {
    baseDir: dir,
    lockfile: { path: 'migration_lock.toml', content: await readFile(lockPath, 'utf8').catch(() => null) },
    shadowDbInitScript: '',
    migrationDirectories: await Promise.all(
      entries.map(async (name) => ({
        path: name,
        migrationFile: {
          path: 'migration.sql',
          content: await readFile(path.join(dir, name, 'migration.sql'), 'utf8').then(
            (sql) => ({ tag: 'ok' as const, value: sql }),
            (err: Error) => ({ tag: 'error' as const, value: err.message }),
          ),
        },
      })),
    ),
  };
}

/**
 * Applies pending migrations through Prisma's WASM schema engine and records them
 * in `_prisma_migrations`, exactly as `prisma migrate deploy` would. Throws (with
 * the engine's message) when a migration fails, so start-up stops loudly.
 */
export async function applyMigrations(adapterFactory: SqlMigrationAwareDriverAdapterFactory, dir = MIGRATIONS_DIR): Promise<string[]> {
  const schema = await readFile(SCHEMA_PATH, 'utf8');
  const scriptErrors: string[] = [];
  const engine = await openSchemaEngine(schema, capturingScriptErrors(adapterFactory, scriptErrors));
  try {
    const { appliedMigrationNames } = await engine.applyMigrations({
      migrationsList: await readMigrationList(dir),
      filters: { externalTables: [], externalEnums: [] },
    });
    return appliedMigrationNames;
  } catch (error) {
    // the engine's own message is a Rust span trace; the SQL error is what a person needs
    const cause = scriptErrors.at(-1) ?? describeEngineError(error);
    throw new Error(`Database migration failed: ${cause}`);
  } finally {
    engine.free();
  }
}

/** SQL that takes a database at the state of the existing migrations to the current schema. */
export async function diffMigrationsToSchema(adapterFactory: SqlMigrationAwareDriverAdapterFactory): Promise<string> {
  const schema = await readFile(SCHEMA_PATH, 'utf8');
  const engine = await openSchemaEngine(schema, adapterFactory);
  try {
    const list = await readMigrationList();
    const { stdout } = await engine.diff({
      from: list.migrationDirectories.length ? { tag: 'migrations', ...list } : { tag: 'empty' },
      to: { tag: 'schemaDatamodel', files: [{ path: SCHEMA_PATH, content: schema }] },
      script: true,
      exitCode: null,
      filters: { externalTables: [], externalEnums: [] },
    });
    return stdout ?? '';
  } finally {
    engine.free();
  }
}

function describeEngineError(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error && 'message' in error) return String((error as { message: unknown }).message);
  return String(error);
}

/** Remembers the SQL error of a failing migration script (the engine reports only "external error"). */
function capturingScriptErrors(factory: SqlMigrationAwareDriverAdapterFactory, sink: string[]): SqlMigrationAwareDriverAdapterFactory {
  const wrap = <A extends { executeScript(script: string): Promise<void> }>(adapter: A): A => {
    const execute = adapter.executeScript.bind(adapter);
    adapter.executeScript = async (script: string) => {
      try {
        await execute(script);
      } catch (error) {
        sink.push(describeEngineError(error));
        throw error;
      }
    };
    return adapter;
  };
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => wrap(await factory.connect()),
    connectToShadowDb: async () => wrap(await factory.connectToShadowDb()),
  };
}
