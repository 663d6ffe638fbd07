import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Prisma } from '@/lib/generated/prisma/client';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '@/tests/support/test-database';
import { hasDirectPath, queryRows } from './pool-query';

/**
 * A statement sent straight to PostgreSQL's pool must give exactly what Prisma's $queryRaw gives for the
 * same statement (inside a transaction queryRows goes through Prisma): values, types and parameters.
 */
it('PGlite has no direct path: its statements go through Prisma', async () => {
  const pglite = await openTestDatabase('pglite');
  try {
    expect(hasDirectPath(pglite.prisma)).toBe(false);
    expect(await queryRows(pglite.prisma, Prisma.sql`SELECT ${7}::int AS n`)).toEqual([{ n: 7 }]);
  } finally {
    await pglite.dispose();
  }
});

describe.runIf(testDatabaseKinds().includes('postgres'))('queryRows on PostgreSQL', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase('postgres');
  });
  afterAll(async () => db?.dispose());

  const at = new Date('2026-03-04T05:06:07.089Z');
  const statement = () => Prisma.sql`
    SELECT ${42}::int AS int4, ${9007199254740993n}::bigint AS int8, count(*) AS counted, ${'Grüße 🚚'} AS text,
           ${true}::boolean AS yes, ${'untyped'} AS untyped, NULL::text AS nothing, json_build_object('a', 1, 'b', ${'two'}::text) AS json,
           '{"c": [1, 2]}'::jsonb AS jsonb, ${at}::timestamp AS at, ${at}::timestamp = '2026-03-04 05:06:07.089'::timestamp AS "atIsUtc",
           ${new Date('2026-03-04T00:00:00.000Z')}::timestamp AS midnight, now() AS "nowTz"
    FROM (VALUES (1), (2)) v(n)`;

  it('the server’s client has the direct path; a transaction’s client does not', async () => {
    expect(hasDirectPath(db.prisma)).toBe(true);
    expect(await db.prisma.$transaction(async (tx) => hasDirectPath(tx))).toBe(false);
  });

  it('the same rows as Prisma, value for value and type for type', async () => {
    const direct = await queryRows<Record<string, unknown>>(db.prisma, statement());
    const viaPrisma = await db.prisma.$transaction((tx) => queryRows<Record<string, unknown>>(tx, statement()));
    const { nowTz: directNow, ...directRest } = direct[0]!;
    const { nowTz: prismaNow, ...prismaRest } = viaPrisma[0]!;
    expect(directRest).toEqual(prismaRest);
    expect(directRest).toEqual({
      int4: 42,
      int8: 9007199254740993n,
      counted: 2n,
      text: 'Grüße 🚚',
      yes: true,
      untyped: 'untyped',
      nothing: null,
      json: { a: 1, b: 'two' },
      jsonb: { c: [1, 2] },
      at,
      atIsUtc: true,
      midnight: new Date('2026-03-04T00:00:00.000Z'),
    });
    expect(directNow).toBeInstanceOf(Date);
    expect(prismaNow).toBeInstanceOf(Date);
  });

  it('inside a transaction a statement is the transaction’s: it sees the transaction’s writes and goes with its rollback', async () => {
    const email = `tx-${Date.now()}@example.com`;
    const seen = await db.prisma
      .$transaction(async (tx) => {
        await tx.user.create({ data: { id: email, email, name: 'Tx', emailVerified: true } });
        const rows = await queryRows<{ id: string }>(tx, Prisma.sql`SELECT id FROM "user" WHERE id = ${email}`);
        throw Object.assign(new Error('roll back'), { rows });
      })
      .catch((error: { rows?: unknown }) => error.rows);
    expect(seen).toEqual([{ id: email }]);
    expect(await queryRows(db.prisma, Prisma.sql`SELECT id FROM "user" WHERE id = ${email}`)).toEqual([]);
  });

  it('writes through a data-modifying statement, and an error is thrown, not swallowed', async () => {
    const email = `direct-${Date.now()}@example.com`;
    const [row] = await queryRows<{ id: string; createdAt: Date }>(
      db.prisma,
      Prisma.sql`INSERT INTO "user" (id, email, name, "emailVerified", "createdAt", "updatedAt")
                 VALUES (${email}, ${email}, 'Direct', true, ${at}, ${at}) RETURNING id, "createdAt"`,
    );
    expect(row).toEqual({ id: email, createdAt: at });
    const stored = await db.prisma.user.findUniqueOrThrow({ where: { id: email } });
    expect(stored.createdAt).toEqual(at);
    await expect(queryRows(db.prisma, Prisma.sql`SELECT * FROM no_such_table`)).rejects.toThrow(/no_such_table/);
  });
});
