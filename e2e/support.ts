import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { linkMailedTo } from './mailbox';
import { e2eDataDir } from '../playwright.config';

let counter = 0;
export function uniqueEmail(prefix = 'person'): string {
  return `${prefix}-${Date.now().toString(36)}-${counter++}@example.com`;
}

/** Signs up through the real form and lands in the app. */
export async function signUpInBrowser(page: Page, email = uniqueEmail(), name = 'Ada Lovelace'): Promise<string> {
  await page.goto('/sign-up');
  await page.getByLabel(/name/i).fill(name);
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/password/i).fill('correct-horse-battery');
  await page.getByRole('button', { name: /sign up|create account/i }).click();
  await expect(page).not.toHaveURL(/sign-up/);
  return email;
}

/**
 * A staff-listed address (STAFF_EMAILS in playwright.config.ts) signs up, then
 * follows the verification link from its mail: staff rights start only then.
 */
export async function signUpStaffInBrowser(page: Page, email: string, name = 'Staff Person'): Promise<string> {
  await signUpInBrowser(page, email, name);
  await page.goto(await linkMailedTo(email, /http:\/\/\S+\/verify-email\?\S+/));
  await expect(page.getByTestId('verify-email-banner')).toHaveCount(0);
  return email;
}

/** Signs up through the API (cookie kept in the request context). */
export async function signUpApi(request: APIRequestContext, email = uniqueEmail()): Promise<string> {
  const res = await request.post('/api/auth/sign-up/email', { data: { email, password: 'correct-horse-battery', name: 'API Person' } });
  expect(res.ok()).toBe(true);
  return email;
}

/** The key the server's mounted simulator demands: derived from the auth secret it keeps in its data directory. */
export function simulatorKeyOfTestServer(): string {
  const secret = readFileSync(path.join(e2eDataDir, 'auth-secret'), 'utf8').trim();
  return createHmac('sha256', secret).update('quire offline simulator key').digest('base64url');
}
