import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';

interface PrismaPgInternals {
  client: { query(sql: string): Promise<unknown> };
  onError(error: unknown): never;
}

/**
 * The PostgreSQL adapter for applying migrations. PrismaPg runs a migration
 * script statement by statement, split at every ";", which cuts a function
 * body (a trigger's PL/pgSQL) apart. PostgreSQL takes a whole script as one
 * simple query, and runs it as one transaction: a migration that fails half way
 * leaves nothing half done.
 */
export function postgresMigrationAdapterFactory(
  connectionString: string,
): SqlMigrationAwareDriverAdapterFactory & { close(): Promise<void> } {
  // One connection, closed by close() once the migrations are applied: the engine's advisory lock
  // (pg_advisory_lock) belongs to the session that took it, and the engine leaves it to the session's end.
  // Left in an idle pool, it held the lock, and a second server migrating a moment later timed out on it
  // ("Timed out trying to acquire a postgres advisory lock").
  const inner = new PrismaPg({ connectionString, max: 1 });
  const connected: SqlDriverAdapter[] = [];
  const whole = <A extends SqlDriverAdapter>(adapter: A): A => {
    const internals = adapter as unknown as PrismaPgInternals;
    adapter.executeScript = async (script: string) => {
      try {
        await internals.client.query(script);
      } catch (error) {
        internals.onError(error);
      }
    };
    return adapter;
  };
  return {
    provider: inner.provider,
    adapterName: inner.adapterName,
    connect: async () => {
      const adapter = whole(await inner.connect());
      connected.push(adapter);
      return adapter;
    },
    connectToShadowDb: async () => whole(await inner.connectToShadowDb()),
    close: async () => {
      await Promise.all(connected.splice(0).map((adapter) => adapter.dispose()));
    },
  };
}
