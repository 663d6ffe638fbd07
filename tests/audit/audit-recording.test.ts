import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as closeRoute } from '@/app/api/chats/[id]/close/route';
import { GET as chatFileRoute } from '@/app/api/chats/[id]/files/[fileId]/route';
import { POST as grantRoute } from '@/app/api/staff/credits/route';
import { DELETE as revokeRoute } from '@/app/api/staff/invites/[id]/route';
import { POST as inviteRoute } from '@/app/api/staff/invites/route';
import { GET as transcriptRoute } from '@/app/api/staff/transcripts/[chatId]/route';
import type { App } from '@/lib/app';
import { grantStaffIfListed } from '@/lib/auth/staff-role';
import { SIGN_IN_ATTEMPTS_PER_ACCOUNT_AND_ADDRESS } from '@/lib/auth/sign-in-limit';
import { CLIENT_ADDRESS_HEADER } from '@/lib/http/forwarded';
import { handleAuthRequest } from '@/lib/http/auth-session';
import { cookieOf, jsonRequest, serveTestApp, signUp } from '@/tests/support/auth-client';
import { createUser } from '@/tests/support/fixtures';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '@/tests/support/test-database';

/**
 * Every staff act writes exactly one audit row, with who (id and email), what,
 * when and from which address, in the transaction of the act: an act that
 * fails, or whose record cannot be written, leaves neither. Driven through the
 * route handlers, as the staff pages call them.
 */

const STAFF_ADDRESS = '203.0.113.7';

describe.each(testDatabaseKinds())('audit recording (%s)', (kind) => {
  let db: TestDatabase;
  let app: App;
  let staff: { id: string; email: string; cookie: string };
  let person: { id: string; email: string; cookie: string };

  async function signedUp(email: string, role: 'user' | 'staff') {
    const cookie = cookieOf(await signUp(app, { email }));
    const { id } = await db.prisma.user.update({ where: { email }, data: { role } });
    return { id, email, cookie };
  }

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    app = await serveTestApp(db);
    staff = await signedUp(`audit-staff-${kind}@example.com`, 'staff');
    person = await signedUp(`audit-person-${kind}@example.com`, 'user');
  });

  afterAll(async () => {
    await app?.stopBus.close();
    await db?.dispose();
  });

  /** A request from the staff member's browser, at the address the server established for it. */
  function asStaff(path: string, init: { method?: string; body?: unknown; cookie?: string; headers?: Record<string, string> } = {}) {
    const request = jsonRequest(path, { cookie: staff.cookie, ...init });
    request.headers.set(CLIENT_ADDRESS_HEADER, STAFF_ADDRESS);
    for (const [name, value] of Object.entries(init.headers ?? {})) request.headers.set(name, value);
    return request;
  }

  const params = <P>(value: P) => ({ params: Promise.resolve(value) });
  const rowsFor = (action: string, targetId?: string) =>
    db.prisma.auditEvent.findMany({ where: { action, ...(targetId ? { targetId } : {}) }, orderBy: { at: 'asc' } });

  /** Makes every audit insert fail while `run` runs: the act must then fail and leave nothing behind. */
  async function withAuditFailing<T>(run: () => Promise<T>): Promise<T> {
    await db.prisma.$executeRawUnsafe(`CREATE FUNCTION audit_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit refused by the test'; END $$`);
    await db.prisma.$executeRawUnsafe(
      'CREATE TRIGGER audit_refuse BEFORE INSERT ON audit_event FOR EACH ROW EXECUTE FUNCTION audit_refuse()',
    );
    try {
      return await run();
    } finally {
      await db.prisma.$executeRawUnsafe('DROP TRIGGER audit_refuse ON audit_event');
      await db.prisma.$executeRawUnsafe('DROP FUNCTION audit_refuse()');
    }
  }

  it('a credit grant writes one row with who, whom, how much and from where; a replay of it writes none', async () => {
    const body = { email: person.email, amountMicros: 1_500_000, reason: 'Sorry for the outage', idempotencyKey: `grant-${randomUUID()}` };
    expect((await grantRoute(asStaff('/api/staff/credits', { body }), params({}))).status).toBe(201);
    expect((await grantRoute(asStaff('/api/staff/credits', { body }), params({}))).status).toBe(200);
    const rows = await rowsFor('credits_granted', person.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: staff.id,
      actorEmail: staff.email,
      targetType: 'user',
      targetLabel: person.email,
      address: STAFF_ADDRESS,
      detail: { amountMicros: 1_500_000, reason: 'Sorry for the outage' },
    });
    expect(Date.now() - rows[0]!.at.getTime()).toBeLessThan(60_000);
  });

  it('a grant whose record cannot be written is not made: no credits, no grant row', async () => {
    const before = await db.prisma.wallet.findUniqueOrThrow({ where: { userId: person.id } });
    const response = await withAuditFailing(() =>
      grantRoute(asStaff('/api/staff/credits', { body: { email: person.email, amountMicros: 999, reason: 'never lands' } }), params({})),
    );
    expect(response.status).toBe(500);
    expect((await db.prisma.wallet.findUniqueOrThrow({ where: { userId: person.id } })).balanceMicros).toBe(before.balanceMicros);
    expect(await db.prisma.creditGrant.count({ where: { reason: 'never lands' } })).toBe(0);
  });

  it('a refused grant (an idempotency key reused for another amount) writes no row', async () => {
    const key = `grant-${randomUUID()}`;
    const grant = (amountMicros: number) =>
      grantRoute(
        asStaff('/api/staff/credits', { body: { email: person.email, amountMicros, reason: 'twice', idempotencyKey: key } }),
        params({}),
      );
    expect((await grant(100)).status).toBe(201);
    const rowsBefore = await db.prisma.auditEvent.count();
    expect((await grant(200)).status).toBe(409);
    expect(await db.prisma.auditEvent.count()).toBe(rowsBefore);
  });

  it('an invite made and revoked writes one row each; revoking it again, or an invite already used, writes none', async () => {
    const made = await inviteRoute(asStaff('/api/staff/invites', { body: { email: 'invited-audit@example.com' } }), params({}));
    expect(made.status).toBe(201);
    const { invite } = (await made.json()) as { invite: { id: string } };
    expect(await rowsFor('invite_created', invite.id)).toMatchObject([
      { actorEmail: staff.email, targetType: 'invite', targetLabel: 'invited-audit@example.com', address: STAFF_ADDRESS },
    ]);
    for (let i = 0; i < 2; i++) {
      expect((await revokeRoute(asStaff(`/api/staff/invites/${invite.id}`, { method: 'DELETE' }), params({ id: invite.id }))).status).toBe(
        200,
      );
    }
    expect(await rowsFor('invite_revoked', invite.id)).toHaveLength(1);

    const failed = await withAuditFailing(() =>
      inviteRoute(asStaff('/api/staff/invites', { body: { email: 'never@example.com' } }), params({})),
    );
    expect(failed.status).toBe(500);
    expect(await db.prisma.invite.count({ where: { email: 'never@example.com' } })).toBe(0);
  });

  it('opening a transcript writes one row naming the chat and its owner; a chat that is not there writes none', async () => {
    const chat = await db.prisma.chat.create({ data: { userId: person.id, title: 'Refund question', model: 'sim-fast' } });
    expect((await transcriptRoute(asStaff(`/api/staff/transcripts/${chat.id}`), params({ chatId: chat.id }))).status).toBe(200);
    expect(await rowsFor('transcript_opened', chat.id)).toMatchObject([
      { actorId: staff.id, targetType: 'chat', targetLabel: 'Refund question', address: STAFF_ADDRESS, detail: { owner: person.email } },
    ]);
    const missing = randomUUID();
    expect((await transcriptRoute(asStaff(`/api/staff/transcripts/${missing}`), params({ chatId: missing }))).status).toBe(404);
    expect(await rowsFor('transcript_opened', missing)).toHaveLength(0);
  });

  it("staff downloading a person's chat file writes one row naming the file; the owner downloading it writes none", async () => {
    const chat = await db.prisma.chat.create({ data: { userId: person.id, title: 'Lease review', model: 'sim-fast' } });
    const file = await db.prisma.chatFile.create({
      data: {
        ownerId: person.id,
        chatId: chat.id,
        kind: 'file',
        name: 'lease.txt',
        mediaType: 'text/plain',
        size: 5,
        bytes: Buffer.from('lease'),
      },
    });
    const path = `/api/chats/${chat.id}/files/${file.id}`;
    const own = await chatFileRoute(jsonRequest(path, { cookie: person.cookie }), params({ id: chat.id, fileId: file.id }));
    expect(own.status).toBe(200);
    expect(await rowsFor('chat_file_opened', chat.id)).toHaveLength(0);

    const read = await chatFileRoute(asStaff(path), params({ id: chat.id, fileId: file.id }));
    expect(read.status).toBe(200);
    expect(Buffer.from(await read.arrayBuffer()).toString()).toBe('lease');
    expect(await rowsFor('chat_file_opened', chat.id)).toMatchObject([
      {
        actorId: staff.id,
        targetType: 'chat',
        targetLabel: 'Lease review',
        address: STAFF_ADDRESS,
        detail: { owner: person.email, file: 'lease.txt' },
      },
    ]);
    const missing = randomUUID();
    expect((await chatFileRoute(asStaff(`/api/chats/${chat.id}/files/${missing}`), params({ id: chat.id, fileId: missing }))).status).toBe(
      404,
    );
    expect(await rowsFor('chat_file_opened', chat.id)).toHaveLength(1);
  });

  it("staff closing another person's chat writes one row; the owner closing their own writes none; a close whose record fails does not close", async () => {
    const chat = await db.prisma.chat.create({ data: { userId: person.id, title: 'Closing time', model: 'sim-fast' } });
    const kept = await db.prisma.chat.create({ data: { userId: person.id, title: 'Stays open', model: 'sim-fast' } });
    const failed = await withAuditFailing(() =>
      closeRoute(asStaff(`/api/chats/${kept.id}/close`, { method: 'POST' }), params({ id: kept.id })),
    );
    expect(failed.status).toBe(500);
    expect((await db.prisma.chat.findUniqueOrThrow({ where: { id: kept.id } })).status).toBe('open');

    expect((await closeRoute(asStaff(`/api/chats/${chat.id}/close`, { method: 'POST' }), params({ id: chat.id }))).status).toBe(200);
    expect(await rowsFor('chat_closed', chat.id)).toMatchObject([
      { actorId: staff.id, targetLabel: 'Closing time', detail: { owner: person.email } },
    ]);

    const own = await db.prisma.chat.create({ data: { userId: person.id, title: 'Mine', model: 'sim-fast' } });
    const byOwner = jsonRequest(`/api/chats/${own.id}/close`, { method: 'POST', cookie: person.cookie });
    expect((await closeRoute(byOwner, params({ id: own.id }))).status).toBe(200);
    expect(await rowsFor('chat_closed', own.id)).toHaveLength(0);
  });

  it('the staff role granted by STAFF_EMAILS writes one row with no actor; granting it again writes none', async () => {
    const listed = await createUser(db.prisma, { email: `listed-${kind}@example.com` });
    await db.prisma.user.update({ where: { id: listed.id }, data: { emailVerified: true } });
    expect(await grantStaffIfListed(db.prisma, [listed.email], listed)).toBe(true);
    expect(await grantStaffIfListed(db.prisma, [listed.email], listed)).toBe(false);
    expect(await rowsFor('role_changed', listed.id)).toMatchObject([
      { actorId: null, actorEmail: null, targetLabel: listed.email, detail: { role: 'staff', by: 'STAFF_EMAILS' } },
    ]);
  });

  it('a burst of refused sign-ins is one row per account, address and minute, however many attempts follow', async () => {
    const target = `guessed-${kind}@example.com`;
    await signUp(app, { email: target });
    const attempt = () => {
      const request = jsonRequest('/api/auth/sign-in/email', { body: { email: target, password: 'wrong-guess-123' } });
      request.headers.set(CLIENT_ADDRESS_HEADER, '198.51.100.23');
      return handleAuthRequest(app, request);
    };
    const statuses: number[] = [];
    const refused = () => statuses.filter((s) => s === 429).length;
    // attempts until three are refused: the limit counts per minute, so a burst that straddles a minute boundary
    // (slow attempts on a busy machine) spreads over two windows and needs more of them; twice the burst fills one
    for (let i = 0; i < 2 * (SIGN_IN_ATTEMPTS_PER_ACCOUNT_AND_ADDRESS + 3) && refused() < 3; i++) statuses.push((await attempt()).status);
    expect(refused()).toBeGreaterThan(0);
    // at most one row per minute the attempts spanned
    const rows = await db.prisma.auditEvent.findMany({ where: { action: 'sign_in_limited', targetLabel: target } });
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(rows.length).toBeLessThanOrEqual(2);
    expect(rows[0]).toMatchObject({
      actorId: null,
      address: '198.51.100.23',
      targetType: 'account',
      detail: { scope: 'account_and_address', perMinute: SIGN_IN_ATTEMPTS_PER_ACCOUNT_AND_ADDRESS },
    });
  });

  it('the log refuses changes and removals, and deleting an account keeps the rows it wrote, with its email', async () => {
    const leaving = await signedUp(`leaving-staff-${kind}@example.com`, 'staff');
    const request = jsonRequest('/api/staff/invites', { cookie: leaving.cookie, body: {} });
    expect((await inviteRoute(request, params({}))).status).toBe(201);
    const [row] = await db.prisma.auditEvent.findMany({ where: { actorId: leaving.id } });
    expect(row).toBeDefined();
    await expect(
      db.prisma.$executeRaw`UPDATE audit_event SET "actorEmail" = 'someone-else@example.com' WHERE id = ${row!.id}`,
    ).rejects.toThrow(/append-only/);
    await expect(db.prisma.$executeRaw`DELETE FROM audit_event WHERE id = ${row!.id}`).rejects.toThrow(/append-only/);

    await db.prisma.user.delete({ where: { id: leaving.id } });
    expect(await db.prisma.auditEvent.findUniqueOrThrow({ where: { id: row!.id } })).toMatchObject({
      actorId: leaving.id,
      actorEmail: leaving.email,
      action: 'invite_created',
    });
  });
});
