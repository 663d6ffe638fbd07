import { describe, expect, it } from 'vitest';
import { isDatabaseUnreachable, whenDatabaseReachable } from './unreachable';

// error shapes as node-postgres and Prisma's pg adapter raise them (seen against a PostgreSQL behind a cut connection)
const closedByServer = Object.assign(new Error('Raw query failed. Message: `Server has closed the connection.`'), {
  code: 'P2010',
  meta: { driverAdapterError: { name: 'DriverAdapterError', cause: { kind: 'ConnectionClosed' } } },
});
const reset = Object.assign(new Error('connect ECONNRESET 127.0.0.1:5432'), { code: 'ECONNRESET' });
const shuttingDown = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
const uniqueViolation = Object.assign(new Error('Unique constraint failed'), {
  code: 'P2002',
  meta: { driverAdapterError: { cause: { kind: 'UniqueConstraintViolation' } } },
});

describe('a database that is not there', () => {
  it('is told apart from a statement that is wrong', () => {
    for (const error of [
      closedByServer,
      reset,
      shuttingDown,
      new Error('Connection terminated unexpectedly'),
      new Error('x', { cause: reset }),
    ])
      expect(isDatabaseUnreachable(error)).toBe(true);
    for (const error of [uniqueViolation, new Error('syntax error'), null, 'ECONNRESET']) expect(isDatabaseUnreachable(error)).toBe(false);
  });

  it('is waited for: the write is tried again until it goes through, and the wait is told', async () => {
    const failures = [reset, closedByServer];
    const events: string[] = [];
    const result = await whenDatabaseReachable(
      async () => {
        const failure = failures.shift();
        if (failure) throw failure;
        return 'saved';
      },
      { sleep: async () => undefined, onWait: (w) => events.push(`${w.state}:${w.tries}`) },
    );
    expect(result).toBe('saved');
    expect(events).toEqual(['waiting:1', 'reached:3']);
  });

  it('a wrong statement fails at once; an outage past the deadline fails with its own error', async () => {
    let tries = 0;
    await expect(
      whenDatabaseReachable(async () => {
        tries++;
        throw uniqueViolation;
      }),
    ).rejects.toBe(uniqueViolation);
    expect(tries).toBe(1);
    await expect(
      whenDatabaseReachable(
        async () => {
          throw reset;
        },
        { deadlineMs: 30, firstPauseMs: 5 },
      ),
    ).rejects.toBe(reset);
  });
});
