// Screenshots of the main screens for the README:
//   npx tsx scripts/take-screenshots.ts http://localhost:3000
// against a running server started with STAFF_EMAILS=staff@example.com and
// SMTP_URL=smtp://127.0.0.1:2525: staff rights need a password set from the mailed
// link, which this script receives on that port (SCREENSHOT_SMTP_PORT) and follows.
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from './find-chromium';
import { startSmtpSink } from '../tests/support/smtp-sink';

const base = process.argv[2] ?? 'http://localhost:3000';
const mail = await startSmtpSink({ port: Number(process.env.SCREENSHOT_SMTP_PORT ?? 2525) });
const out = 'docs/screenshots';
const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });

async function signUp(page: Page, email: string, name: string) {
  await page.goto(`${base}/sign-up`);
  await page.getByLabel(/name/i).fill(name);
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/password/i).fill('correct-horse-battery');
  await page.getByRole('button', { name: /sign up|create account/i }).click();
  await page.waitForURL(/\/chats\//);
}

async function send(page: Page, text: string) {
  await page.getByTestId('chat-input').fill(text);
  await page.getByTestId('send-button').click();
  await page.getByTestId('send-button').waitFor({ timeout: 60_000 });
  await page.waitForTimeout(800);
}

const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
const page = await context.newPage();
const stamp = Date.now().toString(36);
await signUp(page, `ada-${stamp}@example.com`, 'Ada Lovelace');
await send(page, 'I am on Windows 11 with the Pro plan. How do I install the desktop app?');
await send(page, 'Give me [sim:list 12] checks before I export a long report');
await page.screenshot({ path: `${out}/chat.png` });
// a short document from the chat: answer its questions, wait for it to finish
const chatId = new URL(page.url()).pathname.split('/').pop()!;
await page.request.post(`${base}/api/documents/attachments`, {
  multipart: {
    chatId,
    file: {
      name: 'warehouse-notes.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from(
        'Northwind opened its Lisbon warehouse in March 2021. It handles 4,200 orders a day.\n\nDelivery times in Portugal fell from 5 days to 2 days after the opening.\n\nThe company employs 180 people in Lisbon.',
      ),
    },
  },
});
await send(page, 'Write a short report on the Northwind Lisbon warehouse using the attached notes');
await page.screenshot({ path: `${out}/chat-document-started.png` });
await page.goto(`${base}/documents`);
await page.getByTestId('document-list').getByRole('link').first().click();
const questions = page.getByRole('form', { name: /questions before writing/i });
await questions.waitFor({ timeout: 60_000 });
for (const box of await questions.getByRole('textbox').all()) await box.fill('Operations managers; 2021 to 2023.');
await questions.getByRole('button', { name: /save answers/i }).click();
await page.getByTestId('document-status').and(page.locator('[data-status="done"]')).waitFor({ timeout: 180_000 });
await page.waitForTimeout(1500);
await page.screenshot({ path: `${out}/document.png` });

// one question to two models side by side, the better answer marked (the next model in the list is the second)
const firstChat = new URL(page.url()).pathname;
await page.getByTestId('new-chat').click();
await page.waitForURL((url) => url.pathname.startsWith('/chats/') && url.pathname !== firstChat);
await page.getByTestId('compare-add').click();
await send(page, 'Mountains or the coast for a first long hike?');
const answers = page.getByTestId('side-answer');
await answers.nth(1).getByTestId('better-answer').click();
await page.waitForTimeout(500);
await page.screenshot({ path: `${out}/side-by-side.png` });

await page.goto(`${base}/wallet`);
await page.waitForTimeout(500);
await page.screenshot({ path: `${out}/wallet.png` });

const staffContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US', colorScheme: 'dark' });
const staff = await staffContext.newPage();
await signUp(staff, `staff@example.com`, 'Sam Staff').catch(() => undefined);
for (let waited = 0; !mail.messages.some((m) => m.to.includes('staff@example.com')) && waited < 15_000; waited += 250)
  await staff.waitForTimeout(250);
const passwordLink = mail.messages.map((m) => /https?:\/\/\S+\/set-password\?\S+/.exec(m.text)?.[0]).find(Boolean);
if (passwordLink) {
  await staff.goto(passwordLink);
  await staff.getByLabel('New password').fill('staff-screenshot-password');
  await staff.getByLabel('Repeat it').fill('staff-screenshot-password');
  await staff.getByRole('button', { name: /set password/i }).click();
  await staff.waitForURL((url) => !url.pathname.startsWith('/set-password'));
}
await staff.goto(`${base}/staff`);
await staff.waitForTimeout(500);
await staff.getByTestId('staff-transcript-row').filter({ hasText: 'ada-' }).first().click();
await staff.waitForTimeout(800);
await staff.screenshot({ path: `${out}/staff-transcript.png` });
await staff.goto(`${base}/staff/arena`);
await staff.waitForTimeout(500);
await staff.screenshot({ path: `${out}/model-comparison.png` });
await browser.close();
await mail.close();
console.log(`Screenshots written to ${out}/`);
