import { expect, test } from '@playwright/test';
import { linkMailedTo } from './mailbox';
import { setPasswordFromMail, signUpInBrowser, uniqueEmail } from './support';

const STAFF = 'invites-staff@example.com';

// the second test signs in as the staff member the first one verified
test.describe.configure({ mode: 'serial' });

test('a staff-listed address is not staff until it follows the mailed link; then staff invite a new person, who signs up with the link', async ({
  page,
  browser,
}) => {
  // signed up with a listed address: in, but no staff rights yet, and told why
  await signUpInBrowser(page, STAFF, 'Ines Staff');
  await expect(page.getByTestId('verify-email-banner')).toContainText(/staff list/i);
  expect((await page.goto('/staff/invites'))?.status()).toBe(403);
  await expect(page.getByRole('link', { name: 'Invites', exact: true })).toHaveCount(0);

  // a password chosen from the link in the mail (sent through SMTP) makes the account staff
  await setPasswordFromMail(page, STAFF);
  await expect(page.getByTestId('verify-email-banner')).toHaveCount(0);
  await page.getByRole('link', { name: 'Invites', exact: true }).click();
  await expect(page).toHaveURL(/\/staff\/invites$/);
  await expect(page.getByRole('heading', { name: 'Invites', level: 1 })).toBeVisible();

  // staff make a link for anyone, valid a week
  await page
    .getByTestId('create-invite-form')
    .getByRole('button', { name: /create link/i })
    .click();
  const linkField = page.getByTestId('invite-link');
  await expect(linkField).toHaveValue(/\/sign-up\?invite=/);
  const link = await linkField.inputValue();
  await expect(page.getByTestId('invite-row').first()).toHaveAttribute('data-status', 'active');

  // a new person opens it in their own browser and signs up
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(link);
  await expect(guest.getByText(/you have an invitation/i)).toBeVisible();
  const newcomer = uniqueEmail('newcomer');
  await guest.getByLabel(/name/i).fill('Nia Newcomer');
  await guest.getByLabel(/email/i).fill(newcomer);
  await guest.getByLabel(/password/i).fill('correct-horse-battery');
  await guest.getByRole('button', { name: /create account/i }).click();
  await expect(guest).not.toHaveURL(/sign-up/);
  await expect(guest.getByTestId('wallet-balance')).toBeVisible();
  // an ordinary account: no staff pages
  expect((await guest.goto('/staff/invites'))?.status()).toBe(403);
  await guestContext.close();

  // staff see the link as used, by that person
  await page.reload();
  const used = page.getByTestId('invite-row').filter({ hasText: newcomer });
  await expect(used).toHaveAttribute('data-status', 'used');
  await expect(used.getByTestId('revoke-invite')).toHaveCount(0);
});

test('staff revoke an invite made for one address, and the mail to that address carried the link', async ({ page }) => {
  await page.context().clearCookies();
  await page.goto('/sign-in');
  await page.getByLabel(/email/i).fill(STAFF);
  // the password the first test chose from the mailed link
  await page.getByLabel(/password/i).fill('mailbox-owner-password');
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page).not.toHaveURL(/sign-in/);
  await page.goto('/staff/invites');

  const friend = uniqueEmail('friend');
  await page.getByLabel(/email \(optional\)/i).fill(friend);
  await page
    .getByTestId('create-invite-form')
    .getByRole('button', { name: /create link/i })
    .click();
  const link = await page.getByTestId('invite-link').inputValue();
  expect(await linkMailedTo(friend, /http:\/\/\S+\/sign-up\?invite=\S+/)).toBe(link);

  const row = page.getByTestId('invite-row').filter({ hasText: friend });
  await expect(row).toHaveAttribute('data-status', 'active');
  await row.getByTestId('revoke-invite').click();
  await expect(row).toHaveAttribute('data-status', 'revoked');
});
