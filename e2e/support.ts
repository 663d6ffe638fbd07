import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterRateLimit, waitAsTold } from './server-process';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { linkMailedTo } from './mailbox';
import { e2eDataDir } from '../playwright.config';

let counter = 0;
export function uniqueEmail(prefix = 'person'): string {
  return `${prefix}-${Date.now().toString(36)}-${counter++}@example.com`;
}

/** Signs up through the real form and lands in the app. */
export async function signUpInBrowser(page: Page, email = uniqueEmail(), name = 'Ada Lovelace', signUpPage = '/sign-up'): Promise<string> {
  await page.goto(signUpPage);
  await page.getByLabel(/name/i).fill(name);
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/password/i).fill('correct-horse-battery');
  // Every account of the suite signs up from 127.0.0.1, 30 a minute: the form says when to try again, and the
  // person does, as the form tells them to.
  for (let tries = 1; ; tries++) {
    await page.getByRole('button', { name: /sign up|create account/i }).click();
    const refused = page.getByRole('alert').filter({ hasText: /too many attempts/i });
    await expect.poll(async () => !/\/sign-up/.test(page.url()) || (await refused.count()) > 0).toBe(true);
    if (!/\/sign-up/.test(page.url()) || tries === 4) break;
    await waitAsTold(Number((await refused.innerText()).match(/(\d+) second/)?.[1] ?? 10));
  }
  await expect(page).not.toHaveURL(/sign-up/);
  // the app is loaded as a page after sign-up: a chat's composer takes Enter once React runs there
  if (/\/chats\//.test(page.url())) await expect(page.locator('[data-testid="chat-input"][data-interactive]')).toBeVisible();
  return email;
}

/**
 * A staff-listed address (STAFF_EMAILS in playwright.config.ts) signs up, then
 * opens the link mailed to it and chooses a password: staff rights start only then.
 */
export async function signUpStaffInBrowser(page: Page, email: string, name = 'Staff Person'): Promise<string> {
  await signUpInBrowser(page, email, name);
  await setPasswordFromMail(page, email);
  await expect(page.getByTestId('verify-email-banner')).toHaveCount(0);
  return email;
}

/** Opens the newest password link mailed to `email`, sets `password` and lands in the app, signed in. */
export async function setPasswordFromMail(page: Page, email: string, password = 'mailbox-owner-password'): Promise<void> {
  await page.goto(await linkMailedTo(email, /http:\/\/\S+\/set-password\?\S+/));
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Repeat it').fill(password);
  await page.getByRole('button', { name: /set password/i }).click();
  await expect(page).not.toHaveURL(/set-password/);
}

/** Signs up through the API (cookie kept in the request context). */
export async function signUpApi(request: APIRequestContext, email = uniqueEmail()): Promise<string> {
  const res = await afterRateLimit(async () => {
    const response = await request.post('/api/auth/sign-up/email', {
      data: { email, password: 'correct-horse-battery', name: 'API Person' },
    });
    return { status: response.status(), retryAfter: response.headers()['x-retry-after'] ?? null, ok: response.ok() };
  });
  expect(res.ok).toBe(true);
  return email;
}

/** The key the server's mounted simulator demands: derived from the auth secret it keeps in its data directory. */
export function simulatorKeyOfTestServer(): string {
  const secret = readFileSync(path.join(e2eDataDir, 'auth-secret'), 'utf8').trim();
  return createHmac('sha256', secret).update('quire offline simulator key').digest('base64url');
}

export interface SectionJson {
  id: string;
  version: number;
  body: string;
  status: string;
}

const NOTES =
  'Northwind Traders opened its Lisbon warehouse in March 2021. The warehouse handles 4,200 orders a day. Delivery times in Portugal fell from 5 days to 2 days.';

/** A two-section document written by the pipeline (offline simulator), its questions answered; with `chatId`, its events go to that chat. */
export async function writtenDocument(
  request: APIRequestContext,
  options: { chatId?: string } = {},
): Promise<{ id: string; sections: SectionJson[] }> {
  const created = await request.post('/api/documents', {
    data: {
      request: 'Write a short report on the Lisbon warehouse',
      sectionCount: 2,
      sources: [{ kind: 'text', title: 'Warehouse notes', content: NOTES }],
      ...options,
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  let answered = false;
  await expect
    .poll(
      async () => {
        const document = (await (await request.get(`/api/documents/${id}`)).json()) as {
          status: string;
          questions: Array<{ id: string; answer: string | null }>;
        };
        if (document.status === 'awaiting_answers' && !answered) {
          answered = true;
          const answers = document.questions.map((q) => ({ questionId: q.id, text: 'Operations managers; 2021 to 2023.' }));
          expect((await request.post(`/api/documents/${id}/answers`, { data: { answers } })).ok()).toBe(true);
        }
        return document.status;
      },
      { timeout: 90_000, intervals: [500, 1_000] },
    )
    .toBe('done');
  return { id, sections: ((await (await request.get(`/api/documents/${id}`)).json()) as { sections: SectionJson[] }).sections };
}

export async function saveSection(request: APIRequestContext, section: { id: string; version: number }, body: string): Promise<number> {
  const saved = await request.patch(`/api/sections/${section.id}`, { data: { body, baseVersion: section.version } });
  expect(saved.status()).toBe(200);
  return ((await saved.json()) as { version: number }).version;
}

export async function sectionNow(request: APIRequestContext, documentId: string, sectionId: string): Promise<SectionJson> {
  const document = (await (await request.get(`/api/documents/${documentId}`)).json()) as { sections: SectionJson[] };
  return document.sections.find((s) => s.id === sectionId)!;
}
