import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ChatPage } from './pages/chat-page';
import { signUpInBrowser, uniqueEmail } from './support';

const CHATGPT_EXPORT = path.join(import.meta.dirname, '..', 'tests', 'chat', 'import-fixtures', 'chatgpt-conversations.json');

// A person moving to Quire brings their chats: a chat exported here comes back, and a ChatGPT export becomes chats.
test('export a chat and import it again; import a ChatGPT export with branches, code and an image', async ({ page }, testInfo) => {
  await signUpInBrowser(page, uniqueEmail('importer'));
  const chat = new ChatPage(page);
  await chat.send('Plan a weekend in Porto');
  await chat.waitForSettled();
  const row = page.getByTestId('chat-list-item').first();
  await expect(row).not.toContainText('New chat');
  const title = (await row.innerText()).trim();

  await row.getByTestId('chat-menu').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Export as JSON' }).click()]);
  const exported = testInfo.outputPath('exported-chat.json');
  await download.saveAs(exported);

  // the exported chat, imported again: a second chat of the same title in the list
  await page.getByRole('button', { name: 'Import chats' }).click();
  const dialog = page.getByTestId('import-chats-dialog');
  await dialog.getByLabel('Export file').setInputFiles(exported);
  await page.screenshot({ path: testInfo.outputPath('import-dialog-1280.png') });
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByRole('status')).toHaveText('Imported 1 chat from Quire.');
  await dialog.getByRole('button', { name: 'Done' }).click();
  const chats = page.getByRole('navigation', { name: 'Chats' });
  await expect(chats.getByRole('link', { name: title, exact: true })).toHaveCount(2);

  // ChatGPT's conversations.json: three chats (one held only a system prompt), opened from the result
  await page.getByRole('button', { name: 'Import chats' }).click();
  await dialog.getByLabel('Export file').setInputFiles(CHATGPT_EXPORT);
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByRole('status')).toHaveText('Imported 3 chats from ChatGPT.');
  await expect(dialog).toContainText('1 conversation had nothing to read');
  await page.screenshot({ path: testInfo.outputPath('import-result-1280.png') });
  await dialog.getByRole('link', { name: 'Sorting a list in Python' }).click();
  await expect(page.getByRole('heading', { name: 'Sorting a list in Python' })).toBeVisible();
  await expect(page.getByTestId('imported-from')).toHaveText('Imported from ChatGPT');
  await expect(chats.getByRole('link', { name: 'A cat in a hat' })).toBeVisible();
  // the branch last seen: the edited question with its screenshot, and the answer's code as a code block
  await expect(page.getByTestId('message-user')).toHaveText([
    /How do I sort a list/,
    /\[image: numbers-screenshot\.png\][\s\S]*largest first/,
  ]);
  await expect(page.getByTestId('message-assistant').last().locator('pre')).toContainText('print(sorted([3, 1, 2], reverse=True))');
  await expect(page.getByText('first try')).toHaveCount(0);
  await expect(page.getByText('abandoned branch')).toHaveCount(0);
});

test('on a phone, a file that is no export is refused in plain words and makes no chat', async ({ browser }, testInfo) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await signUpInBrowser(page, uniqueEmail('import-phone'));
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Import chats' }).click();
  const dialog = page.getByTestId('import-chats-dialog');
  await page.screenshot({ path: testInfo.outputPath('import-dialog-390.png') });
  await dialog
    .getByLabel('Export file')
    .setInputFiles({ name: 'holiday.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]) });
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText(/This is not an export we recognise/);
  await page.screenshot({ path: testInfo.outputPath('import-refused-390.png') });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('navigation', { name: 'Chats' }).getByRole('link')).toHaveCount(1);
  await context.close();
});
