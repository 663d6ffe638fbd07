import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaClient } from '@/lib/generated/prisma/client';
import { lockDataDir } from './data-dir-lock';
import { newPglite } from './new-pglite';
import { applyMigrations } from './migrate';
import { pgliteAdapterFactory } from './pglite-adapter';
import { whileHoldingMigrationLock } from './migration-lock';
import { postgresMigrationAdapterFactory } from './postgres-adapter';
import { hotStatementNames } from './prepared-statements';
import { registerDirectSql } from './pool-query';
import { logError } from '@/lib/log';

export type Db = PrismaClient;
/** The client inside `db.$transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

export interface Database {
  prisma: PrismaClient;
  kind: 'pglite' | 'postgres';
  /** set for PostgreSQL: LISTEN/NOTIFY needs a dedicated connection string */
  databaseUrl?: string;
  /** set for PGlite: its own LISTEN/NOTIFY */
  pglite?: PGlite;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  migrate?: boolean;
  /** in-memory PGlite (tests); no lock */
  memory?: boolean;
  /** a new PGlite cluster (in memory, or in a data directory that holds none yet) started from this dump
   * (`dumpDataDir`, lib/db/pglite-image.ts) instead of an empty one; migrations then run as usual */
  image?: Blob;
}

/**
 * A database that went away must show as an error the callers can wait out
 * (lib/db/unreachable.ts), not as a query that hangs: a connection attempt that
 * gets no answer, or a wait for a free connection, gives up after 15 s, and TCP
 * keep-alive finds a connection whose server vanished without closing it.
 */
const POOL_FAULT_LIMITS = { connectionTimeoutMillis: 15_000, keepAlive: true } as const;

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const { databaseUrl } = options;
    if (options.migrate !== false)
      await whileHoldingMigrationLock(databaseUrl, async () => {
        const adapters = postgresMigrationAdapterFactory(databaseUrl);
        try {
          await applyMigrations(adapters);
        } finally {
          await adapters.close();
        }
      });
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, ...POOL_FAULT_LIMITS });
    // an idle connection the server dropped leaves the pool; the next query opens another
    pool.on('error', (error) => logError({ event: 'database_idle_connection_error', error }));
    const statementName = hotStatementNames();
    const prisma = new PrismaClient({
      adapter: new PrismaPg(pool, { statementNameGenerator: statementName, disposeExternalPool: true }),
    });
    registerDirectSql(prisma, pool, pg.types, statementName);
    return { prisma, kind: 'postgres', databaseUrl: options.databaseUrl, close: () => prisma.$disconnect() };
  }
  let release = async () => {};
  let pglite: PGlite;
  if (options.memory) {
    pglite = newPglite(undefined, options.image ? { loadDataDir: options.image } : {});
  } else {
    const dir = path.join(options.dataDir, 'pglite');
    mkdirSync(options.dataDir, { recursive: true });
    release = await lockDataDir(options.dataDir);
    const fresh = !existsSync(path.join(dir, 'PG_VERSION'));
    pglite = newPglite(dir, fresh && options.image ? { loadDataDir: options.image } : {});
  }
  try {
    await pglite.waitReady;
    const adapter: SqlMigrationAwareDriverAdapterFactory = pgliteAdapterFactory(pglite);
    if (options.migrate !== false) await applyMigrations(adapter);
    const prisma = new PrismaClient({ adapter });
    return {
      prisma,
      kind: 'pglite',
      pglite,
      close: async () => {
        await prisma.$disconnect();
        await pglite.close();
        await release();
      },
    };
  } catch (error) {
    await pglite.close().catch(() => undefined);
    await release();
    throw error;
  }
}
