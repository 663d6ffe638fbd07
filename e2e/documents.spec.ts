import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signUpInBrowser, uniqueEmail } from './support';

const NOTES = [
  'Northwind Traders opened its Lisbon warehouse in March 2021. The warehouse handles 4,200 orders a day.',
  'Delivery times in Portugal fell from 5 days to 2 days after the opening. Customer complaints dropped by 31 percent.',
  'The company employs 180 people in Lisbon. Most of them work in picking and packing.',
].join('\n\n');

test('a document from the chat with an attached file: answer the questions, watch the progress, open it, export it', async ({ page }) => {
  test.setTimeout(240_000);
  await signUpInBrowser(page, uniqueEmail('writer'));
  await expect(page).toHaveURL(/\/chats\//);
  const chatId = new URL(page.url()).pathname.split('/').pop()!;

  // the file is attached to the chat; start_document makes it the document's source
  const upload = await page.request.post('/api/documents/attachments', {
    multipart: { chatId, file: { name: 'warehouse-notes.md', mimeType: 'text/markdown', buffer: Buffer.from(NOTES) } },
  });
  expect(upload.status()).toBe(201);

  await page.getByTestId('chat-input').fill('Write a report on the Northwind Lisbon warehouse');
  await page.getByTestId('send-button').click();
  await expect(page.getByTestId('message-assistant').last()).toHaveAttribute('data-status', 'complete', { timeout: 60_000 });

  await page.goto('/documents');
  const listed = page.getByTestId('document-list').getByRole('link').first();
  await expect(listed).toBeVisible();
  await listed.click();
  await expect(page).toHaveURL(/\/documents\/[0-9a-f-]+$/);
  await expect(page.getByText('1 source')).toBeVisible();

  // the job waits for the answers
  const questions = page.getByRole('form', { name: /questions before writing/i });
  await expect(questions).toBeVisible({ timeout: 60_000 });
  for (const box of await questions.getByRole('textbox').all()) await box.fill('Operations managers; the years 2021 to 2023.');
  await questions.getByRole('button', { name: /save answers/i }).click();

  // the progress bar moves while sections appear, then the job is done
  const progress = page.getByRole('progressbar');
  await expect(progress).toBeVisible();
  await expect(page.getByTestId('document-status')).toHaveAttribute('data-status', /researching|writing|finalizing|done/, { timeout: 30_000 });
  await expect(page.getByTestId('document-status')).toHaveAttribute('data-status', 'done', { timeout: 180_000 });
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  const sections = page.getByTestId('document-section');
  expect(await sections.count()).toBeGreaterThan(1);
  await expect(sections.first()).toContainText(/Lisbon|warehouse|orders/i);

  // the finished document opens from the list, and exports
  await page.goto('/documents');
  await page.getByTestId('document-list').getByRole('link').first().click();
  await expect(page.getByTestId('document-status')).toHaveAttribute('data-status', 'done');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Markdown' }).click()]);
  const markdown = await readFile((await download.path())!, 'utf8');
  expect(markdown).toMatch(/^# /);
  expect(markdown).toMatch(/^\[\^1\]: (warehouse-notes|Answers to the questions), paragraph \d+: “/m);
  const html = await page.request.get(`${new URL(page.url()).pathname.replace('/documents/', '/api/documents/')}/export?format=html`);
  expect(html.status()).toBe(200);
  expect(await html.text()).toContain('<main id="main">');
});
