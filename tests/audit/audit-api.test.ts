import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as exportRoute } from '@/app/api/staff/audit/export/route';
import { GET as listRoute } from '@/app/api/staff/audit/route';
import { nextLink } from '@/components/api/fetch-page';
import type { App } from '@/lib/app';
import { recordAudit } from '@/lib/audit/audit-log';
import { cookieOf, jsonRequest, serveTestApp, signUp } from '@/tests/support/auth-client';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '@/tests/support/test-database';

/**
 * GET /api/staff/audit and its CSV export, through the route handlers: staff
 * only, the filters, keyset pages that give each row once while new rows keep
 * arriving, and a CSV a spreadsheet cannot be tricked by.
 */

type Row = { id: string; at: string; action: string; actorEmail: string | null; targetLabel: string | null; address: string | null };
const ctx = { params: Promise.resolve({}) };
const DAY = 86_400_000;
const BASE = Date.UTC(2026, 10, 1, 12);

describe.each(testDatabaseKinds())('audit API (%s)', (kind) => {
  let db: TestDatabase;
  let app: App;
  let staffCookie: string;
  let userCookie: string;

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    app = await serveTestApp(db);
    staffCookie = cookieOf(await signUp(app, { email: 'audit-reader@example.com' }));
    await db.prisma.user.update({ where: { email: 'audit-reader@example.com' }, data: { role: 'staff' } });
    userCookie = cookieOf(await signUp(app, { email: 'audit-curious@example.com' }));
    // 30 rows over 30 days: alice grants, bob opens transcripts; one hostile chat title
    for (let i = 0; i < 30; i++) {
      const alice = i % 2 === 0;
      await recordAudit(db.prisma, {
        actor: { userId: alice ? 'alice-id' : 'bob-id', email: alice ? 'alice@example.com' : 'bob@example.com', address: `192.0.2.${i}` },
        action: alice ? 'credits_granted' : 'transcript_opened',
        target: {
          type: alice ? 'user' : 'chat',
          id: `target-${i}`,
          label: i === 29 ? '=HYPERLINK("http://evil.example","click"), or not' : `target ${i}`,
        },
        detail: alice
          ? { amountMicros: 1000 * i, reason: i === 28 ? '-5 credits, "sorry"\nline two' : 'goodwill' }
          : { owner: 'someone@example.com' },
        at: new Date(BASE + i * DAY),
      });
    }
  });

  afterAll(async () => {
    await app?.stopBus.close();
    await db?.dispose();
  });

  const list = (query: string, cookie = staffCookie) => listRoute(jsonRequest(`/api/staff/audit${query}`, { cookie }), ctx);
  const csv = (query: string, cookie = staffCookie) => exportRoute(jsonRequest(`/api/staff/audit/export${query}`, { cookie }), ctx);

  async function readAll(first: string): Promise<{ rows: Row[]; pages: number }> {
    const rows: Row[] = [];
    let pages = 0;
    for (let url: string | null = `/api/staff/audit${first}`; url; pages++) {
      const response = await listRoute(jsonRequest(url, { cookie: staffCookie }), ctx);
      expect(response.status, await response.clone().text()).toBe(200);
      rows.push(...((await response.json()) as Row[]));
      url = nextLink(response.headers.get('link'));
    }
    return { rows, pages };
  }

  it('answers 401 signed out and 403 to a person who is not staff, for the list and the export', async () => {
    expect((await listRoute(jsonRequest('/api/staff/audit'), ctx)).status).toBe(401);
    expect((await exportRoute(jsonRequest('/api/staff/audit/export'), ctx)).status).toBe(401);
    expect((await list('', userCookie)).status).toBe(403);
    expect((await csv('', userCookie)).status).toBe(403);
    expect((await list('?action=deleted_everything')).status).toBe(400);
    expect((await list('?cursor=not-a-cursor')).status).toBe(400);
  });

  it('filters by act, by actor (part of the email) and by time, newest first', async () => {
    const grants = (await readAll('?action=credits_granted')).rows;
    expect(grants).toHaveLength(15);
    expect(grants.every((r) => r.action === 'credits_granted' && r.actorEmail === 'alice@example.com')).toBe(true);
    expect((await readAll('?actor=BOB')).rows.map((r) => r.action)).toEqual(Array(15).fill('transcript_opened'));
    const from = new Date(BASE + 10 * DAY).toISOString();
    const to = new Date(BASE + 12 * DAY).toISOString();
    const window = (await readAll(`?from=${from}&to=${to}&actor=alice`)).rows;
    expect(window.map((r) => r.targetLabel)).toEqual(['target 12', 'target 10']);
  });

  it('pages by cursor with each row once, while new rows arrive between pages', async () => {
    const seen: Row[] = [];
    let url: string | null = '/api/staff/audit?actor=example.com&limit=7';
    let arrivals = 0;
    while (url) {
      const response = await listRoute(jsonRequest(url, { cookie: staffCookie }), ctx);
      seen.push(...((await response.json()) as Row[]));
      url = nextLink(response.headers.get('link'));
      // someone acts while the reader pages: newer than every row read, it belongs to the first page of a new read
      await recordAudit(db.prisma, {
        actor: { userId: 'carol-id', email: 'carol@example.com', address: null },
        action: 'invite_created',
        target: { type: 'invite', id: `late-${++arrivals}` },
      });
    }
    const seeded = seen.filter((r) => r.actorEmail !== 'carol@example.com');
    expect(seeded).toHaveLength(30);
    expect(new Set(seen.map((r) => r.id)).size).toBe(seen.length);
    expect(seeded.map((r) => r.at)).toEqual([...seeded.map((r) => r.at)].sort().reverse());
    expect(arrivals).toBeGreaterThanOrEqual(5);
  });

  it('exports the filtered rows as CSV whose formula-like cells are neutralised and whose quotes, commas and lines survive', async () => {
    const response = await csv('?action=credits_granted');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="quire-audit-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = await csvText(response);
    expect(text.startsWith('at,action,actor_email,actor_id,target_type,target_id,target,address,detail\r\n')).toBe(true);
    const records = parseCsv(text);
    expect(records).toHaveLength(16);
    expect(records.slice(1).every((r) => r[1] === 'credits_granted')).toBe(true);
    const sorry = records.find((r) => r[5] === 'target-28')!;
    expect(JSON.parse(sorry[8]!)).toEqual({ amountMicros: 28_000, reason: '-5 credits, "sorry"\nline two' });

    const hostile = parseCsv(await csvText(await csv('?actor=bob'))).find((r) => r[5] === 'target-29')!;
    expect(hostile[6]).toBe('\'=HYPERLINK("http://evil.example","click"), or not');
  });

  it('the CSV of an empty filter is the header alone', async () => {
    const text = await csvText(await csv(`?from=${new Date(BASE + 400 * DAY).toISOString()}`));
    expect(parseCsv(text)).toEqual([
      ['at', 'action', 'actor_email', 'actor_id', 'target_type', 'target_id', 'target', 'address', 'detail'],
    ]);
  });
});

/** The file's text, after checking it opens with the UTF-8 byte order mark a spreadsheet needs to read it as UTF-8. */
async function csvText(response: Response): Promise<string> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return new TextDecoder().decode(bytes.slice(3));
}

/** RFC 4180, as a spreadsheet reads it: quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += ch;
  }
  return records;
}
