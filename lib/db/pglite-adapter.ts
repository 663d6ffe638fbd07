import type { PGlite } from '@electric-sql/pglite';
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaPGlite } from 'pglite-prisma-adapter';

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
    connectToShadowDb: async () => {
      const shadow = await inner.connectToShadowDb();
      // the shadow adapter has its own PGlite; await its scripts through it
      const client = (shadow as unknown as { client: PGlite }).client;
      shadow.executeScript = async (script: string) => {
        await client.exec(script);
      };
      return shadow;
    },
  };
}
