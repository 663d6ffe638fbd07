import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { linkMailedTo } from './mailbox';
import { editorOf } from './pages/canvas-page';
import { signUpApi, signUpInBrowser, uniqueEmail, writtenDocument } from './support';

// Issue #34 item 10: a role change reaches the open page at once, an address with no account gets an
// invitation by mail that opens the document only for that address, and the navigation shows unread notices.

const shots = process.env.SHARING_SCREENSHOTS;

/** A second person in a browser of their own, signed up through the API. */
async function person(browser: Browser, prefix: string, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport });
  const email = await signUpApi(context.request, uniqueEmail(prefix));
  return { context, email, page: await context.newPage() };
}

/** A document that exists at once (its writing is stopped): enough to be shared and noticed. */
async function quickDocument(request: APIRequestContext): Promise<string> {
  const created = await request.post('/api/documents', {
    data: {
      request: 'Write a short note on the Lisbon warehouse',
      sectionCount: 2,
      sources: [{ kind: 'text', title: 'Notes', content: 'A.' }],
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await request.post(`/api/documents/${id}/cancel`);
  return id;
}

/** A new browser follows a mailed link to the sign-up form and signs up there with `email`. */
async function signUpFromLink(browser: Browser, link: string, name: string, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  // (as every sign-up of the suite: refused for a while past 30 a minute from this address, and tried again)
  await signUpInBrowser(page, email, name, link);
  return { context, page };
}

async function noSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
}

test("a role change reaches the other person's open page without a reload", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signUpApi(page.request, uniqueEmail('role-owner'));
  const document = await writtenDocument(page.request);
  const [first] = document.sections;
  const ada = await person(browser, 'role-ada');
  const share = await page.request.post(`/api/documents/${document.id}/members`, { data: { email: ada.email, role: 'editor' } });
  expect(share.status()).toBe(201);
  const { userId } = (await share.json()) as { userId: string };

  await ada.page.goto(`/documents/${document.id}`);
  const editor = editorOf(ada.page, first.id);
  await expect(editor).toHaveAttribute('contenteditable', 'true');
  // a marker: the page is never reloaded, only the document read again
  await ada.page.evaluate(() => Object.assign(window, { sameLoad: true }));

  // the owner makes Ada a reviewer from the share dialog: her open canvas turns read-only
  await page.goto(`/documents/${document.id}`);
  await page.getByTestId('share-open').click();
  await page.getByLabel(`Role of ${ada.email}`).selectOption('reviewer');
  await expect(page.getByRole('status').filter({ hasText: `${ada.email} is now a reviewer` })).toBeVisible();
  await expect(ada.page.getByText('You are a reviewer')).toBeVisible({ timeout: 15_000 });
  await expect(editor).not.toHaveAttribute('contenteditable', 'true');

  // and back to editor: editing comes back, still in the same page load
  expect((await page.request.patch(`/api/documents/${document.id}/members/${userId}`, { data: { role: 'editor' } })).status()).toBe(200);
  await expect(editor).toHaveAttribute('contenteditable', 'true', { timeout: 15_000 });
  await expect(ada.page.getByText('You are a reviewer')).toHaveCount(0);
  expect(await ada.page.evaluate(() => (window as unknown as { sameLoad?: boolean }).sameLoad)).toBe(true);
  await ada.context.close();
});

test('sharing with an address that has no account mails an invitation that opens the document only for that address', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signUpApi(page.request, uniqueEmail('invite-owner'));
  const documentId = await quickDocument(page.request);
  const invited = uniqueEmail('invitee');
  const revoked = uniqueEmail('revoked');

  // the owner shares with two addresses nobody uses yet, from the dialog
  await page.goto(`/documents/${documentId}`);
  await page.getByTestId('share-open').click();
  const dialog = page.getByRole('dialog');
  for (const [email, role] of [
    [revoked, 'reviewer'],
    [invited, 'editor'],
  ]) {
    await dialog.getByLabel('Email', { exact: true }).fill(email);
    await dialog.getByLabel('Role', { exact: true }).selectOption(role);
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog.getByRole('status').filter({ hasText: `Shared with ${email}` })).toBeVisible();
  }
  // both wait in the list, each with Remove, marked as not opened yet
  const members = dialog.getByTestId('document-members');
  await expect(members.getByRole('listitem').filter({ hasText: invited })).toContainText('Invited, not opened yet');
  await expect(members.getByRole('listitem').filter({ hasText: revoked })).toContainText('Invited, not opened yet');
  if (shots) await page.screenshot({ path: `${shots}/share-dialog-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  if (shots) await page.screenshot({ path: `${shots}/share-dialog-390.png` });
  await page.setViewportSize({ width: 1280, height: 900 });

  // each address got its invitation; the owner revokes one, and its link then opens nothing
  const invitation = await linkMailedTo(invited, /http:\/\/\S+\/sign-up\?next=\S+/);
  const revokedLink = await linkMailedTo(revoked, /http:\/\/\S+\/sign-up\?next=\S+/);
  await dialog.getByRole('button', { name: `Remove ${revoked}` }).click();
  await expect(members.getByRole('listitem').filter({ hasText: revoked })).toHaveCount(0);

  // someone else who got hold of the link (a forwarded mail) and is signed in with another address gets nothing
  const mallory = await person(browser, 'mallory');
  await mallory.page.goto(invitation);
  await expect(mallory.page.getByTestId('invitation-refused')).toContainText(`This invitation was sent to ${invited}`);
  expect((await mallory.context.request.get(`/api/documents/${documentId}`)).status()).toBe(404);
  await mallory.context.close();

  // the invited person follows the link, signs up with the address, and lands on the document as an editor
  const { context: invitee, page: inviteePage } = await signUpFromLink(browser, invitation, 'Ines Invited', invited);
  await expect(inviteePage).toHaveURL(new RegExp(`/documents/${documentId}$`));
  const view = (await (await invitee.request.get(`/api/documents/${documentId}`)).json()) as { role: string };
  expect(view.role).toBe('editor');
  // followed again, the link brings the invitee back to the document; for anyone else it is spent
  await inviteePage.goto(invitation);
  await expect(inviteePage).toHaveURL(new RegExp(`/documents/${documentId}$`));
  const other = await person(browser, 'after');
  await other.page.goto(invitation);
  await expect(other.page.getByTestId('invitation-refused')).toContainText('This invitation was used');
  await other.context.close();

  // the revoked address's link leads nowhere, even for an account made with that address
  const { context: late, page: latePage } = await signUpFromLink(browser, revokedLink, 'Rita Revoked', revoked);
  await expect(latePage.getByTestId('invitation-refused')).toContainText('This invitation was used');
  expect((await late.request.get(`/api/documents/${documentId}`)).status()).toBe(404);
  await late.close();

  // the owner's list now shows the invitee by name
  await page.reload();
  await page.getByTestId('share-open').click();
  await expect(dialog.getByTestId('document-members').getByRole('listitem').filter({ hasText: invited })).toContainText('Ines Invited');
  await invitee.close();
});

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`the navigation's bell counts unread notifications and opens them, at ${viewport.width} px`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    await signUpApi(page.request, uniqueEmail('bell-owner'));
    const reader = await person(browser, 'bell-reader', viewport);
    await reader.page.goto('/wallet');
    const bell = reader.page.getByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName('Notifications');
    await expect(reader.page.getByTestId('notification-badge').filter({ visible: true })).toHaveCount(0);

    // a document is shared with the reader: the badge shows it at the next navigation
    const documentId = await quickDocument(page.request);
    expect(
      (await page.request.post(`/api/documents/${documentId}/members`, { data: { email: reader.email, role: 'reviewer' } })).status(),
    ).toBe(201);
    await reader.page.goto('/settings/instructions');
    await expect(bell).toHaveAccessibleName('Notifications: 1 unread');
    await expect(reader.page.getByTestId('notification-badge').filter({ visible: true })).toHaveText('1');
    for (const scheme of ['light', 'dark'] as const) {
      await reader.page.emulateMedia({ colorScheme: scheme });
      if (shots) await reader.page.screenshot({ path: `${shots}/bell-${viewport.width}-${scheme}.png` });
    }
    await reader.page.emulateMedia({ colorScheme: 'light' });

    // the bell opens the notices; "Mark all as read" empties them and the badge goes
    await bell.click();
    const dialog = reader.page.getByTestId('notifications-dialog');
    await expect(dialog.getByRole('listitem')).toContainText('shared');
    await noSeriousViolations(reader.page);
    if (shots) await reader.page.screenshot({ path: `${shots}/notifications-${viewport.width}.png` });
    await dialog.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(dialog.getByText('No unread notifications.')).toBeVisible();
    await reader.page.keyboard.press('Escape');
    await expect(bell).toHaveAccessibleName('Notifications');
    await expect(reader.page.getByTestId('notification-badge').filter({ visible: true })).toHaveCount(0);

    // sharing again renews the notice: the bell counts it, and opening it from the dialog reads it
    expect(
      (await page.request.post(`/api/documents/${documentId}/members`, { data: { email: reader.email, role: 'editor' } })).status(),
    ).toBe(201);
    await reader.page.goto('/wallet');
    await expect(bell).toHaveAccessibleName('Notifications: 1 unread');
    await bell.click();
    await dialog.getByRole('link', { name: 'Open' }).click();
    await expect(reader.page).toHaveURL(new RegExp(`/documents/${documentId}$`));
    await expect(bell).toHaveAccessibleName('Notifications');
    await reader.context.close();
  });
}
