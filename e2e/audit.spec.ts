import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signUpStaffInBrowser } from './support';

const STAFF = 'audit-staff@example.com';
const ZONE = 'Asia/Shanghai';

// a zone far from the server's UTC: the From day must be the staff member's own
test.use({ timezoneId: ZONE });

test('staff find their grant in the audit log by act and day, download it as CSV, and read the log on a phone', async ({
  page,
}, testInfo) => {
  await signUpStaffInBrowser(page, STAFF, 'Audra Staff');

  // two acts: a grant (to their own account: no second sign-up) and an invite
  await page.goto('/staff/ledger');
  await page.locator('#credit-email').fill(STAFF);
  await page.getByLabel('Amount (USD)').fill('5');
  await page.getByLabel('Reason').fill('Audit trail check');
  await page.getByRole('button', { name: 'Add credits' }).click();
  await expect(page.getByTestId('ledger-credit-row').filter({ hasText: 'Audit trail check' })).toBeVisible();
  await page.goto('/staff/invites');
  await page
    .getByTestId('create-invite-form')
    .getByRole('button', { name: /create link/i })
    .click();
  await expect(page.getByTestId('invite-link')).toHaveValue(/invite=/);

  // Staff → Audit log: each act with who did it and from where
  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  const grant = page.getByTestId('audit-row').filter({ hasText: 'Audit trail check' });
  await expect(grant).toHaveAttribute('data-action', 'credits_granted');
  await expect(grant.getByTestId('audit-actor')).toHaveText(STAFF);
  await expect(grant).toContainText('Credits added');
  await expect(grant).toContainText(`$5.00 to ${STAFF}`);
  await expect(grant).toContainText('Reason: Audit trail check');
  await expect(grant.getByTestId('audit-address')).toHaveText(/\d|:/);
  const invite = page.getByTestId('audit-row').filter({ hasText: 'Invite made' }).filter({ hasText: STAFF });
  await expect(invite.first()).toContainText('For anyone');
  await page.screenshot({ path: testInfo.outputPath('audit-1280.png'), fullPage: true });

  // only grants, by this person, from today in their zone: the filters go into the address
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
  const filters = page.getByTestId('audit-filters');
  await filters.getByLabel('Action').selectOption({ label: 'Credits added' });
  await filters.getByLabel('Staff email').fill('audit-staff');
  await filters.getByLabel('From').fill(today);
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`action=credits_granted&actor=audit-staff&from=${today}&to=&tz=Asia%2FShanghai`));
  await expect(page.getByText(`whole days in ${ZONE}`)).toBeVisible();
  await expect(grant).toBeVisible();
  await expect(page.locator('[data-testid="audit-row"]:not([data-action="credits_granted"])')).toHaveCount(0);

  // the CSV holds the same rows: the grant, not the invite
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('audit-csv').click()]);
  expect(download.suggestedFilename()).toMatch(/^quire-audit-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('\uFEFFat,action,actor_email,actor_id,target_type,target_id,target,address,detail');
  expect(csv).toContain(`,credits_granted,${STAFF},`);
  expect(csv).toContain('""reason"":""Audit trail check""');
  expect(csv).not.toContain('invite_created');

  // a freshly loaded page (the filters' submit) shows the time in the browser's zone too, not the server's UTC
  const when = grant.locator('time');
  const at = await when.getAttribute('datetime');
  const local = await page.evaluate(
    (iso) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)),
    at!,
  );
  await expect(when).toHaveText(local);

  // on a phone each entry is a card, the act first; the page keeps the phone's width
  await page.setViewportSize({ width: 390, height: 844 });
  const card = page.getByTestId('audit-card').filter({ hasText: 'Audit trail check' });
  await expect(card).toBeVisible();
  await expect(card).toContainText(`Credits added$5.00 to ${STAFF}`);
  await expect(card).toContainText(STAFF);
  await expect(grant).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('audit-390.png'), fullPage: true });
});
