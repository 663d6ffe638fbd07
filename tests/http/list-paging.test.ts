import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as ownCreditsRoute } from '@/app/api/credits/route';
import { GET as membersRoute } from '@/app/api/documents/[id]/members/route';
import { GET as documentsRoute } from '@/app/api/documents/route';
import { GET as ledgerRoute } from '@/app/api/ledger/route';
import { GET as notificationsRoute } from '@/app/api/notifications/route';
import { GET as versionsRoute } from '@/app/api/sections/[id]/versions/route';
import { GET as staffCreditsRoute } from '@/app/api/staff/credits/route';
import { GET as invitesRoute } from '@/app/api/staff/invites/route';
import { GET as peopleRoute } from '@/app/api/staff/people/route';
import { GET as staffLedgerRoute } from '@/app/api/staff/ledger/route';
import { GET as transcriptsRoute } from '@/app/api/staff/transcripts/route';
import { nextLink } from '@/components/api/fetch-page';
import type { App } from '@/lib/app';
import { encodeCursor, MAX_PAGE_SIZE } from '@/lib/http/paging';
import { cookieOf, jsonRequest, serveTestApp, signUp } from '@/tests/support/auth-client';
import { createUser } from '@/tests/support/fixtures';
import { openTestDatabase, type TestDatabase } from '@/tests/support/test-database';

/**
 * Every list route pages by cursor, newest first (lib/http/paging.ts): the
 * body is the page's JSON array, the next page is the `Link: <…>; rel="next"`
 * address. Read here through the route handlers, as a client following the
 * header would, over rows seeded straight into the database.
 */

type Row = Record<string, unknown>;
type Handler = (request: Request, context: { params: Promise<never> }) => Promise<Response>;

let db: TestDatabase;
let app: App;
let staffCookie: string;
let staffId: string;

beforeAll(async () => {
  db = await openTestDatabase('pglite');
  app = await serveTestApp(db);
  staffCookie = cookieOf(await signUp(app, { email: 'paging-staff@example.com' }));
  ({ id: staffId } = await db.prisma.user.update({ where: { email: 'paging-staff@example.com' }, data: { role: 'staff' } }));
});

afterAll(async () => {
  await app?.stopBus.close();
  await db?.dispose();
});

async function get(handler: Handler, url: string, cookie: string, params: Record<string, string> = {}): Promise<Response> {
  return handler(jsonRequest(url, { cookie }), { params: Promise.resolve(params) as Promise<never> });
}

/** Every page from `url` on, following the Link header to the end. */
async function readAll(handler: Handler, url: string, cookie: string, params?: Record<string, string>) {
  const pages: Row[][] = [];
  for (let next: string | null = url; next !== null; ) {
    const response = await get(handler, next, cookie, params);
    expect(response.status, `${next}: ${await response.clone().text()}`).toBe(200);
    pages.push((await response.json()) as Row[]);
    next = nextLink(response.headers.get('link'));
    expect(pages.length).toBeLessThan(100);
  }
  return { pages, rows: pages.flat() };
}

const withQuery = (url: string, query: string) => `${url}${url.includes('?') ? '&' : '?'}${query}`;
const PAST = Date.UTC(2021, 0, 1);
const second = (n: number) => n * 1000;
let people = 0;

/** A signed-up person (a session cookie) with their id. */
async function person() {
  const email = `paging-person-${++people}@example.com`;
  const cookie = cookieOf(await signUp(app, { email }));
  const { id } = await db.prisma.user.findUniqueOrThrow({ where: { email }, select: { id: true } });
  return { id, email, cookie };
}

/** One list to page: where it is read, and how rows are made for it. */
interface Scope {
  url: string;
  params?: Record<string, string>;
  cookie: string;
  /** one row per time; the keys of the rows made, in the order of the times */
  seed(ats: Date[]): Promise<string[]>;
}

interface ListCase {
  name: string;
  handler: Handler;
  /** the row's key in the answer, and the id its keyset ties on */
  key(row: Row): string;
  /** the time the list is sorted by, as answered */
  at(row: Row): string;
  /** orders two keys that tie on time, as the list does (descending) */
  tieOrder?(a: string, b: string): number;
  /** rows in the "every page" test */
  many: number;
  scope(): Promise<Scope>;
}

const id = (row: Row) => row.id as string;
const createdAt = (row: Row) => row.createdAt as string;

function ledgerSeed(userId: string) {
  return async (ats: Date[]) => {
    const rows = ats.map((at) => ({ id: randomUUID(), userId, status: 'settled', chargedMicros: 1_000n, createdAt: at }));
    await db.prisma.ledgerEntry.createMany({ data: rows });
    // an entry's calls come with it
    await db.prisma.modelCall.createMany({
      data: rows.slice(0, 3).map((row) => ({ entryId: row.id, seq: 1, model: 'm', purpose: 'answer', reservedMicros: 1_000n })),
    });
    return rows.map((row) => row.id);
  };
}

function creditSeed(userId: string) {
  return async (ats: Date[]) => {
    const rows = ats.map((at) => ({ id: randomUUID(), userId, amountMicros: 1_000n, reason: 'seeded', createdAt: at }));
    await db.prisma.creditGrant.createMany({ data: rows });
    return rows.map((row) => row.id);
  };
}

const CASES: ListCase[] = [
  {
    name: 'staff transcripts (one person’s)',
    handler: transcriptsRoute as Handler,
    key: (row) => row.chatId as string,
    at: (row) => row.lastMessageAt as string,
    many: 260,
    scope: async () => {
      const owner = await createUser(db.prisma, { email: `transcripts-${randomUUID().slice(0, 8)}@example.com` });
      return { url: `/api/staff/transcripts?user=${encodeURIComponent(owner.email)}`, cookie: staffCookie, seed: chatSeed(owner.id) };
    },
  },
  {
    name: 'a person’s ledger',
    handler: ledgerRoute as Handler,
    key: id,
    at: createdAt,
    many: 260,
    scope: async () => {
      const me = await person();
      return { url: '/api/ledger', cookie: me.cookie, seed: ledgerSeed(me.id) };
    },
  },
  {
    name: 'the staff ledger',
    handler: staffLedgerRoute as Handler,
    key: id,
    at: createdAt,
    many: 120,
    scope: async () => {
      const user = await createUser(db.prisma);
      return { url: `/api/staff/ledger?user=${encodeURIComponent(user.email)}`, cookie: staffCookie, seed: ledgerSeed(user.id) };
    },
  },
  {
    name: 'staff top-ups',
    handler: staffCreditsRoute as Handler,
    key: id,
    at: createdAt,
    many: 120,
    scope: async () => {
      const user = await createUser(db.prisma);
      return { url: `/api/staff/credits?user=${encodeURIComponent(user.email)}`, cookie: staffCookie, seed: creditSeed(user.id) };
    },
  },
  {
    name: 'a person’s top-ups',
    handler: ownCreditsRoute as Handler,
    key: id,
    at: createdAt,
    many: 120,
    scope: async () => {
      const me = await person();
      return { url: '/api/credits', cookie: me.cookie, seed: creditSeed(me.id) };
    },
  },
  {
    name: 'documents, own and shared',
    handler: documentsRoute as Handler,
    key: id,
    at: createdAt,
    many: 260,
    scope: async () => {
      const me = await person();
      const other = await createUser(db.prisma);
      return {
        url: '/api/documents',
        cookie: me.cookie,
        seed: async (ats) => {
          // every third is someone else's, shared with the reader
          const rows = ats.map((at, i) => ({
            id: randomUUID(),
            ownerId: i % 3 === 0 ? other.id : me.id,
            request: 'seeded',
            title: `Document ${i}`,
            model: 'm',
            createdAt: at,
          }));
          await db.prisma.document.createMany({ data: rows });
          await db.prisma.documentMember.createMany({
            data: rows.filter((row) => row.ownerId === other.id).map((row) => ({ documentId: row.id, userId: me.id, role: 'reviewer' })),
          });
          return rows.map((row) => row.id);
        },
      };
    },
  },
  {
    name: 'notifications',
    handler: notificationsRoute as Handler,
    key: id,
    at: createdAt,
    many: 260,
    scope: async () => {
      const me = await person();
      return {
        url: '/api/notifications',
        cookie: me.cookie,
        seed: async (ats) => {
          const rows = ats.map((at, i) => ({ id: randomUUID(), userId: me.id, kind: 'document_done', text: `Notice ${i}`, createdAt: at }));
          await db.prisma.notification.createMany({ data: rows });
          return rows.map((row) => row.id);
        },
      };
    },
  },
  {
    name: 'staff invites',
    handler: invitesRoute as Handler,
    key: id,
    at: createdAt,
    many: 260,
    // invites are one list for all staff: each test reads what earlier ones left too
    scope: async () => ({
      url: '/api/staff/invites',
      cookie: staffCookie,
      seed: async (ats) => {
        const rows = ats.map((at) => ({
          id: randomUUID(),
          tokenHash: randomUUID(),
          createdById: staffId,
          createdAt: at,
          expiresAt: new Date(at.getTime() + 7 * 86_400_000),
        }));
        await db.prisma.invite.createMany({ data: rows });
        return rows.map((row) => row.id);
      },
    }),
  },
  {
    name: 'staff people (by part of the address)',
    handler: peopleRoute as Handler,
    key: id,
    at: createdAt,
    many: 260,
    // accounts are one list: each test's rows share an address part no other row has
    scope: async () => {
      const part = `seeded-${randomUUID().slice(0, 8)}`;
      return {
        url: `/api/staff/people?email=${part}`,
        cookie: staffCookie,
        seed: async (ats) => {
          const rows = ats.map((at, i) => ({
            id: randomUUID(),
            name: `Seeded ${i}`,
            email: `${part}-${randomUUID()}@example.com`,
            createdAt: at,
          }));
          await db.prisma.user.createMany({ data: rows });
          return rows.map((row) => row.id);
        },
      };
    },
  },
  {
    name: 'a section’s versions',
    handler: versionsRoute as Handler,
    key: (row) => String(row.version),
    at: createdAt,
    tieOrder: (a, b) => Number(b) - Number(a),
    many: 1000,
    scope: async () => {
      const me = await person();
      const document = await db.prisma.document.create({ data: { ownerId: me.id, request: 'seeded', model: 'm' } });
      const section = await db.prisma.section.create({
        data: { documentId: document.id, position: 0, title: 'A long-edited section', brief: 'b', status: 'written' },
      });
      let version = 0;
      return {
        url: `/api/sections/${section.id}/versions`,
        params: { id: section.id },
        cookie: me.cookie,
        seed: async (ats) => {
          // later saves have higher numbers (of equal times, the one listed first)
          const numbers = new Map(
            ats
              .map((at, i) => ({ at: at.getTime(), i }))
              .sort((a, b) => a.at - b.at || b.i - a.i)
              .map(({ i }) => [i, ++version]),
          );
          const rows = ats.map((at, i) => ({
            sectionId: section.id,
            version: numbers.get(i)!,
            kind: 'manual',
            body: 'Text',
            createdAt: at,
          }));
          await db.prisma.sectionVersion.createMany({ data: rows });
          return rows.map((row) => String(row.version));
        },
      };
    },
  },
  {
    name: 'a document’s members and pending shares',
    handler: membersRoute as Handler,
    key: (row) => row.userId as string,
    at: () => '',
    many: 260,
    scope: async () => {
      const me = await person();
      const document = await db.prisma.document.create({ data: { ownerId: me.id, request: 'seeded', model: 'm' } });
      return {
        url: `/api/documents/${document.id}/members`,
        params: { id: document.id },
        cookie: me.cookie,
        seed: async (ats) => {
          // every other one an address without an account yet
          const rows = ats.map((at, i) => ({ id: randomUUID(), email: `member-${randomUUID()}@example.com`, at, pending: i % 2 === 1 }));
          const members = rows.filter((row) => !row.pending);
          await db.prisma.user.createMany({ data: members.map((row) => ({ id: row.id, name: 'Member', email: row.email })) });
          await db.prisma.documentMember.createMany({
            data: members.map((row) => ({ documentId: document.id, userId: row.id, role: 'reviewer', createdAt: row.at })),
          });
          await db.prisma.pendingShare.createMany({
            data: rows
              .filter((row) => row.pending)
              .map((row) => ({ id: row.id, documentId: document.id, email: row.email, role: 'editor', createdAt: row.at })),
          });
          return rows.map((row) => row.id);
        },
      };
    },
  },
];

function chatSeed(userId: string) {
  return async (ats: Date[]) => {
    const chats = ats.map((at, i) => ({ id: randomUUID(), userId, title: `Chat ${i}`, model: 'm', lastMessageAt: at, createdAt: at }));
    await db.prisma.chat.createMany({ data: chats });
    await db.prisma.message.createMany({
      data: chats.map((chat, i) => ({
        chatId: chat.id,
        role: 'assistant',
        text: 'An answer',
        status: i % 5 === 0 ? 'error' : 'complete',
        model: i % 2 === 0 ? 'model-even' : 'model-odd',
        createdAt: chat.lastMessageAt,
      })),
    });
    return chats.map((chat) => chat.id);
  };
}

/** Times one second apart, newest first, ending `count` seconds after `from`. */
const times = (count: number, from: number) => Array.from({ length: count }, (_, i) => new Date(from + second(count - i)));

describe.each(CASES)('$name', (list) => {
  const keys = (rows: Row[]) => rows.map(list.key);

  it(`pages from the newest to the oldest row, ${list.many} of them, 50 a page unless asked`, async () => {
    const scope = await list.scope();
    const before = keys((await readAll(list.handler, scope.url, scope.cookie, scope.params)).rows);
    const seeded = await scope.seed(times(list.many, PAST));
    const { pages, rows } = await readAll(list.handler, scope.url, scope.cookie, scope.params);
    const read = keys(rows);
    expect(new Set(read).size).toBe(read.length);
    expect(new Set(read)).toEqual(new Set([...before, ...seeded]));
    expect(pages.slice(0, -1).every((page) => page.length === 50)).toBe(true);
    expect(pages.length).toBe(Math.ceil(read.length / 50));
    // newest first, down to the oldest seeded row
    const ats = rows.map(list.at);
    expect(ats).toEqual([...ats].sort().reverse());
    expect(read.at(-1)).toBe(seeded.at(-1));
  }, 120_000);

  it('rows added between two page reads are neither repeated nor make it skip one', async () => {
    const scope = await list.scope();
    await scope.seed(times(120, PAST));
    // what the list held when the reader started
    const snapshot = keys((await readAll(list.handler, withQuery(scope.url, `limit=${MAX_PAGE_SIZE}`), scope.cookie, scope.params)).rows);
    const read: string[] = [];
    let added = 0;
    for (let next: string | null = withQuery(scope.url, 'limit=25'); next !== null; ) {
      const response = await get(list.handler, next, scope.cookie, scope.params);
      expect(response.status).toBe(200);
      read.push(...keys((await response.json()) as Row[]));
      next = nextLink(response.headers.get('link'));
      // newer rows arrive while the reader is between pages
      await scope.seed(times(5, Date.now() + second(60 + added)));
      added += 5;
    }
    expect(read).toEqual(snapshot);
    // the next reader from the top sees them
    const fresh = await get(list.handler, withQuery(scope.url, 'limit=5'), scope.cookie, scope.params);
    expect(keys((await fresh.json()) as Row[]).some((key) => !snapshot.includes(key))).toBe(true);
  }, 120_000);

  it('rows of one timestamp are ordered by id, and none is lost or repeated at a page boundary', async () => {
    const scope = await list.scope();
    const at = new Date(PAST - second(3600));
    const seeded = await scope.seed(Array.from({ length: 75 }, () => at));
    const { pages, rows } = await readAll(list.handler, withQuery(scope.url, 'limit=20'), scope.cookie, scope.params);
    expect(pages.length).toBeGreaterThanOrEqual(4);
    const read = keys(rows).filter((key) => seeded.includes(key));
    expect(read).toHaveLength(seeded.length);
    expect(read).toEqual([...seeded].sort(list.tieOrder ?? ((a, b) => (a < b ? 1 : a > b ? -1 : 0))));
  }, 120_000);

  it('refuses a cursor it did not give out and a limit outside 1–200 with a 400', async () => {
    const scope = await list.scope();
    const refused = [
      'cursor=not-a-cursor',
      `cursor=${Buffer.from('[1,2]').toString('base64url')}`,
      `cursor=${encodeCursor({ at: new Date(), id: 'x'.repeat(101) })}`,
      'limit=201',
      'limit=0',
      'limit=ten',
    ];
    for (const query of refused) {
      const response = await get(list.handler, withQuery(scope.url, query), scope.cookie, scope.params);
      expect(response.status, query).toBe(400);
      expect(await response.json(), query).toEqual({ error: { code: 'validation_failed', message: expect.any(String) } });
    }
    const exactly = await get(list.handler, withQuery(scope.url, `limit=${MAX_PAGE_SIZE}`), scope.cookie, scope.params);
    expect(exactly.status).toBe(200);
  });
});

it('a section’s history refuses a cursor whose id is not a version number', async () => {
  const me = await person();
  const document = await db.prisma.document.create({ data: { ownerId: me.id, request: 'seeded', model: 'm' } });
  const section = await db.prisma.section.create({ data: { documentId: document.id, position: 0, title: 'S', brief: 'b' } });
  const cursor = encodeCursor({ at: new Date(), id: 'not-a-version' });
  const response = await get(versionsRoute as Handler, `/api/sections/${section.id}/versions?cursor=${cursor}`, me.cookie, {
    id: section.id,
  });
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual({ error: { code: 'validation_failed', message: expect.any(String) } });
});

describe('staff transcripts', () => {
  it('staff page every conversation, newest activity first, down to the oldest of 260; the filters hold on every page', async () => {
    const url = '/api/staff/transcripts';
    const before = (await readAll(transcriptsRoute as Handler, url, staffCookie)).rows;
    const owner = await createUser(db.prisma, { email: `everyone-${randomUUID().slice(0, 8)}@example.com` });
    const ats = times(260, PAST - second(100_000));
    const seeded = await chatSeed(owner.id)(ats);
    // a chat without a message is not a conversation yet
    await db.prisma.chat.create({ data: { userId: owner.id, title: 'Empty', model: 'm', lastMessageAt: new Date(PAST) } });

    const first = await get(transcriptsRoute as Handler, url, staffCookie);
    expect(first.headers.get('link')).toMatch(/^<\/api\/staff\/transcripts\?cursor=[\w-]+>; rel="next"$/);
    const { pages, rows } = await readAll(transcriptsRoute as Handler, url, staffCookie);
    expect(rows).toHaveLength(before.length + 260);
    expect(pages).toHaveLength(Math.ceil(rows.length / 50));
    expect(rows.at(-1)).toMatchObject({ chatId: seeded.at(-1), user: owner.email, statuses: { stopped: 0, truncated: 0, error: 0 } });
    expect(new Set(rows.map((row) => row.chatId)).size).toBe(rows.length);

    const only = (query: string) =>
      readAll(transcriptsRoute as Handler, `${url}?user=${encodeURIComponent(owner.email)}&${query}`, staffCookie).then(
        ({ pages, rows }) => ({
          pages,
          keys: rows.map((row) => row.chatId as string),
          rows,
        }),
      );
    // the answers that ended in an error (every fifth chat), seven a page; the next page keeps the filter
    const errors = await only('status=error&limit=7');
    expect(errors.keys).toEqual(seeded.filter((_, i) => i % 5 === 0));
    expect(errors.pages.length).toBe(Math.ceil(errors.keys.length / 7));
    expect(errors.rows.every((row) => (row.statuses as { error: number }).error === 1)).toBe(true);
    const firstErrors = await get(transcriptsRoute as Handler, `${url}?status=error&limit=7`, staffCookie);
    expect(nextLink(firstErrors.headers.get('link'))).toMatch(/[?&]status=error&limit=7&cursor=/);
    // by model
    expect((await only('model=model-even&limit=30')).keys).toEqual(seeded.filter((_, i) => i % 2 === 0));
    // by the time of the last message, both ends included
    const window = await only(`from=${ats[150]!.toISOString()}&to=${ats[100]!.toISOString()}&limit=20`);
    expect(window.keys).toEqual(seeded.slice(100, 151));
  }, 120_000);
});

describe('notifications', () => {
  it('?unread=true pages only the unread ones', async () => {
    const me = await person();
    const rows = times(130, PAST).map((at, i) => ({
      id: randomUUID(),
      userId: me.id,
      kind: 'document_done',
      text: `Notice ${i}`,
      createdAt: at,
      readAt: i % 2 === 0 ? null : at,
    }));
    await db.prisma.notification.createMany({ data: rows });
    const unread = await readAll(notificationsRoute as Handler, '/api/notifications?unread=true&limit=20', me.cookie);
    expect(unread.rows.map((row) => row.id)).toEqual(rows.filter((row) => row.readAt === null).map((row) => row.id));
    expect(unread.rows.every((row) => row.read === false)).toBe(true);
    expect((await readAll(notificationsRoute as Handler, '/api/notifications', me.cookie)).rows).toHaveLength(130);
  });
});
