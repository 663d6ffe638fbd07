import { describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds } from '@/tests/support/test-database';
import { hotStatementNames } from './prepared-statements';

describe('hotStatementNames', () => {
  it('names a statement from its third use on, with the same name every time', () => {
    const nameOf = hotStatementNames();
    const sql = { sql: 'SELECT 1' };
    expect([nameOf(sql), nameOf(sql)]).toEqual(['', '']);
    const name = nameOf(sql);
    expect(name).toMatch(/^q_[\w-]{24}$/);
    expect(nameOf(sql)).toBe(name);
    // another generator (another process) gives the text the same name
    const other = hotStatementNames({ namedAfterUses: 1 });
    expect(other(sql)).toBe(name);
    expect(other({ sql: 'SELECT 2' })).not.toBe(name);
  });

  it('names at most so many statements and stops counting new texts past its limit', () => {
    const nameOf = hotStatementNames({ namedAfterUses: 1, maxNamed: 2, maxCounted: 3 });
    expect(nameOf({ sql: 'a' })).not.toBe('');
    expect(nameOf({ sql: 'b' })).not.toBe('');
    expect(nameOf({ sql: 'c' })).toBe('');
    const counted = hotStatementNames({ namedAfterUses: 2, maxCounted: 1 });
    counted({ sql: 'first' });
    counted({ sql: 'second' }); // not counted: the first took the only place
    expect(counted({ sql: 'second' })).toBe('');
    expect(counted({ sql: 'first' })).not.toBe('');
  });
});

describe.runIf(testDatabaseKinds().includes('postgres'))('on PostgreSQL', () => {
  it('a statement sent again and again is prepared once per connection and still answers with its own values', async () => {
    const db = await openTestDatabase('postgres');
    try {
      // one transaction: one connection, whose prepared statements pg_prepared_statements lists
      const { answers, prepared } = await db.prisma.$transaction(async (tx) => {
        const answers: unknown[] = [];
        for (let i = 0; i < 5; i++) answers.push(await tx.$queryRaw`SELECT ${i}::int AS n, ${`text ${i}`} AS t`);
        const prepared = await tx.$queryRaw<Array<{ name: string; statement: string }>>`SELECT name, statement FROM pg_prepared_statements`;
        return { answers, prepared };
      });
      expect(answers).toEqual([0, 1, 2, 3, 4].map((i) => [{ n: i, t: `text ${i}` }]));
      expect(prepared.filter((p) => p.statement.includes('AS n'))).toHaveLength(1);
      expect(prepared.find((p) => p.statement.includes('AS n'))!.name).toMatch(/^q_/);
    } finally {
      await db.dispose();
    }
  });
});
