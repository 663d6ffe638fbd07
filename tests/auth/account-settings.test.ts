import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETE as endSessionRoute } from '@/app/api/account/sessions/[id]/route';
import { listSignedInSessions, noteSessionActive } from '@/lib/auth/account-sessions';
import { buildApp, type App } from '@/lib/app';
import { loadConfig } from '@/lib/config';
import { currentUser, handleAuthRequest } from '@/lib/http/auth-session';
import { CLIENT_ADDRESS_HEADER } from '@/lib/http/forwarded';
import { cookieOf, jsonRequest, ORIGIN, serveApp, signUp } from '@/tests/support/auth-client';
import { startSmtpSink, type SmtpSink } from '@/tests/support/smtp-sink';
import { openTestDatabase, type TestDatabase } from '@/tests/support/test-database';

/**
 * The account page's three parts through the routes a browser calls: a new
 * password, a new address, and the list of signed-in sessions. Every session
 * that ends must be refused on its very next request, though the process had
 * just cached it (the cache would otherwise trust it for up to 30 s).
 */

let db: TestDatabase;
let sink: SmtpSink;
let app: App;

beforeAll(async () => {
  db = await openTestDatabase('pglite');
  sink = await startSmtpSink();
  app = await buildApp(
    loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'quire-account-')),
      AUTH_SECRET: 'a-test-secret-of-enough-length',
      SMTP_URL: sink.url,
      SIGNUP: 'open',
    }),
    db,
  );
  serveApp(app);
});
afterAll(async () => {
  await app?.stopBus.close();
  await sink?.close();
  await db?.dispose();
});

const PASSWORD = 'correct-horse-battery';
const auth = (path: string, init: { body?: unknown; cookie?: string; method?: string } = {}) =>
  handleAuthRequest(app, jsonRequest(path, init));
const signIn = (email: string, password = PASSWORD) => auth('/api/auth/sign-in/email', { body: { email, password } });
/** who the app takes this cookie for right now (null: signed out), through the session cache as every route does */
const whoIs = (cookie: string) => currentUser(app, jsonRequest('/', { cookie }));

/** A person signed in twice, as on a laptop and a phone; both sessions are cached by the process. */
async function personOnTwoDevices(email: string) {
  const laptop = cookieOf(await signUp(app, { email, password: PASSWORD }));
  const phone = cookieOf(await signIn(email));
  expect(await whoIs(laptop)).toMatchObject({ email });
  expect(await whoIs(phone)).toMatchObject({ email });
  return { laptop, phone };
}

async function mailTo(to: string): Promise<string> {
  for (let waited = 0; !sink.messages.some((m) => m.to.includes(to)); waited += 50) {
    if (waited > 10_000) throw new Error(`no mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return sink.messages.filter((m) => m.to.includes(to)).at(-1)!.text;
}

const linkIn = (text: string) => /http:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(text)?.[0] ?? '';
/** The mailed link opened in a browser holding `cookie` (or none). */
const follow = (link: string, cookie?: string) => {
  const url = new URL(link);
  return auth(url.pathname + url.search, { cookie });
};

describe('changing the password', () => {
  it('ends every other session at once, keeps this device signed in, and only the new password signs in', async () => {
    const { laptop, phone } = await personOnTwoDevices('changer@example.com');
    const changed = await auth('/api/auth/change-password', {
      cookie: laptop,
      body: { currentPassword: PASSWORD, newPassword: 'a-new-password-2', revokeOtherSessions: true },
    });
    expect(changed.status).toBe(200);
    // the phone is refused on its very next request, not when its cache entry runs out
    expect(await whoIs(phone)).toBeNull();
    // this device goes on with the session the answer set
    expect(await whoIs(cookieOf(changed))).toMatchObject({ email: 'changer@example.com' });
    expect((await signIn('changer@example.com')).status).toBe(401);
    expect((await signIn('changer@example.com', 'a-new-password-2')).status).toBe(200);
  });

  it('refuses a wrong current password and a short new one, changing nothing', async () => {
    const { laptop, phone } = await personOnTwoDevices('fumbler@example.com');
    const wrong = await auth('/api/auth/change-password', {
      cookie: laptop,
      body: { currentPassword: 'not-the-password', newPassword: 'a-new-password-2', revokeOtherSessions: true },
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ code: 'INVALID_PASSWORD' });
    const short = await auth('/api/auth/change-password', {
      cookie: laptop,
      body: { currentPassword: PASSWORD, newPassword: 'short', revokeOtherSessions: true },
    });
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ code: 'PASSWORD_TOO_SHORT' });
    expect(await whoIs(phone)).toMatchObject({ email: 'fumbler@example.com' });
    expect((await signIn('fumbler@example.com')).status).toBe(200);
  });
});

describe('the signed-in sessions', () => {
  it('"sign out everywhere else" ends the others at once and leaves this one', async () => {
    const { laptop, phone } = await personOnTwoDevices('leaver@example.com');
    const tablet = cookieOf(await signIn('leaver@example.com'));
    expect(await whoIs(tablet)).not.toBeNull();
    const revoked = await auth('/api/auth/revoke-other-sessions', { cookie: laptop, body: {} });
    expect(revoked.status).toBe(200);
    expect(await whoIs(phone)).toBeNull();
    expect(await whoIs(tablet)).toBeNull();
    expect(await whoIs(laptop)).toMatchObject({ email: 'leaver@example.com' });
  });

  it('lists each session with its device in words and its address, this one first and marked; one can be signed out by id', async () => {
    const email = 'lister@example.com';
    const laptop = cookieOf(await signUp(app, { email }));
    const phoneRequest = jsonRequest('/api/auth/sign-in/email', { body: { email, password: PASSWORD } });
    phoneRequest.headers.set(
      'user-agent',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    );
    phoneRequest.headers.set(CLIENT_ADDRESS_HEADER, '198.51.100.7');
    const phone = cookieOf(await handleAuthRequest(app, phoneRequest));
    expect(await whoIs(phone)).toMatchObject({ email });

    const me = await app.auth.api.getSession({ headers: new Headers({ cookie: laptop }) });
    const sessions = await listSignedInSessions(app.db, me!.user.id, me!.session.id);
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({ id: me!.session.id, current: true });
    const other = sessions[1]!;
    expect(other).toMatchObject({ current: false, browser: 'Safari', system: 'iOS', address: '198.51.100.7' });

    // someone else cannot end it (404, and it lives on), its owner can, and it is refused at once
    const stranger = cookieOf(await signUp(app, { email: 'stranger@example.com' }));
    const byStranger = await endSession(other.id, stranger);
    expect(byStranger.status).toBe(404);
    expect(await whoIs(phone)).toMatchObject({ email });
    const byOwner = await endSession(other.id, laptop);
    expect(byOwner.status).toBe(200);
    expect(await byOwner.json()).toEqual({ id: other.id, ended: true });
    expect(await whoIs(phone)).toBeNull();
    expect(await whoIs(laptop)).toMatchObject({ email });
    expect((await endSession(other.id, laptop)).status).toBe(404);
  });

  it('moves "last active" forward when a session is used after a while, at most once every few minutes', async () => {
    const cookie = cookieOf(await signUp(app, { email: 'active@example.com' }));
    const { session } = (await app.auth.api.getSession({ headers: new Headers({ cookie }) }))!;
    const longAgo = new Date(Date.now() - 60 * 60_000);
    await app.db.session.update({ where: { id: session.id }, data: { updatedAt: longAgo } });
    await noteSessionActive(app.db, { id: session.id, updatedAt: longAgo });
    const marked = (await app.db.session.findUniqueOrThrow({ where: { id: session.id } })).updatedAt;
    expect(marked.getTime()).toBeGreaterThan(longAgo.getTime());
    await noteSessionActive(app.db, { id: session.id, updatedAt: marked }, new Date(marked.getTime() + 60_000));
    expect((await app.db.session.findUniqueOrThrow({ where: { id: session.id } })).updatedAt).toEqual(marked);
  });
});

const endSession = (id: string, cookie: string) =>
  endSessionRoute(jsonRequest(`/api/account/sessions/${id}`, { method: 'DELETE', cookie }), { params: Promise.resolve({ id }) });

describe('changing the email address', () => {
  it('mails a link to the new address; following it moves the account, which every session sees at once', async () => {
    const { laptop, phone } = await personOnTwoDevices('old-address@example.com');
    const asked = await auth('/api/auth/change-email', {
      cookie: laptop,
      body: { newEmail: 'New-Address@example.com', password: PASSWORD },
    });
    expect(asked.status).toBe(200);
    // nothing changes before the link is followed
    expect(await whoIs(phone)).toMatchObject({ email: 'old-address@example.com' });
    const link = linkIn(await mailTo('new-address@example.com'));
    expect(link.startsWith(`${ORIGIN}/api/auth/verify-email?token=`)).toBe(true);
    expect(new URL(link).searchParams.get('callbackURL')).toBe('/settings/account?email=changed');
    expect(sink.messages.some((m) => m.to.includes('old-address@example.com'))).toBe(false);

    const followed = await follow(link, laptop);
    expect(followed.status).toBe(302);
    expect(followed.headers.get('location')).toBe('/settings/account?email=changed');
    // both devices stay signed in and see the new address at once (both were cached with the old one)
    expect(await whoIs(laptop)).toMatchObject({ email: 'new-address@example.com' });
    expect(await whoIs(phone)).toMatchObject({ email: 'new-address@example.com' });
    expect((await signIn('new-address@example.com')).status).toBe(200);
    expect((await signIn('old-address@example.com')).status).toBe(401);
    // the link works once
    const again = await follow(link);
    expect(again.headers.get('location')).toMatch(/error=INVALID_TOKEN/);
  });

  it('asks for the current password: a session alone (a stolen cookie, a laptop left open) cannot move the account', async () => {
    const { laptop } = await personOnTwoDevices('keeps-address@example.com');
    const without = await auth('/api/auth/change-email', { cookie: laptop, body: { newEmail: 'thief@example.com' } });
    expect(without.status).toBe(400);
    expect(await without.json()).toMatchObject({ code: 'PASSWORD_REQUIRED' });
    const wrong = await auth('/api/auth/change-email', {
      cookie: laptop,
      body: { newEmail: 'thief@example.com', password: 'not-the-password' },
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ code: 'INVALID_PASSWORD' });
    expect(sink.messages.filter((m) => m.to.includes('thief@example.com'))).toEqual([]);
  });

  it('refuses in words an address another account uses, or its own, and mails nothing', async () => {
    await signUp(app, { email: 'taken@example.com' });
    const { laptop } = await personOnTwoDevices('wants-taken@example.com');
    const taken = await auth('/api/auth/change-email', { cookie: laptop, body: { newEmail: 'Taken@example.com', password: PASSWORD } });
    expect(taken.status).toBe(400);
    expect(await taken.json()).toMatchObject({ code: 'EMAIL_TAKEN', message: 'Another account uses this address.' });
    const own = await auth('/api/auth/change-email', { cookie: laptop, body: { newEmail: 'wants-taken@example.com', password: PASSWORD } });
    expect(own.status).toBe(400);
    expect(await own.json()).toMatchObject({ code: 'EMAIL_UNCHANGED' });
    const signedOut = await auth('/api/auth/change-email', { body: { newEmail: 'nobody-yet@example.com' } });
    expect(signedOut.status).toBe(401);
    expect(sink.messages.filter((m) => m.to.includes('taken@example.com'))).toEqual([]);
  });

  it('refuses a link whose address someone signed up with meanwhile, or opened in another account, leaving the account as it was', async () => {
    const { laptop } = await personOnTwoDevices('slow-mover@example.com');
    await auth('/api/auth/change-email', { cookie: laptop, body: { newEmail: 'raced@example.com', password: PASSWORD } });
    const link = linkIn(await mailTo('raced@example.com'));

    const other = cookieOf(await signUp(app, { email: 'someone-else@example.com' }));
    const wrongAccount = await follow(link, other);
    expect(wrongAccount.headers.get('location')).toMatch(/error=INVALID_USER/);

    await signUp(app, { email: 'raced@example.com' });
    const late = await follow(link, laptop);
    expect(late.status).toBe(302);
    expect(late.headers.get('location')).toBe('/settings/account?email=changed&error=EMAIL_TAKEN');
    expect(await whoIs(laptop)).toMatchObject({ email: 'slow-mover@example.com' });
  });

  it('sends no plain address-check mail: the password link is how an address is verified here', async () => {
    const cookie = cookieOf(await signUp(app, { email: 'plain-check@example.com' }));
    const res = await auth('/api/auth/send-verification-email', { cookie, body: { email: 'plain-check@example.com' } });
    expect(res.status).toBe(404);
  });
});
