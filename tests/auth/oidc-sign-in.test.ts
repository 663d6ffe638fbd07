import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '@/lib/app';
import { createInvite } from '@/lib/auth/invites';
import { SSO_CALLBACK_PATH } from '@/lib/auth/single-sign-on';
import { loadConfig } from '@/lib/config';
import { documentRole } from '@/lib/documents/access';
import { shareDocument } from '@/lib/documents/members';
import { createTestUser } from '@/tests/support/documents-harness';
import { currentUser, handleAuthRequest } from '@/lib/http/auth-session';
import { cookieOf, jsonRequest, ORIGIN, serveTestApp, signUp } from '@/tests/support/auth-client';
import { startOidcProvider, walkProvider, type TestOidcProvider } from '@/tests/support/oidc-provider';
import { openTestDatabase, type TestDatabase } from '@/tests/support/test-database';

/**
 * Single sign-on against a real OpenID provider (oidc-provider from npm): the
 * whole redirect flow, with Quire's address, staff, sign-up and linking rules.
 */

const STAFF_GROUP = 'quire-staff';

let db: TestDatabase;
let provider: TestOidcProvider;
const apps: App[] = [];
const closing: Array<() => Promise<void>> = [];

async function appWith(env: Record<string, string> = {}, idp: TestOidcProvider = provider): Promise<App> {
  const app = await serveTestApp(db, {
    OIDC_ISSUER: idp.url,
    OIDC_CLIENT_ID: idp.clientId,
    OIDC_CLIENT_SECRET: idp.clientSecret,
    OIDC_ALLOWED_DOMAINS: 'corp.example, @lab.corp.example',
    OIDC_STAFF_GROUP: STAFF_GROUP,
    STAFF_EMAILS: 'listed@corp.example',
    ...env,
  });
  apps.push(app);
  return app;
}

/** The sign-in button's request: better-auth answers with the provider's authorization URL and sets its state cookie. */
async function startSignIn(app: App, extra: Record<string, unknown> = {}) {
  return handleAuthRequest(
    app,
    jsonRequest('/api/auth/sign-in/social', { body: { provider: 'oidc', callbackURL: '/chats', errorCallbackURL: '/sign-in', ...extra } }),
  );
}

/** A person signs in through the provider as `login`: where Quire sends the browser at the end, and the session cookie if any. */
async function ssoSignIn(app: App, login: string, extra: Record<string, unknown> = {}) {
  const start = await startSignIn(app, extra);
  expect(start.status).toBe(200);
  const { url } = (await start.json()) as { url: string };
  const stateCookie = cookieOf(start);
  const callbackUrl = await walkProvider(url, login);
  expect(callbackUrl.startsWith(`${ORIGIN}${SSO_CALLBACK_PATH}?`)).toBe(true);
  const back = await handleAuthRequest(app, new Request(callbackUrl, { headers: { cookie: stateCookie } }));
  expect(back.status).toBe(302);
  return { location: back.headers.get('location') ?? '', cookie: cookieOf(back), callbackUrl, stateCookie };
}

/** The refusal the sign-in page is sent: its `error` code. */
const refusalOf = (location: string) => {
  const url = new URL(location, ORIGIN);
  return url.pathname === '/sign-in' ? url.searchParams.get('error') : null;
};

const userByEmail = (email: string) => db.prisma.user.findUnique({ where: { email }, include: { accounts: true } });

beforeAll(async () => {
  db = await openTestDatabase('pglite');
  provider = await startOidcProvider({
    redirectUris: [`${ORIGIN}${SSO_CALLBACK_PATH}`],
    accounts: [
      { email: 'new@corp.example', email_verified: true, name: 'New Person' },
      { email: 'again@lab.corp.example', email_verified: true, name: 'Comes Back' },
      { email: 'boss@corp.example', email_verified: true, name: 'The Boss', groups: ['/quire-staff', 'everyone'] },
      { email: 'listed@corp.example', email_verified: true, name: 'Listed' },
      { email: 'outsider@elsewhere.example', email_verified: true, name: 'Outsider' },
      { email: 'proven@corp.example', email_verified: true, name: 'Proven Password' },
      { email: 'unproven@corp.example', email_verified: true, name: 'Unproven Password' },
      { email: 'claims@corp.example', email_verified: false, name: 'Claims An Address' },
      { email: 'closed@corp.example', email_verified: true, name: 'Too Late' },
      { email: 'invited@corp.example', email_verified: true, name: 'Invited' },
      { email: 'shared@corp.example', email_verified: true, name: 'Shared With' },
    ],
  });
  closing.push(provider.close);
});

afterAll(async () => {
  for (const app of apps) await app.stopBus.close();
  for (const close of closing) await close();
  await db?.dispose();
});

describe('configuration', () => {
  const base = { NODE_ENV: 'test' as const, DATA_DIR: '.data-unused' };
  it('all three of issuer, client id and secret, or none: a partial set refuses to start and says what to set', () => {
    expect(loadConfig(base).oidc).toBeUndefined();
    expect(() => loadConfig({ ...base, OIDC_ISSUER: 'https://id.example.com' })).toThrow(
      /single sign-on needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together; set OIDC_CLIENT_ID and OIDC_CLIENT_SECRET/,
    );
    expect(() => loadConfig({ ...base, OIDC_CLIENT_ID: 'quire', OIDC_CLIENT_SECRET: 's' })).toThrow(/set OIDC_ISSUER as well/);
    expect(() => loadConfig({ ...base, OIDC_ISSUER: 'id.example.com', OIDC_CLIENT_ID: 'q', OIDC_CLIENT_SECRET: 's' })).toThrow(
      /OIDC_ISSUER/,
    );
    const oidc = loadConfig({
      ...base,
      OIDC_ISSUER: 'https://id.example.com/realms/team/',
      OIDC_CLIENT_ID: 'quire',
      OIDC_CLIENT_SECRET: 'secret',
      OIDC_ALLOWED_DOMAINS: 'Example.com, @team.example.com',
      OIDC_SCOPES: 'groups offline_access',
    }).oidc;
    expect(oidc).toMatchObject({
      issuer: 'https://id.example.com/realms/team',
      allowedDomains: ['example.com', 'team.example.com'],
      extraScopes: ['groups', 'offline_access'],
      name: undefined,
      staffGroup: undefined,
    });
  });
});

describe('signing in through the provider', () => {
  it('a new person in an allowed domain gets an account, an ordinary one, and lands on the page they asked for', async () => {
    const app = await appWith();
    const { location, cookie } = await ssoSignIn(app, 'new@corp.example');
    expect(location).toBe('/chats');
    const me = await currentUser(app, jsonRequest('/', { cookie }));
    expect(me).toMatchObject({ email: 'new@corp.example', name: 'New Person', role: 'user', emailVerified: true });
    const row = await userByEmail('new@corp.example');
    expect(row!.accounts.map((a) => a.providerId)).toEqual(['oidc']);
    // a wallet, as every new account has
    expect(await db.prisma.wallet.findUnique({ where: { userId: row!.id } })).not.toBeNull();
  });

  it('a second sign-in returns to the same account, not a new one', async () => {
    const app = await appWith();
    const first = await ssoSignIn(app, 'again@lab.corp.example');
    const second = await ssoSignIn(app, 'again@lab.corp.example');
    const a = await currentUser(app, jsonRequest('/', { cookie: first.cookie }));
    const b = await currentUser(app, jsonRequest('/', { cookie: second.cookie }));
    expect(b!.id).toBe(a!.id);
    expect((await userByEmail('again@lab.corp.example'))!.accounts).toHaveLength(1);
  });

  it('an address outside OIDC_ALLOWED_DOMAINS is refused on the sign-in page, and no account is made', async () => {
    const app = await appWith();
    const { location, cookie } = await ssoSignIn(app, 'outsider@elsewhere.example');
    expect(refusalOf(location)).toBe('SSO_DOMAIN_NOT_ALLOWED');
    expect(cookie).not.toContain('session_token=');
    expect(await userByEmail('outsider@elsewhere.example')).toBeNull();
  });

  it('a member of OIDC_STAFF_GROUP is staff, recorded in the audit log; so is a verified address on STAFF_EMAILS', async () => {
    const app = await appWith();
    const boss = await ssoSignIn(app, 'boss@corp.example');
    expect(await currentUser(app, jsonRequest('/', { cookie: boss.cookie }))).toMatchObject({ role: 'staff' });
    const bossRow = await userByEmail('boss@corp.example');
    const audit = await db.prisma.auditEvent.findFirst({ where: { action: 'role_changed', targetId: bossRow!.id } });
    expect(audit?.detail).toMatchObject({ role: 'staff', by: 'OIDC_STAFF_GROUP', group: STAFF_GROUP });

    const listed = await ssoSignIn(app, 'listed@corp.example');
    expect(await currentUser(app, jsonRequest('/', { cookie: listed.cookie }))).toMatchObject({ role: 'staff' });
    // and someone outside the group and the list is not
    const plain = await ssoSignIn(app, 'new@corp.example');
    expect(await currentUser(app, jsonRequest('/', { cookie: plain.cookie }))).toMatchObject({ role: 'user' });
  });
});

describe('documents shared with the address before the account existed', () => {
  /** a document of someone else's, shared with `email` while no account uses it (a pending share) */
  async function sharedWith(email: string) {
    const ownerId = await createTestUser(db.prisma);
    const document = await db.prisma.document.create({
      data: { ownerId, title: 'Shared ahead', request: 'r', model: 'sim-swift' },
      select: { id: true },
    });
    await shareDocument(db.prisma, document.id, ownerId, email, 'editor');
    return document.id;
  }

  it('open for the account single sign-on makes with that verified address, without the invitation link', async () => {
    const documentId = await sharedWith('shared@corp.example');
    const app = await appWith();
    const { cookie } = await ssoSignIn(app, 'shared@corp.example');
    const me = await currentUser(app, jsonRequest('/', { cookie }));
    expect(await documentRole(db.prisma, documentId, me!.id)).toBe('editor');
  });

  it('stay closed to a password sign-up that only typed the address (its holder follows the mailed invitation)', async () => {
    const documentId = await sharedWith('typed@elsewhere.example');
    const app = await appWith();
    const response = await signUp(app, { email: 'typed@elsewhere.example' });
    expect(response.status).toBe(200);
    const user = await userByEmail('typed@elsewhere.example');
    expect(await documentRole(db.prisma, documentId, user!.id)).toBeNull();
    expect(await db.prisma.pendingShare.count({ where: { documentId } })).toBe(1);
  });
});

describe('an existing password account with the same address', () => {
  it('is joined when the provider says the address is verified and the account proved it here: one person, both ways in', async () => {
    const app = await appWith();
    expect((await signUp(app, { email: 'proven@corp.example', password: 'proven-password-1' })).status).toBe(200);
    // as the mailed password link does (lib/auth/auth.ts, onPasswordReset)
    await db.prisma.user.update({ where: { email: 'proven@corp.example' }, data: { emailVerified: true } });
    const before = await userByEmail('proven@corp.example');

    const { location, cookie } = await ssoSignIn(app, 'proven@corp.example');
    expect(location).toBe('/chats');
    expect((await currentUser(app, jsonRequest('/', { cookie })))!.id).toBe(before!.id);
    expect((await userByEmail('proven@corp.example'))!.accounts.map((a) => a.providerId).sort()).toEqual(['credential', 'oidc']);
    const password = await handleAuthRequest(
      app,
      jsonRequest('/api/auth/sign-in/email', { body: { email: 'proven@corp.example', password: 'proven-password-1' } }),
    );
    expect(password.status).toBe(200);
  });

  it('is never handed to a provider sign-in whose address the provider does not vouch for', async () => {
    const app = await appWith();
    expect((await signUp(app, { email: 'claims@corp.example', password: 'the-real-owner-1' })).status).toBe(200);
    await db.prisma.user.update({ where: { email: 'claims@corp.example' }, data: { emailVerified: true } });

    const { location, cookie } = await ssoSignIn(app, 'claims@corp.example');
    expect(refusalOf(location)).toBe('account_not_linked');
    expect(cookie).not.toContain('session_token=');
    expect((await userByEmail('claims@corp.example'))!.accounts.map((a) => a.providerId)).toEqual(['credential']);
  });

  it('whose address was never proven here is not joined either: whoever chose its password may not be its owner', async () => {
    const app = await appWith();
    expect((await signUp(app, { email: 'unproven@corp.example', password: 'a-stranger-chose-1' })).status).toBe(200);
    const { location } = await ssoSignIn(app, 'unproven@corp.example');
    expect(refusalOf(location)).toBe('account_not_linked');
    expect((await userByEmail('unproven@corp.example'))!.accounts.map((a) => a.providerId)).toEqual(['credential']);
  });
});

describe('the sign-up rules', () => {
  it('SIGNUP=closed refuses a new person through the provider too, while an existing one still signs in', async () => {
    const app = await appWith({ SIGNUP: 'closed' });
    const { location } = await ssoSignIn(app, 'closed@corp.example');
    expect(refusalOf(location)).toBe('SIGNUP_CLOSED');
    expect(await userByEmail('closed@corp.example')).toBeNull();
    expect((await ssoSignIn(app, 'new@corp.example')).location).toBe('/chats');
  });

  it('SIGNUP=invite takes the invite the sign-up page started with, and spends it', async () => {
    const app = await appWith({ SIGNUP: 'invite' });
    expect(refusalOf((await ssoSignIn(app, 'invited@corp.example')).location)).toBe('INVITE_REQUIRED');
    const boss = await userByEmail('boss@corp.example');
    const { token, invite } = await createInvite(db.prisma, { createdBy: { userId: boss!.id, email: boss!.email, address: null } });
    const { location } = await ssoSignIn(app, 'invited@corp.example', { additionalData: { invite: token } });
    expect(location).toBe('/chats');
    const used = await db.prisma.user.findUnique({ where: { email: 'invited@corp.example' } });
    expect(used?.inviteId).toBe(invite.id);
  });
});

describe('what is refused', () => {
  it('a callback replayed with its state is refused on the sign-in page, with no second session', async () => {
    const app = await appWith();
    const { callbackUrl, stateCookie } = await ssoSignIn(app, 'new@corp.example');
    const replay = await handleAuthRequest(app, new Request(callbackUrl, { headers: { cookie: stateCookie } }));
    expect(replay.status).toBe(302);
    expect(refusalOf(replay.headers.get('location') ?? '')).toMatch(/^state_/);
    expect(cookieOf(replay)).not.toContain('session_token=');
  });

  it('a provider whose discovery names another issuer than OIDC_ISSUER is not used', async () => {
    // it listens at 127.0.0.1 but says it is localhost: a mix-up or a stand-in, either way not the issuer configured
    const impostor = await startOidcProvider({
      redirectUris: [`${ORIGIN}${SSO_CALLBACK_PATH}`],
      accounts: [{ email: 'new@corp.example', email_verified: true }],
      issuer: 'http://localhost:1',
    });
    closing.push(impostor.close);
    const app = await appWith({}, impostor);
    const start = await startSignIn(app);
    expect(start.status).toBe(502);
    expect(await start.json()).toMatchObject({ code: 'SSO_ISSUER_MISMATCH' });
  });

  it('a provider that cannot be reached is said to be unreachable, not a 500', async () => {
    const app = await appWith({ OIDC_ISSUER: 'http://127.0.0.1:9' });
    const start = await startSignIn(app);
    expect(start.status).toBe(503);
    expect(await start.json()).toMatchObject({ code: 'SSO_UNAVAILABLE' });
  });

  it('an ID token posted to the sign-in endpoint is refused: only the redirect, with its state and nonce, signs in', async () => {
    const app = await appWith();
    const start = await startSignIn(app, { idToken: { token: 'eyJhbGciOiJub25lIn0.e30.' } });
    expect(start.status).toBe(403);
    expect(await start.json()).toMatchObject({ code: 'SSO_ID_TOKEN_REFUSED' });
  });
});
