import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startOidcProvider, type TestOidcProvider } from '../tests/support/oidc-provider';
import { e2ePorts } from './ports';
import { type QuireProcess, startQuire } from './server-process';

// A team signs in to Quire through its own OpenID provider: a real one (oidc-provider from npm, with its
// development login and consent pages), and a Quire server of its own configured for it.
test.describe
  .serial('single sign-on through an OpenID provider', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quire-sso-'));
    const quireUrl = `http://localhost:${e2ePorts.ssoServer}`;
    let provider: TestOidcProvider;
    let server: QuireProcess;
    /** the address the provider sent the staff member's browser back to, to replay */
    let usedCallback = '';

    test.beforeAll(async () => {
      test.setTimeout(240_000);
      provider = await startOidcProvider({
        port: e2ePorts.ssoProvider,
        redirectUris: [`${quireUrl}/api/auth/callback/oidc`],
        accounts: [
          { email: 'lead@corp.example', email_verified: true, name: 'Lena Lead', groups: ['quire-staff'] },
          { email: 'member@corp.example', email_verified: true, name: 'Mo Member', groups: ['everyone'] },
          { email: 'visitor@elsewhere.example', email_verified: true, name: 'Vic Visitor' },
        ],
      });
      server = await startQuire(e2ePorts.ssoServer, dataDir, {
        APP_URL: quireUrl,
        OIDC_ISSUER: provider.url,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
        OIDC_ALLOWED_DOMAINS: 'corp.example',
        OIDC_STAFF_GROUP: 'quire-staff',
        OIDC_NAME: 'Corp ID',
      });
    });

    test.afterAll(async () => {
      server?.child.kill('SIGTERM');
      await server?.exited;
      await provider?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    /** Back at Quire: in the app, or on the sign-in page with the reason it was turned back. */
    const landedBack = (at: string) => {
      const url = new URL(at);
      return url.origin === quireUrl && (url.pathname !== '/sign-in' || url.searchParams.has('error'));
    };

    /** From Quire's sign-in page through the provider's login and consent pages (each when it asks), back to Quire. */
    async function signInThroughProvider(page: Page, login: string): Promise<void> {
      await page.goto(`${quireUrl}/sign-in`);
      await page.getByRole('button', { name: 'Sign in with Corp ID' }).click();
      const loginField = page.locator('input[name="login"]');
      const consent = page.getByRole('button', { name: 'Continue' });
      // a provider that remembers the person and their consent sends them straight back
      for (;;) {
        await expect.poll(async () => landedBack(page.url()) || (await loginField.isVisible()) || (await consent.isVisible())).toBe(true);
        if (landedBack(page.url())) return;
        if (await loginField.isVisible()) {
          await loginField.fill(login);
          await page.locator('input[name="password"]').fill('any password');
          await page.getByRole('button', { name: 'Sign-in' }).click();
          await expect(loginField).toBeHidden();
        } else {
          await consent.click();
          await expect(consent).toBeHidden();
        }
      }
    }

    test('a member of the staff group signs in, is staff, and a second sign-in returns to the same account', async ({ page }) => {
      page.on('request', (request) => {
        if (request.url().startsWith(`${quireUrl}/api/auth/callback/oidc?`)) usedCallback = request.url();
      });
      await signInThroughProvider(page, 'lead@corp.example');
      await expect(page).toHaveURL(/\/chats/);
      await expect(page.getByRole('link', { name: 'Transcripts', exact: true })).toBeVisible();

      // something of theirs to find again
      await page.getByTestId('chat-input').fill('Notes for the quarterly review');
      await page.getByTestId('send-button').click();
      await expect(page.getByTestId('message-assistant').last()).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });

      // signed out of Quire, not of the provider: the next sign-in goes straight through it
      const out = await page.request.post(`${quireUrl}/api/auth/sign-out`, { headers: { origin: quireUrl }, data: {} });
      expect(out.status()).toBe(200);
      await signInThroughProvider(page, 'lead@corp.example');
      await expect(page.getByRole('link', { name: 'Transcripts', exact: true })).toBeVisible();
      const chats = await page.request.get(`${quireUrl}/api/chats`);
      expect(chats.status()).toBe(200);
      expect(await chats.json()).toHaveLength(1);
    });

    test('someone outside the staff group signs in as an ordinary person', async ({ browser }) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await signInThroughProvider(page, 'member@corp.example');
      await expect(page).toHaveURL(/\/chats/);
      await expect(page.getByTestId('chat-input')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Transcripts', exact: true })).toHaveCount(0);
      await context.close();
    });

    test('an address outside the allowed domains is turned back on the sign-in page, with the reason', async ({ browser }) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await signInThroughProvider(page, 'visitor@elsewhere.example');
      await expect(page).toHaveURL(/\/sign-in\?error=SSO_DOMAIN_NOT_ALLOWED/);
      await expect(page.getByRole('alert').filter({ hasText: /not in a domain this server accepts/ })).toBeVisible();
      await context.close();
    });

    test('the callback replayed in another browser is refused, with the reason, and signs nobody in', async ({ browser }) => {
      expect(usedCallback).toContain('state=');
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(usedCallback);
      await expect(page).toHaveURL(/\/sign-in\?error=state_/);
      await expect(page.getByRole('alert').filter({ hasText: /already used or has expired/ })).toBeVisible();
      expect((await page.request.get(`${quireUrl}/api/chats`)).status()).toBe(401);
      await context.close();
    });
  });

test.describe('a provider that answers as another issuer', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quire-sso-impostor-'));
  const quireUrl = `http://localhost:${e2ePorts.ssoImpostorServer}`;
  let impostor: TestOidcProvider;
  let server: QuireProcess;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    // it listens where OIDC_ISSUER points, but its discovery document and tokens name another issuer
    impostor = await startOidcProvider({
      port: e2ePorts.ssoImpostor,
      issuer: `http://localhost:${e2ePorts.ssoImpostor}`,
      redirectUris: [`${quireUrl}/api/auth/callback/oidc`],
      accounts: [{ email: 'lead@corp.example', email_verified: true, groups: ['quire-staff'] }],
    });
    server = await startQuire(e2ePorts.ssoImpostorServer, dataDir, {
      APP_URL: quireUrl,
      OIDC_ISSUER: `http://127.0.0.1:${e2ePorts.ssoImpostor}`,
      OIDC_CLIENT_ID: impostor.clientId,
      OIDC_CLIENT_SECRET: impostor.clientSecret,
      OIDC_STAFF_GROUP: 'quire-staff',
    });
  });

  test.afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    await impostor?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('the sign-in is refused before the browser is sent there, with the reason', async ({ page }) => {
    await page.goto(`${quireUrl}/sign-in`);
    await page.getByRole('button', { name: 'Sign in with single sign-on' }).click();
    await expect(page.getByRole('alert').filter({ hasText: /did not answer as the one this server is set up for/ })).toBeVisible();
    expect(new URL(page.url()).origin).toBe(quireUrl);
    expect(server.output()).toContain('"event":"sso_refused","reason":"issuer"');
  });
});
