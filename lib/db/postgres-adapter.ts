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
export function postgresMigrationAdapterFactory(connectionString: string): SqlMigrationAwareDriverAdapterFactory {
  const inner = new PrismaPg({ connectionString, max: 10 });
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
    connect: async () => whole(await inner.connect()),
    connectToShadowDb: async () => whole(await inner.connectToShadowDb()),
  };
}
