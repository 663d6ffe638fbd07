import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import mammoth from 'mammoth';
import { extractText, getDocumentProxy } from 'unpdf';
import { saveSection, sectionNow, signUpInBrowser, uniqueEmail, writtenDocument } from './support';

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
  await expect(page.getByTestId('document-status')).toHaveAttribute('data-status', /researching|writing|finalizing|done/, {
    timeout: 30_000,
  });
  await expect(page.getByTestId('document-status')).toHaveAttribute('data-status', 'done', { timeout: 180_000 });
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  const sections = page.getByTestId('document-section');
  expect(await sections.count()).toBeGreaterThan(1);
  await expect(sections.first()).toContainText(/Lisbon|warehouse|orders/i);

  // the finished document opens from the list, and exports
  await page.goto('/documents');
  await page.getByTestId('document-list').getByRole('link').first().click();
  await expect(page.getByTestId('document-status')).toHaveAttribute('data-status', 'done');
  // each format is an item of the Export menu; the file is named after the document's title
  const downloadFrom = async (format: 'Markdown' | 'Word (DOCX)' | 'PDF') => {
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: format, exact: true }).click(),
    ]);
    return { name: download.suggestedFilename(), bytes: await readFile((await download.path())!) };
  };
  const markdownFile = await downloadFrom('Markdown');
  expect(markdownFile.name).toMatch(/\.md$/);
  const markdown = markdownFile.bytes.toString('utf8');
  expect(markdown).toMatch(/^# /);
  const note = /^\[\^1\]: ((?:warehouse-notes|Answers to the questions), paragraph \d+: “.+”)/m.exec(markdown)![1];
  const title = /^# (.+)$/m.exec(markdown)![1];

  // Word: the title, footnote 1 as a real footnote quoting its source, and the works cited (read back with mammoth)
  const docx = await downloadFrom('Word (DOCX)');
  expect(docx.name).toBe(markdownFile.name.replace(/\.md$/, '.docx'));
  const word = (await mammoth.convertToHtml({ buffer: docx.bytes })).value;
  expect(word).toContain(`<h1>${title}</h1>`);
  expect(word).toContain(`<li id="footnote-1"><p>${note}`);
  expect(word).toContain('<h2>Works cited</h2>');

  // PDF: the same, as its text (read back with pdf.js)
  const pdfFile = await downloadFrom('PDF');
  expect(pdfFile.name).toBe(markdownFile.name.replace(/\.md$/, '.pdf'));
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdfFile.bytes)), { mergePages: true });
  const pdfText = text.replace(/\s+/g, ' ');
  expect(pdfText.startsWith(title.replace(/\s+/g, ' '))).toBe(true);
  expect(pdfText).toContain(`1. ${note.replace(/\s+/g, ' ')}`);
  expect(pdfText).toContain('Works cited •');

  const html = await page.request.get(`${new URL(page.url()).pathname.replace('/documents/', '/api/documents/')}/export?format=html`);
  expect(html.status()).toBe(200);
  expect(await html.text()).toContain('<main id="main">');
});

test('basic 9: the chat reports the assistant’s change and a person’s burst of saves as one card each, saying who changed which section', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUpInBrowser(page, uniqueEmail('editor'), 'Ada Lovelace');
  await expect(page).toHaveURL(/\/chats\//);
  const chatPath = new URL(page.url()).pathname;
  const document = await writtenDocument(page.request, { chatId: chatPath.split('/').pop() });
  const [first, second] = document.sections;

  // three autosaves of the person's typing, in two sections: one burst
  await saveSection(page.request, first, `${first.body}\n\nA note from the editor.`);
  await saveSection(page.request, await sectionNow(page.request, document.id, first.id), `${first.body}\n\nA longer note from the editor.`);
  await saveSection(page.request, second, `${second.body}\n\nA closing remark.`);
  // the assistant rewrites a range of the second section at the person's request
  const now = await sectionNow(page.request, document.id, second.id);
  const start = now.body.indexOf('A closing remark');
  const rewrite = await page.request.post(`/api/sections/${second.id}/rewrite`, {
    data: { start, end: start + 'A closing remark'.length, instruction: 'Write it in uppercase', baseVersion: now.version },
  });
  expect(rewrite.status()).toBe(200);
  expect(await rewrite.json()).toMatchObject({ applied: true });

  await page.goto(chatPath);
  const updated = page.locator('[data-testid="message-event"][data-event="document_updated"]');
  await expect(updated).toHaveCount(2);
  await expect(updated.first()).toContainText('Ada Lovelace edited');
  await expect(updated.first().getByTestId('event-saves')).toContainText('3 saves');
  await expect(updated.first().getByRole('listitem')).toHaveCount(2);
  await expect(updated.last()).toContainText('The assistant revised');
  await expect(updated.last()).toContainText('for Ada Lovelace');
  await expect(updated.last().getByRole('listitem')).toContainText(/revised/);
});

test('basic 11: the owner shares from the header’s Share panel; the recipient is notified and finds the document in their list; role change and removal take effect', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signUpInBrowser(page, uniqueEmail('owner'), 'Ada Lovelace');
  const recipientContext = await browser.newContext();
  const recipient = await recipientContext.newPage();
  const recipientEmail = await signUpInBrowser(recipient, uniqueEmail('recipient'), 'Grace Hopper');
  const created = await page.request.post('/api/documents', { data: { request: 'Write a short note on brewing oolong tea' } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await page.goto(`/documents/${id}`);
  await page.getByRole('button', { name: 'Share' }).click();
  const panel = page.getByRole('dialog', { name: /^Share “/ });
  await expect(panel.getByText('Not shared with anyone yet.')).toBeVisible();
  await panel.getByLabel('Email').fill(recipientEmail);
  await panel.getByLabel('Role', { exact: true }).selectOption('editor');
  await panel.getByRole('button', { name: 'Add', exact: true }).click();
  const members = panel.getByTestId('document-members');
  // until she opens the document the owner sees only the address they typed (a share reveals no account)
  await expect(members.getByText(recipientEmail)).toBeVisible();
  await expect(members.getByText('Grace Hopper')).toHaveCount(0);
  await expect(panel.getByLabel(`Role of ${recipientEmail}`)).toHaveValue('editor');
  // on a phone a member stays one row: address, then role and Remove beside it (the role select took a row of its own)
  await page.setViewportSize({ width: 390, height: 844 });
  const nameBox = (await members.getByText(recipientEmail).boundingBox())!;
  const roleBox = (await panel.getByLabel(`Role of ${recipientEmail}`).boundingBox())!;
  expect(roleBox.y).toBeLessThan(nameBox.y + nameBox.height);
  expect(roleBox.x).toBeGreaterThan(nameBox.x + nameBox.width - 1);
  await page.setViewportSize({ width: 1280, height: 720 });

  await recipient.goto('/documents');
  const notice = recipient.getByTestId('notifications').getByRole('listitem');
  await expect(notice).toHaveCount(1);
  await expect(notice).toContainText('Ada Lovelace shared');
  await expect(notice).toContainText('as an editor');
  await expect(recipient.getByTestId('document-list').getByRole('link', { name: /editor/i })).toHaveCount(1);
  await notice.getByRole('link', { name: 'Open' }).click();
  await expect(recipient).toHaveURL(new RegExp(`/documents/${id}$`));
  // opening the document read the notification
  await recipient.goto('/documents');
  await expect(recipient.getByTestId('notifications')).toHaveCount(0);

  // she has opened it: the owner, opening the Share panel again, sees her name now
  await panel.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(members.getByText('Grace Hopper')).toBeVisible();

  await panel.getByLabel(`Role of ${recipientEmail}`).selectOption('reviewer');
  await expect(panel.getByRole('status').filter({ hasText: `${recipientEmail} is now a reviewer` })).toBeVisible();
  await recipient.reload();
  await expect(recipient.getByTestId('document-list').getByRole('link', { name: /reviewer/i })).toHaveCount(1);

  await panel.getByRole('button', { name: `Remove ${recipientEmail}` }).click();
  await expect(panel.getByText('Not shared with anyone yet.')).toBeVisible();
  await recipient.reload();
  await expect(recipient.getByTestId('document-list')).toHaveCount(0);
  await recipientContext.close();
});
