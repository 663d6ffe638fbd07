import { expect, test, type Page } from '@playwright/test';
import { linkMailedTo } from './mailbox';
import { signUpInBrowser, uniqueEmail } from './support';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/sign-in/);
}

/** A page of the app opened on a device whose session has ended lands on sign-in. */
async function expectSignedOut(page: Page) {
  await page.goto('/wallet');
  await expect(page).toHaveURL(/\/sign-in/);
}

// One person (sign-ups are rate limited for the whole suite) on a laptop and a phone.
test('account settings: the signed-in devices, signing out everywhere else, a new password, a new address', async ({
  page: laptop,
  browser,
}, testInfo) => {
  // two browsers, three sign-ins, two mailed links: over a minute on a busy machine
  test.setTimeout(180_000);
  const email = await signUpInBrowser(laptop, uniqueEmail('account'), 'Avery Account');
  const phoneContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    userAgent: IPHONE,
  });
  const phone = await phoneContext.newPage();
  await signIn(phone, email, 'correct-horse-battery');

  // opened from the person's name in the sidebar: two devices, this one first and marked
  await laptop.getByRole('link', { name: 'Account settings' }).click();
  await expect(laptop).toHaveURL(/\/settings\/account$/);
  const sessions = laptop.getByTestId('session');
  await expect(sessions).toHaveCount(2);
  await expect(sessions.first()).toContainText('This device');
  await expect(sessions.nth(1)).toContainText('Safari on iOS');

  // "Sign out everywhere else" leaves one; the phone's next page is the sign-in page
  await laptop.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(sessions).toHaveCount(1);
  await expect(laptop.getByText('You are signed in on this device only.')).toBeVisible();
  await expectSignedOut(phone);

  // a new password: a wrong current one is said in words; the right one signs the phone out at once
  await signIn(phone, email, 'correct-horse-battery');
  await laptop.reload();
  await expect(sessions).toHaveCount(2);
  const password = laptop.getByTestId('change-password');
  await password.getByLabel('Current password').fill('not-my-password');
  await password.getByLabel('New password', { exact: true }).fill('a-brand-new-password');
  await password.getByLabel('Repeat the new password').fill('a-brand-new-password');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByRole('alert')).toHaveText('The current password is not right.');
  await password.getByLabel('Current password').fill('correct-horse-battery');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByRole('status')).toContainText('Your password is changed');
  await expect(sessions).toHaveCount(1);
  await expectSignedOut(phone);
  await signIn(phone, email, 'a-brand-new-password');

  // a new address: the link goes to it, and following it moves the account
  const moved = uniqueEmail('moved');
  const address = laptop.getByTestId('change-email');
  await address.getByLabel('New email address').fill(moved);
  await address.getByLabel('Current password').fill('a-brand-new-password');
  await address.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(address.getByRole('status')).toContainText(`We sent a link to ${moved}`);
  await laptop.goto(await linkMailedTo(moved, /http:\/\/\S+\/api\/auth\/verify-email\?\S+/));
  await expect(laptop).toHaveURL(/\/settings\/account\?email=changed$/);
  await expect(laptop.getByText(`Your email address is now ${moved}.`)).toBeVisible();
  await expect(laptop.getByTestId('current-email')).toContainText(moved);

  // the phone, still signed in, shows the new address at 390 px, the page no wider than the screen
  await phone.goto('/settings/account');
  await expect(phone.getByTestId('current-email')).toContainText(moved);
  await expect(phone.getByTestId('session')).toHaveCount(2);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // the page scrolls inside the app's main column: a tall window shows all of it
  await phone.setViewportSize({ width: 390, height: 1900 });
  await phone.screenshot({ path: testInfo.outputPath('account-390.png') });
  await laptop.setViewportSize({ width: 1280, height: 1300 });
  await laptop.screenshot({ path: testInfo.outputPath('account-1280.png') });
  await phoneContext.close();
});
