import { describe, expect, it } from 'vitest';
import { route } from './handler';

describe('a failure on our side', () => {
  it('answers 500 with a request id to quote, never the database’s own text', async () => {
    const handler = route(async () => {
      throw new Error('duplicate key value violates unique constraint "wallet_pkey" DETAIL: Key ("userId")=(u-1) already exists.');
    });
    const response = await handler(new Request('http://quire.test/api/chats', { method: 'POST' }), { params: Promise.resolve({}) });
    expect(response.status).toBe(500);
    const body = await response.json();
    expect(body.error.code).toBe('internal');
    expect(body.error.message).toMatch(/request id [0-9a-f]{12}/);
    expect(body.error.message).toContain(body.requestId);
    expect(response.headers.get('x-request-id')).toBe(body.requestId);
    expect(JSON.stringify(body)).not.toMatch(/constraint|wallet|userId/);
  });

  it('a NUL in a path parameter is a 400, not a database error', async () => {
    const handler = route<{ id: string }>(async () => Response.json({ reached: true }));
    const response = await handler(new Request('http://quire.test/api/chats/x'), { params: Promise.resolve({ id: 'abc\u0000' }) });
    expect(response.status).toBe(400);
  });
});
