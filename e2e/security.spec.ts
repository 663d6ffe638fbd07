import http from 'node:http';
import { expect, test } from '@playwright/test';
import { linkMailedTo } from './mailbox';
import { setPasswordFromMail, signUpApi, signUpInBrowser, signUpStaffInBrowser, uniqueEmail } from './support';

// Attacks on accounts through the production server: the mail links, the staff list and redirects.

const port = (baseURL: string | undefined) => Number(new URL(baseURL ?? 'http://localhost:3210').port);

/** A JSON POST with a Host header of the sender's choosing, as a script (not a browser) can send it. */
function postWithHost(serverPort: number, host: string, path: string, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = http.request(
      { host: '127.0.0.1', port: serverPort, path, method: 'POST', headers: { host, 'content-type': 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

test('a password link asked for with a forged Host points at this server, never at the forged host', async ({ request, baseURL }) => {
  const email = await signUpApi(request, uniqueEmail('forged-host'));
  expect(await postWithHost(port(baseURL), `evil.example:${port(baseURL)}`, '/api/auth/request-password-reset', { email })).toBe(200);
  const link = await linkMailedTo(email, /https?:\/\/\S+/);
  expect(new URL(link).hostname).not.toBe('evil.example');
  expect(link).toMatch(new RegExp(`^http://(127\\.0\\.0\\.1|localhost):${port(baseURL)}/set-password\\?token=`));
});

test('a staff-listed address signed up with a forged Host: its mailed link still points at this server', async ({ baseURL }) => {
  const status = await postWithHost(port(baseURL), 'evil.example', '/api/auth/sign-up/email', {
    email: 'host-staff@example.com',
    password: 'attacker-password-1',
    name: 'Host Forger',
  });
  expect(status).toBe(200);
  const link = await linkMailedTo('host-staff@example.com', /https?:\/\/\S+/);
  expect(link).not.toContain('evil.example');
  expect(link).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port(baseURL)}/set-password\\?token=`));
});

test('a stranger who signs up a staff address first never becomes staff; the mailbox owner does, and the stranger is locked out', async ({
  page,
  playwright,
  baseURL,
}) => {
  const attacker = await playwright.request.newContext({ baseURL });
  const signedUp = await attacker.post('/api/auth/sign-up/email', {
    data: { email: 'claimed-staff@example.com', password: 'attacker-chose-this', name: 'Not The Owner' },
  });
  expect(signedUp.status()).toBe(200);
  expect((await attacker.get('/api/staff/transcripts')).status()).toBe(403);

  // the owner reads their mailbox and chooses their own password
  await setPasswordFromMail(page, 'claimed-staff@example.com', 'the-owners-own-secret');
  await expect(page.getByTestId('verify-email-banner')).toHaveCount(0);
  expect((await page.request.get('/api/staff/transcripts')).status()).toBe(200);

  // the stranger's session ended, and their password no longer opens the account
  expect((await attacker.get('/api/staff/transcripts')).status()).toBe(401);
  // (asked from a clean context: with its dead cookie, the auth library wants an Origin first)
  const fresh = await playwright.request.newContext({ baseURL });
  const again = await fresh.post('/api/auth/sign-in/email', {
    data: { email: 'claimed-staff@example.com', password: 'attacker-chose-this' },
  });
  expect(again.status(), await again.text()).toBe(401);
  await fresh.dispose();
  await attacker.dispose();
});

test('forgot password: a person asks for a link, sets a new password from it, and the old one stops working', async ({
  page,
  playwright,
  baseURL,
}) => {
  const email = await signUpInBrowser(page, uniqueEmail('forgetful'));
  await page.context().clearCookies();
  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  // the sign-in form has an Email field too: fill only once the new page is there
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByTestId('reset-link-sent')).toContainText(email);
  await setPasswordFromMail(page, email, 'a-brand-new-password');
  await expect(page).toHaveURL(/\/chats\//);
  const elsewhere = await playwright.request.newContext({ baseURL });
  const old = await elsewhere.post('/api/auth/sign-in/email', { data: { email, password: 'correct-horse-battery' } });
  expect(old.status()).toBe(401);
  await elsewhere.dispose();
  // the link works once
  await page.goto(await linkMailedTo(email, /http:\/\/\S+\/set-password\?\S+/));
  await expect(page.getByTestId('password-link-invalid')).toBeVisible();
});

test.describe('redirects taken from a request stay on this site', () => {
  test('sign-in with a next= that normalises to another host lands on this site', async ({ page, baseURL }) => {
    await signUpInBrowser(page, uniqueEmail('redirect'));
    for (const next of [
      '/.//evil.example/x',
      '/chats/..//evil.example',
      '/%2e%2e//evil.example',
      '//evil.example',
      'https://evil.example/',
    ]) {
      await page.goto(`/sign-in?next=${encodeURIComponent(next)}`);
      expect(new URL(page.url()).host, next).toBe(new URL(baseURL!).host);
    }
  });

  test('the auth routes refuse a callback or redirect target on another host, whatever the token', async ({ request }) => {
    for (const path of [
      '/api/auth/verify-email?token=anything&callbackURL=https://evil.example/',
      '/api/auth/verify-email?token=anything&callbackURL=/.//evil.example',
      '/api/auth/reset-password/anything?callbackURL=//evil.example',
    ]) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(400);
      expect(res.headers().location ?? '').not.toContain('evil.example');
    }
    const posted = await request.post('/api/auth/request-password-reset', {
      data: { email: 'nobody@example.com', redirectTo: 'https://evil.example/' },
    });
    expect(posted.status()).toBe(400);
  });
});

test('a page asked for as a prefetch comes with its Content-Security-Policy and nonce', async ({ request }) => {
  const prefetches: Array<Record<string, string>> = [
    { purpose: 'prefetch' },
    { 'next-router-prefetch': '1' },
    { 'sec-purpose': 'prefetch' },
  ];
  for (const headers of prefetches) {
    const res = await request.get('/sign-in', { headers });
    const policy = res.headers()['content-security-policy'] ?? '';
    expect(policy, JSON.stringify(headers)).toMatch(/script-src[^;]*'nonce-/);
  }
});

test('a malformed percent-escape in any path is a 400, signed in or not, never a 500', async ({ request }) => {
  for (const path of ['/api/chats/%ff', '/chats/%E0%A4%A', '/documents/%zz']) {
    expect((await request.get(path)).status(), path).toBe(400);
  }
  await signUpApi(request, uniqueEmail('percent'));
  for (const path of ['/api/chats/%ff', '/chats/%E0%A4%A']) {
    expect((await request.get(path)).status(), path).toBe(400);
  }
});

test('a filter named twice in a page address (?chat=a&chat=b) is read once, never a 500', async ({ request }) => {
  await signUpApi(request, uniqueEmail('twice'));
  for (const path of ['/wallet?chat=a&chat=b&status=charged&status=x', '/settings/account?email=changed&email=x&error=a&error=b']) {
    expect((await request.get(path)).status(), path).toBe(200);
  }
});

test('deeply nested JSON to the auth and app routes is a 400, not a stack overflow', async ({ request }) => {
  // about 60 KB, under the 64 KB body cap: the depth is what is refused
  const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
  for (const path of ['/api/auth/sign-in/email', '/api/auth/sign-up/email']) {
    const res = await request.post(path, { data: deep, headers: { 'content-type': 'application/json' } });
    expect(res.status(), path).toBe(400);
  }
  await signUpApi(request, uniqueEmail('deep'));
  const res = await request.post('/api/chats', { data: deep, headers: { 'content-type': 'application/json' } });
  expect(res.status()).toBe(400);
});

test('a display name is at most 100 characters: a 60,000-character one is a 400 and makes no account', async ({ request }) => {
  const email = uniqueEmail('long-name');
  const res = await request.post('/api/auth/sign-up/email', {
    data: { email, password: 'correct-horse-battery', name: 'N'.repeat(60_000) },
  });
  expect(res.status()).toBe(400);
  expect((await request.post('/api/auth/sign-in/email', { data: { email, password: 'correct-horse-battery' } })).status()).toBe(401);
});

test("an answer whose markup names the page's globals (DOM clobbering) breaks neither the chat nor the staff transcript", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signUpInBrowser(page, uniqueEmail('clobber'));
  await expect(page).toHaveURL(/\/chats\//);
  const chatId = new URL(page.url()).pathname.split('/').pop()!;
  // names the browser would put on `document` and `window`: Next's flight data, document methods, forms
  // (the image is blocked by the answer's own image rule; the links are drawn, so their names must be scoped)
  const hostile =
    'Look <img name="getElementById" src="data:,"> <a id="__next_f" href="#top">here</a> <a name="getElementById" href="#top">there</a> <form name="documentElement"><input name="body"></form> done';
  await page.getByTestId('chat-input').fill(`[sim:echo] ${hostile}`);
  await page.getByTestId('send-button').click();
  await expect(page.getByTestId('message-assistant').last()).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });

  /** The server-rendered page with the answer on it hydrates: React has taken over the answer's element. */
  const hydrated = (p: typeof page) =>
    p.evaluate(() => {
      const answer = document.querySelector('[data-testid="message-assistant"]');
      return answer !== null && Object.keys(answer).some((key) => key.startsWith('__react'));
    });
  const clobbered = (p: typeof page) =>
    p.evaluate(() => ({
      getElementById: typeof document.getElementById,
      documentElement: document.documentElement instanceof HTMLHtmlElement,
      unscoped: document.getElementsByName('getElementById').length + (document.getElementById('__next_f') ? 1 : 0),
      scoped: document.getElementsByName('user-content-getElementById').length + (document.getElementById('user-content-__next_f') ? 1 : 0),
    }));

  await page.reload();
  await expect.poll(() => hydrated(page)).toBe(true);
  expect(await clobbered(page)).toEqual({ getElementById: 'function', documentElement: true, unscoped: 0, scoped: 2 });
  // and it still works: another message is sent and answered
  await page.getByTestId('chat-input').fill('Hello again');
  await page.getByTestId('send-button').click();
  await expect(page.getByTestId('message-assistant')).toHaveCount(2);
  await expect(page.getByTestId('message-assistant').last()).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });
  expect(errors).toEqual([]);

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  const staffErrors: string[] = [];
  staff.on('pageerror', (error) => staffErrors.push(error.message));
  await signUpStaffInBrowser(staff, 'clobber-staff@example.com');
  await staff.goto(`/staff/transcripts/${chatId}`);
  await expect(staff.getByTestId('message-assistant').first()).toBeVisible();
  await expect.poll(() => hydrated(staff)).toBe(true);
  expect(await clobbered(staff)).toEqual({ getElementById: 'function', documentElement: true, unscoped: 0, scoped: 2 });
  expect(staffErrors).toEqual([]);
  await staffContext.close();
});

test('sharing a document tells the owner nothing about which addresses have accounts; a later account gets the share through the mailed invitation', async ({
  playwright,
  baseURL,
}) => {
  const owner = await playwright.request.newContext({ baseURL });
  await signUpApi(owner);
  const created = await owner.post('/api/documents', { data: { request: 'Notes on enumeration' } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const known = await playwright.request.newContext({ baseURL });
  const knownEmail = await signUpApi(known);
  const unknownEmail = uniqueEmail('not-yet');

  const share = async (email: string) => {
    const res = await owner.post(`/api/documents/${id}/members`, { data: { email, role: 'reviewer' } });
    return { status: res.status(), body: (await res.json()) as { userId: string; role: string } };
  };
  const [toKnown, toUnknown] = [await share(knownEmail), await share(unknownEmail)];
  // the same status, the same fields, ids of the same form
  expect(toUnknown.status).toBe(toKnown.status);
  expect(Object.keys(toUnknown.body).sort()).toEqual(Object.keys(toKnown.body).sort());
  expect(toUnknown.body.userId).toMatch(/^[A-Za-z0-9]{32}$/);
  expect(toKnown.body.userId).toMatch(/^[A-Za-z0-9]{32}$/);
  const listed = async () => (await (await owner.get(`/api/documents/${id}/members`)).json()) as Array<Record<string, unknown>>;
  // newest share first
  expect(await listed()).toEqual([
    { userId: toUnknown.body.userId, email: unknownEmail, name: null, role: 'reviewer' },
    { userId: toKnown.body.userId, email: knownEmail, name: null, role: 'reviewer' },
  ]);
  // the pending share is managed like a member
  expect((await owner.patch(`/api/documents/${id}/members/${toUnknown.body.userId}`, { data: { role: 'editor' } })).status()).toBe(200);

  // an account made with the address proves nothing by itself (anyone can type an address): nothing opens yet
  const later = await playwright.request.newContext({ baseURL });
  await signUpApi(later, unknownEmail);
  expect((await later.get(`/api/documents/${id}`)).status()).toBe(404);
  // the invitation mailed to the address, followed by that account: the document is theirs to open, as an editor
  const invitation = new URL(await linkMailedTo(unknownEmail, /http:\/\/\S+\/sign-up\?next=\S+/));
  expect((await later.get(invitation.searchParams.get('next')!)).url()).toMatch(new RegExp(`/documents/${id}$`));
  const theirs = (await (await later.get('/api/documents')).json()) as Array<{ id: string; role?: string }>;
  expect(theirs.map((d) => d.id)).toContain(id);
  expect((await later.get(`/api/documents/${id}`)).status()).toBe(200);
  const notices = (await (await later.get('/api/notifications')).json()) as Array<{ documentId: string; kind: string }>;
  expect(notices).toEqual([expect.objectContaining({ documentId: id, kind: 'document_shared' })]);
  // a member's name shows once they opened the document (the page, not the API, counts as opening it)
  const members = await listed();
  expect(members.map((m) => m.email)).toEqual([unknownEmail, knownEmail]);
  // the invitation's link landed on the document's page: opened, so named
  expect(members[0]).toMatchObject({ role: 'editor', name: 'API Person' });
  expect(members[0].userId).not.toBe(toUnknown.body.userId);
  expect((await known.get(`/documents/${id}`)).status()).toBe(200);
  expect((await listed())[1]).toMatchObject({ email: knownEmail, name: 'API Person' });
  await Promise.all([owner.dispose(), known.dispose(), later.dispose()]);
});
