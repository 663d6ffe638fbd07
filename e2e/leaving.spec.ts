import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { signUpInBrowser, signUpStaffInBrowser, uniqueEmail } from './support';

const STAFF = 'leaving-staff@example.com';

// One person chats once, downloads everything, reads the archive, deletes the account and cannot sign in again;
// staff still find the charge for that chat in the ledger, without the person's email.
test('download my data and read the ZIP; delete the account, sign-in fails, the ledger row stays without the email', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const email = await signUpInBrowser(page, uniqueEmail('leaver'), 'Lee Leaver');
  await page.getByTestId('chat-input').fill('Plan a day in Porto');
  await page.getByTestId('send-button').click();
  await expect(page.getByTestId('message-assistant').last()).not.toBeEmpty();
  await expect(page.getByTestId('send-button')).toBeVisible();

  await page.goto('/settings/account');
  await page.getByRole('heading', { name: 'Your data' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('settings-1280.png') });

  // the ZIP, read as the person would after unpacking it
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-data').click()]);
  expect(download.suggestedFilename()).toMatch(/^quire-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(readFileSync((await download.path())!));
  const names = Object.keys(files);
  const chatMarkdown = names.find((name) => /^chats\/.+\.md$/.test(name));
  expect(chatMarkdown, names.join(', ')).toBeDefined();
  expect(strFromU8(files[chatMarkdown!]!)).toContain('Plan a day in Porto');
  expect(names.some((name) => /^chats\/.+\.json$/.test(name))).toBe(true);
  expect(JSON.parse(strFromU8(files['account.json']!))).toMatchObject({ email });
  const ledgerLines = strFromU8(files['ledger.csv']!).trim().split('\r\n');
  expect(ledgerLines).toHaveLength(2);
  const entryId = ledgerLines[1]!.split(',')[1]!;

  // a wrong password deletes nothing and says so; the right one lands on sign-in
  await page.getByTestId('delete-account').click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByLabel('Current password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete for good' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('That is not your current password. Nothing was deleted.');
  await dialog.getByLabel('Current password').fill('correct-horse-battery');
  await dialog.getByRole('button', { name: 'Delete for good' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('correct-horse-battery');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'That email and password do not match an account.' })).toBeVisible();

  // staff read everyone's ledger: the charge is there, with no email and no trace of the account's id
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signUpStaffInBrowser(staff, STAFF);
  const ledger = await staff.request.get('/api/staff/ledger?limit=200');
  expect(ledger.ok()).toBe(true);
  const entry = ((await ledger.json()) as Array<{ id: string; userId: string; userEmail: string | null; chargedMicros: number }>).find(
    (row) => row.id === entryId,
  );
  expect(entry).toMatchObject({ userEmail: null, userId: expect.stringMatching(/^deleted-/) });
  expect(entry!.chargedMicros).toBeGreaterThan(0);
  await staff.goto('/staff/people');
  await expect(staff.getByTestId('person-row').first()).toBeVisible();
  await staff.screenshot({ path: testInfo.outputPath('people-1280.png') });
  await staffContext.close();
});

test('the account settings page on a phone: the data and delete sections fit', async ({ browser }, testInfo) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await signUpInBrowser(page, uniqueEmail('leaver-phone'), 'Pat Phone');
  await page.goto('/settings/account');
  await expect(page.getByTestId('download-data')).toBeVisible();
  await page.getByTestId('delete-account').scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('settings-390.png'), fullPage: true });
  await page.getByTestId('delete-account').click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('delete-dialog-390.png') });
  // nothing of the page runs past the screen's width
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
});
