import type { PGlite } from '@electric-sql/pglite';
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { newPglite } from './new-pglite';

/**
 * pglite-prisma-adapter 0.7 fires `executeScript` without awaiting it, so a
 * failing migration would be reported as applied and start-up would go on with
 * a half-migrated database. This factory awaits the script and rethrows.
 */
export function pgliteAdapterFactory(pglite: PGlite): SqlMigrationAwareDriverAdapterFactory {
  const inner = new PrismaPGlite(pglite);
  const fix = (adapter: SqlDriverAdapter): SqlDriverAdapter => {
    adapter.executeScript = async (script: string) => {
      await pglite.exec(script);
    };
    return adapter;
  };
  return {
    provider: inner.provider,
    adapterName: inner.adapterName,
    connect: async () => fix(await inner.connect()),
    // the shadow database (where the engine replays migrations to diff them) is an in-memory PGlite with
    // Quire's extensions: the adapter's own would have none, and `CREATE EXTENSION pg_trgm` would fail there
    connectToShadowDb: async () => {
      const shadow = newPglite();
      const adapter = await new PrismaPGlite(shadow).connect();
      adapter.executeScript = async (script: string) => {
        await shadow.exec(script);
      };
      const dispose = adapter.dispose.bind(adapter);
      adapter.dispose = async () => {
        await dispose();
        await shadow.close();
      };
      return adapter;
    },
  };
}
