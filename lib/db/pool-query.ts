import type pg from 'pg';
import type { Db, Tx } from './client';
import type { Prisma } from '@/lib/generated/prisma/client';

/*
 * The few statements on every message's path (the chat turn's read, claim,
 * opening, settlement and close) skip Prisma's client on PostgreSQL: for one
 * raw statement, its query interpreter and result conversion cost about as
 * much CPU as the driver's whole round trip. They go straight to the pool
 * Prisma itself uses, under the same statement names, with Prisma's value
 * rules: int8 as BigInt, timestamps (stored in UTC without a zone) as Dates,
 * JSON parsed, parameters encoded as its adapter encodes them. Inside a
 * transaction, and on PGlite, they run through Prisma as before.
 */

type DirectSql = <T>(query: Prisma.Sql) => Promise<T[]>;

/**
 * Clients with a direct path, by identity: a transaction's client is another object, so its statements
 * stay in the transaction. On globalThis: Next.js bundles route handlers separately, each bundle with its
 * own copy of this module, and they must find the server's registration.
 */
function registry(): WeakMap<object, DirectSql> {
  const key = Symbol.for('quire.directSql');
  const global = globalThis as typeof globalThis & { [key: symbol]: WeakMap<object, DirectSql> | undefined };
  global[key] ??= new WeakMap();
  return global[key];
}

/**
 * The rows of one raw statement: straight from PostgreSQL's pool for the client that has a direct path,
 * else (a transaction, PGlite) Prisma's $queryRaw.
 */
export function queryRows<T>(db: Db | Tx, query: Prisma.Sql): Promise<T[]> {
  const direct = registry().get(db);
  return direct ? direct<T>(query) : db.$queryRaw<T[]>(query);
}

/** Whether `queryRows` on this client skips Prisma (what the tests check). */
export function hasDirectPath(db: Db | Tx): boolean {
  return registry().has(db);
}

const INT8 = 20;
const TIMESTAMP = 1114;

/** Prisma's conversions for the types these statements return; everything else as the driver parses it. */
function typeParser(types: typeof pg.types): pg.CustomTypesConfig {
  return {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
      if (oid === INT8) return (text: string) => BigInt(text);
      if (oid === TIMESTAMP) return (text: string) => new Date(`${text.replace(' ', 'T')}Z`);
      return types.getTypeParser(oid, format ?? 'text');
    }) as pg.CustomTypesConfig['getTypeParser'],
  };
}

/** A parameter as Prisma's adapter sends it: a Date as its UTC date and time without a zone (the columns hold UTC), a BigInt as text. */
function parameter(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString().slice(0, 23).replace('T', ' ');
  if (typeof value === 'bigint') return value.toString();
  return value;
}

/** Gives `prisma` a direct path to `pool` (the pool its adapter uses), naming statements as the adapter does. */
export function registerDirectSql(
  prisma: Db,
  pool: pg.Pool,
  types: typeof pg.types,
  statementName: (query: { sql: string }) => string,
): void {
  const parsers = typeParser(types);
  registry().set(prisma, async <T>(query: Prisma.Sql) => {
    const text = query.text;
    const result = await pool.query({
      name: statementName({ sql: text }) || undefined,
      text,
      values: query.values.map(parameter),
      types: parsers,
    });
    return result.rows as T[];
  });
}
