import fs, { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DELETE as revokeRoute } from '@/app/api/staff/invites/[id]/route';
import { GET as listRoute, POST as createRoute } from '@/app/api/staff/invites/route';
import { buildApp, type App } from '@/lib/app';
import { currentUser, handleAuthRequest } from '@/lib/http/auth-session';
import { signUpOffer } from '@/lib/auth/sign-up-gate';
import { loadConfig } from '@/lib/config';
import { cookieOf, jsonRequest, serveApp, signUp } from '@/tests/support/auth-client';
import { startSmtpSink, type SmtpSink } from '@/tests/support/smtp-sink';
import { openTestDatabase, type TestDatabase } from '@/tests/support/test-database';

const STAFF = 'boss@example.com';

let db: TestDatabase;
let sink: SmtpSink;
const apps: App[] = [];

async function appWith(signup: 'open' | 'invite' | 'closed', opts: { smtp?: boolean } = {}): Promise<App> {
  const cfg = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'quire-signup-')),
    AUTH_SECRET: 'a-test-secret-of-enough-length',
    STAFF_EMAILS: `${STAFF}, first-staff@example.com, other-staff@example.com, logged-staff@example.com, invite-staff@example.com, routes-staff@example.com, claimed-staff@example.com`,
    STARTING_CREDITS: '1234567',
    SMTP_URL: opts.smtp === false ? undefined : sink.url,
    SIGNUP: signup,
  });
  const app = await buildApp(cfg, db);
  apps.push(app);
  return app;
}

const ctx = { params: Promise.resolve({}) };
const list = (cookie: string) => listRoute(jsonRequest('/api/staff/invites', { cookie }), ctx);
const create = (cookie: string, body: { email?: string; days?: number } = {}) =>
  createRoute(jsonRequest('/api/staff/invites', { cookie, body }), ctx);
const revoke = (cookie: string, id: string) =>
  revokeRoute(jsonRequest(`/api/staff/invites/${id}`, { cookie, method: 'DELETE' }), { params: Promise.resolve({ id }) });

/** The link in the newest message to `to`, as the person would click it. */
async function mailedLink(to: string, pattern: RegExp): Promise<string> {
  // mail leaves in the background, after the sign-up answered
  for (let waited = 0; !sink.messages.some((m) => m.to.includes(to)); waited += 50) {
    if (waited > 10_000) throw new Error(`no mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const text = sink.messages.filter((m) => m.to.includes(to)).at(-1)!.text;
  const link = pattern.exec(text)?.[0];
  if (!link) throw new Error(`no link in the mail to ${to}: ${text}`);
  return link;
}

/** The person who holds the mailbox opens the mailed link and chooses a password; then signs in with it. */
async function setPasswordFromMail(app: App, email: string, password = 'mailbox-owner-password'): Promise<Response> {
  const link = await mailedLink(email, /http:\/\/\S+\/set-password\?token=\S+/);
  const token = new URL(link).searchParams.get('token')!;
  const set = await handleAuthRequest(app, jsonRequest('/api/auth/reset-password', { body: { token, newPassword: password } }));
  expect(set.status).toBe(200);
  return signIn(app, email, password);
}

const signIn = (app: App, email: string, password: string) =>
  handleAuthRequest(app, jsonRequest('/api/auth/sign-in/email', { body: { email, password } }));

/** A staff-listed address that signed up and set its password from the mailed link: a staff session. */
async function verifiedStaff(app: App, email: string): Promise<string> {
  const res = await signUp(app, { email });
  expect(res.status).toBe(200);
  const cookie = cookieOf(await setPasswordFromMail(app, email));
  expect((await list(cookie)).status).toBe(200);
  return cookie;
}

beforeAll(async () => {
  db = await openTestDatabase('pglite');
  sink = await startSmtpSink();
});
afterAll(async () => {
  for (const app of apps) await app.stopBus.close();
  await sink?.close();
  await db?.dispose();
});

describe('staff only through the mailbox', () => {
  it('a listed staff address that signed up is not staff until a password is set from the link mailed to it; then it is', async () => {
    const app = await appWith('open');
    serveApp(app);
    const res = await signUp(app, { email: STAFF });
    expect(res.status).toBe(200);
    const cookie = cookieOf(res);

    // signed in, an ordinary user: the staff routes refuse (and the session cache now holds "user")
    expect(await currentUser(app, jsonRequest('/', { cookie }))).toMatchObject({ email: STAFF, role: 'user', emailVerified: false });
    expect((await list(cookie)).status).toBe(403);
    expect((await create(cookie)).status).toBe(403);

    // a made-up token sets nothing
    const forged = await handleAuthRequest(
      app,
      jsonRequest('/api/auth/reset-password', { body: { token: 'not-a-token', newPassword: 'whatever-1234' } }),
    );
    expect(forged.status).toBe(400);

    // the link went out by SMTP to that address only, at this server's own address
    const staffSession = cookieOf(await setPasswordFromMail(app, STAFF));
    expect(await currentUser(app, jsonRequest('/', { cookie: staffSession }))).toMatchObject({ role: 'staff', emailVerified: true });
    expect((await list(staffSession)).status).toBe(200);
    expect((await db.prisma.user.findUniqueOrThrow({ where: { email: STAFF } })).role).toBe('staff');
    // the session from before the password was set ended with it, cached or not
    expect((await list(cookie)).status).toBe(401);
  });

  it("a stranger who signed up a listed address first gets nothing: the owner's link replaces their password and ends their sessions", async () => {
    const app = await appWith('open');
    serveApp(app);
    const attacker = await signUp(app, { email: 'claimed-staff@example.com', password: 'attacker-chose-this' });
    expect(attacker.status).toBe(200);
    const attackerCookie = cookieOf(attacker);
    expect((await list(attackerCookie)).status).toBe(403);

    // the real owner follows the link in their mailbox
    const owner = cookieOf(await setPasswordFromMail(app, 'claimed-staff@example.com', 'the-owners-own-secret'));
    expect((await list(owner)).status).toBe(200);

    // the attacker's session and password are gone
    expect((await list(attackerCookie)).status).toBe(401);
    const refused = await signIn(app, 'claimed-staff@example.com', 'attacker-chose-this');
    expect(refused.status).toBe(401);
    // a failed sign-in marks no device as known; the owner's did
    expect(refused.headers.getSetCookie().some((c) => c.startsWith('quire_known_device='))).toBe(false);
    expect(owner).toContain('quire_known_device=');
  });

  it('an address that is not on the list is sent no link at sign-up, and asking for a reset never makes it staff', async () => {
    const app = await appWith('open');
    serveApp(app);
    const res = await signUp(app, { email: 'ordinary@example.com' });
    expect(res.status).toBe(200);
    // another listed sign-up after it: its mail arriving means the ordinary one would have too
    await signUp(app, { email: 'other-staff@example.com' });
    await mailedLink('other-staff@example.com', /http:\/\/\S+set-password\S+/);
    expect(sink.messages.some((m) => m.to.includes('ordinary@example.com'))).toBe(false);
    await handleAuthRequest(app, jsonRequest('/api/auth/request-password-reset', { body: { email: 'ordinary@example.com' } }));
    const session = cookieOf(await setPasswordFromMail(app, 'ordinary@example.com'));
    expect((await list(session)).status).toBe(403);
  });

  it('without SMTP_URL the password link is written to the server log as one password_link line, and it works', async () => {
    const app = await appWith('open', { smtp: false });
    serveApp(app);
    const lines: string[] = [];
    // the server log is pino's synchronous stdout destination: each line is one write to fd 1
    const write = fs.writeSync;
    const spy = vi.spyOn(fs, 'writeSync').mockImplementation(((fd: number, data: unknown, ...rest: unknown[]) => {
      if (fd === 1) lines.push(...String(data).split('\n').filter(Boolean));
      return (write as (...args: unknown[]) => number)(fd, data, ...rest);
    }) as typeof fs.writeSync);
    try {
      const res = await signUp(app, { email: 'logged-staff@example.com' });
      expect(res.status).toBe(200);
      for (let waited = 0; !lines.some((l) => l.includes('password_link')) && waited < 5_000; waited += 50)
        await new Promise((r) => setTimeout(r, 50));
      const entry = JSON.parse(lines.find((l) => l.includes('password_link'))!) as { event: string; to: string; url: string };
      expect(entry).toMatchObject({
        event: 'password_link',
        to: 'logged-staff@example.com',
        url: expect.stringMatching(/^http:\/\/localhost:3000\/set-password\?token=/),
      });
      expect(sink.messages.some((m) => m.to.includes('logged-staff@example.com'))).toBe(false);
      const token = new URL(entry.url).searchParams.get('token')!;
      await handleAuthRequest(app, jsonRequest('/api/auth/reset-password', { body: { token, newPassword: 'from-the-log-1' } }));
      const cookie = cookieOf(await signIn(app, 'logged-staff@example.com', 'from-the-log-1'));
      expect((await list(cookie)).status).toBe(200);
      // the link is spent: followed again (a forwarded mail, a leaked log) it sets nothing
      const reused = await handleAuthRequest(
        app,
        jsonRequest('/api/auth/reset-password', { body: { token, newPassword: 'from-someone-else-1' } }),
      );
      expect(reused.status).toBe(400);
      expect((await signIn(app, 'logged-staff@example.com', 'from-someone-else-1')).status).toBe(401);
    } finally {
      spy.mockRestore();
    }
  });

  it('a password change that signs out other sessions ends them at once, though they were cached a moment ago', async () => {
    const app = await appWith('open');
    serveApp(app);
    const first = cookieOf(await signUp(app, { email: 'changer@example.com', password: 'first-password-1' }));
    const second = cookieOf(await signIn(app, 'changer@example.com', 'first-password-1'));
    // both sessions are in the session cache now
    expect(await currentUser(app, jsonRequest('/', { cookie: first }))).toMatchObject({ email: 'changer@example.com' });
    const changed = await handleAuthRequest(
      app,
      jsonRequest('/api/auth/change-password', {
        cookie: second,
        body: { currentPassword: 'first-password-1', newPassword: 'second-password-2', revokeOtherSessions: true },
      }),
    );
    expect(changed.status).toBe(200);
    expect(await currentUser(app, jsonRequest('/', { cookie: first }))).toBeNull();
  });

  it('a new account opens its wallet with STARTING_CREDITS', async () => {
    const app = await appWith('open');
    const res = await signUp(app, { email: 'wallet@example.com' });
    const body = (await res.json()) as { user: { id: string } };
    const wallet = await db.prisma.wallet.findUniqueOrThrow({ where: { userId: body.user.id } });
    expect(wallet.balanceMicros).toBe(1_234_567n);
  });
});

describe('SIGNUP=closed', () => {
  it('refuses every sign-up with 403 SIGNUP_CLOSED and writes no account', async () => {
    const app = await appWith('closed');
    const res = await signUp(app, { email: 'stranger@example.com' });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'SIGNUP_CLOSED', message: expect.stringMatching(/closed/i) });
    // an existing address gets the same answer: a closed server does not say who has an account
    const existing = await signUp(app, { email: STAFF });
    expect(existing.status).toBe(403);
    expect(await db.prisma.user.count({ where: { email: 'stranger@example.com' } })).toBe(0);
  });
});

describe('SIGNUP=invite', () => {
  let app: App;
  let staff: string;
  beforeAll(async () => {
    // the staff member of this server was made on an open one with the same database
    const open = await appWith('open');
    serveApp(open);
    staff = await verifiedStaff(open, 'invite-staff@example.com');
    app = await appWith('invite');
    serveApp(app);
  });

  async function newInvite(body: { email?: string; days?: number } = {}) {
    const res = await create(staff, body);
    expect(res.status).toBe(201);
    const json = (await res.json()) as { invite: { id: string; email: string | null; status: string }; link: string };
    const token = new URL(json.link).searchParams.get('invite')!;
    return { ...json, token };
  }

  it('refuses sign-up without an invite, and with an unknown one', async () => {
    const none = await signUp(app, { email: 'nobody@example.com' });
    expect(none.status).toBe(403);
    expect(await none.json()).toMatchObject({ code: 'INVITE_REQUIRED' });
    const unknown = await signUp(app, { email: 'nobody@example.com', invite: 'made-up-token' });
    expect(await unknown.json()).toMatchObject({ code: 'INVITE_NOT_FOUND' });
    expect(await db.prisma.user.count({ where: { email: 'nobody@example.com' } })).toBe(0);
  });

  it('a staff-listed address may sign up without an invite (someone makes the first ones), as an ordinary account until verified', async () => {
    const res = await signUp(app, { email: 'first-staff@example.com' });
    expect(res.status).toBe(200);
    expect((await list(cookieOf(res))).status).toBe(403);
  });

  it('accepts a valid invite once: the second sign-up with the same link is refused as used', async () => {
    const { invite, link, token } = await newInvite();
    expect(link).toMatch(/^http:\/\/localhost:3000\/sign-up\?invite=/);
    const first = await signUp(app, { email: 'invited@example.com', invite: token });
    expect(first.status).toBe(200);
    expect(cookieOf(first)).toMatch(/session_token/); // signed in at once
    const second = await signUp(app, { email: 'second@example.com', invite: token });
    expect(second.status).toBe(403);
    expect(await second.json()).toMatchObject({ code: 'INVITE_USED' });
    const listed = (await (await list(staff)).json()) as Array<{ id: string; status: string; usedBy: { email: string } | null }>;
    expect(listed.find((i) => i.id === invite.id)).toMatchObject({ status: 'used', usedBy: { email: 'invited@example.com' } });
    // the account exists: its link can no longer be revoked
    expect((await revoke(staff, invite.id)).status).toBe(409);
  });

  it('two sign-ups racing with one link make one account', async () => {
    const { invite, token } = await newInvite();
    const results = await Promise.all([
      signUp(app, { email: 'racer-a@example.com', invite: token }),
      signUp(app, { email: 'racer-b@example.com', invite: token }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await db.prisma.user.count({ where: { inviteId: invite.id } })).toBe(1);
  });

  it('refuses a revoked invite and an expired one', async () => {
    const revoked = await newInvite();
    expect((await revoke(staff, revoked.invite.id)).status).toBe(200);
    const r = await signUp(app, { email: 'late@example.com', invite: revoked.token });
    expect(r.status).toBe(403);
    expect(await r.json()).toMatchObject({ code: 'INVITE_REVOKED' });

    const expired = await newInvite({ days: 1 });
    await db.prisma.invite.update({
      where: { id: expired.invite.id },
      data: { createdAt: new Date(Date.now() - 3 * 86_400_000), expiresAt: new Date(Date.now() - 1000) },
    });
    const e = await signUp(app, { email: 'late@example.com', invite: expired.token });
    expect(e.status).toBe(403);
    expect(await e.json()).toMatchObject({ code: 'INVITE_EXPIRED' });
    expect(await db.prisma.user.count({ where: { email: 'late@example.com' } })).toBe(0);
  });

  it('the sign-up page offers the form only for a usable link, and names what is wrong with the others', async () => {
    const page = { staffListConfigured: true, asStaff: false };
    expect(await signUpOffer(db.prisma, 'invite', undefined, page)).toEqual({
      kind: 'refused',
      code: 'INVITE_REQUIRED',
      staffMaySignUp: true,
    });
    expect(await signUpOffer(db.prisma, 'invite', undefined, { ...page, asStaff: true })).toEqual({ kind: 'form', staffOnly: true });
    expect(await signUpOffer(db.prisma, 'invite', 'made-up', page)).toEqual({ kind: 'refused', code: 'INVITE_NOT_FOUND' });
    const { token } = await newInvite({ email: 'page@example.com' });
    expect(await signUpOffer(db.prisma, 'invite', token, page)).toEqual({ kind: 'form', invite: { token, email: 'page@example.com' } });
    expect(await signUpOffer(db.prisma, 'closed', token, page)).toEqual({ kind: 'refused', code: 'SIGNUP_CLOSED' });
    await signUp(app, { email: 'page@example.com', invite: token });
    expect(await signUpOffer(db.prisma, 'invite', token, page)).toEqual({ kind: 'refused', code: 'INVITE_USED' });
    // an open server always offers the form
    expect(await signUpOffer(db.prisma, 'open', token, page)).toEqual({ kind: 'form' });
  });

  it('an invite for one address refuses another, and accepts its own', async () => {
    const { token } = await newInvite({ email: 'Named@Example.com' });
    const wrong = await signUp(app, { email: 'someone-else@example.com', invite: token });
    expect(await wrong.json()).toMatchObject({ code: 'INVITE_EMAIL_MISMATCH' });
    expect((await signUp(app, { email: 'named@example.com', invite: token })).status).toBe(200);
    // the invite was mailed to that address, with the same link
    expect(await mailedLink('named@example.com', /http:\/\/\S+sign-up\?invite=\S+/)).toContain(token);
  });
});

describe('invite routes', () => {
  let app: App;
  let staff: string;
  let user: string;
  beforeAll(async () => {
    app = await appWith('open');
    serveApp(app);
    staff = await verifiedStaff(app, 'routes-staff@example.com');
    user = cookieOf(await signUp(app, { email: 'routes-user@example.com' }));
  });

  it('staff create, list (newest first) and revoke invites', async () => {
    const a = (await (await create(staff, { email: 'a@example.com', days: 3 })).json()) as {
      invite: { id: string; expiresAt: string; status: string };
    };
    const b = (await (await create(staff)).json()) as { invite: { id: string }; link: string };
    expect(a.invite.status).toBe('active');
    expect(new Date(a.invite.expiresAt).getTime() - Date.now()).toBeGreaterThan(2.9 * 86_400_000);
    const listed = (await (await list(staff)).json()) as Array<{ id: string; createdBy: { email: string } }>;
    expect(listed.slice(0, 2).map((i) => i.id)).toEqual([b.invite.id, a.invite.id]);
    expect(listed[0]!.createdBy.email).toBe('routes-staff@example.com');
    // the token is never stored or listed
    expect(JSON.stringify(listed)).not.toContain(new URL(b.link).searchParams.get('invite')!);

    const revoked = await revoke(staff, a.invite.id);
    expect(await revoked.json()).toMatchObject({ id: a.invite.id, status: 'revoked' });
    expect((await revoke(staff, 'no-such-invite')).status).toBe(404);
  });

  it('on an open server a usable link is still spent, so staff see who used it; a bad one does not stop sign-up', async () => {
    const made = (await (await create(staff)).json()) as { invite: { id: string }; link: string };
    const token = new URL(made.link).searchParams.get('invite')!;
    expect((await signUp(app, { email: 'open-invited@example.com', invite: token })).status).toBe(200);
    expect(await db.prisma.user.findUniqueOrThrow({ where: { email: 'open-invited@example.com' } })).toMatchObject({
      inviteId: made.invite.id,
    });
    expect((await revoke(staff, made.invite.id)).status).toBe(409);
    expect((await signUp(app, { email: 'open-second@example.com', invite: token })).status).toBe(200);
  });

  it('non-staff get 403 on every invite route, and anonymous 401', async () => {
    expect((await list(user)).status).toBe(403);
    expect((await create(user)).status).toBe(403);
    expect((await revoke(user, 'x')).status).toBe(403);
    expect((await list('')).status).toBe(401);
  });

  it('bad input is a 400 with a message, never a 500', async () => {
    const res = await create(staff, { email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('validation_failed');
    expect((await create(staff, { days: 365 })).status).toBe(400);
  });
});
