import { expect, test } from '@playwright/test';
import { ChatPage } from './pages/chat-page';
import { signUpInBrowser, uniqueEmail } from './support';

// A person shares a chat by link; someone else signed in reads it as it was; once revoked the link leads nowhere.
test('share a chat by a read-only link, read it as another person, revoke it', async ({ page, browser }) => {
  await signUpInBrowser(page, uniqueEmail('sharer'), 'Ada Sharer');
  const chat = new ChatPage(page);
  await chat.send('Plan a weekend in Porto');
  await chat.waitForSettled();
  // the answer's own words (its first paragraph), not the label screen readers hear before it
  const answer = (await chat.lastAnswer().locator('p').filter({ hasText: 'Plan a weekend in Porto' }).first().innerText()).trim();

  const row = page.getByTestId('chat-list-item').first();
  await row.getByTestId('chat-menu').click();
  await page.getByRole('menuitem', { name: 'Share link…' }).click();
  const dialog = page.getByTestId('share-chat-dialog');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const link = await dialog.getByTestId('share-url').inputValue();
  expect(link).toMatch(/\/shared\/chats\/[\w-]+$/);
  await page.keyboard.press('Escape');
  // written after the link was made: not in what it shows
  await chat.send('And a day trip to Braga?');
  await chat.waitForSettled();

  const other = await browser.newContext();
  const reader = await other.newPage();
  // signed out: to sign-in first, with the way back
  await reader.goto(link);
  await expect(reader).toHaveURL(/\/sign-in\?.*shared/);
  await signUpInBrowser(reader, uniqueEmail('reader'), 'Bob Reader');
  await reader.goto(link);
  await expect(reader.getByTestId('shared-by')).toContainText('Shared by Ada Sharer');
  await expect(reader.getByTestId('message-user')).toHaveText([/Plan a weekend in Porto/]);
  await expect(reader.getByTestId('message-assistant')).toContainText(answer.slice(0, 40));
  await expect(reader.getByText('And a day trip to Braga?')).toHaveCount(0);
  await expect(reader.getByTestId('chat-input')).toHaveCount(0);
  if (process.env.SHARE_SCREENSHOTS) {
    for (const width of [1280, 390]) {
      await reader.setViewportSize({ width, height: 800 });
      await reader.screenshot({ path: `${process.env.SHARE_SCREENSHOTS}/shared-${width}.png` });
    }
  }

  await row.getByTestId('chat-menu').click();
  await page.getByRole('menuitem', { name: 'Share link…' }).click();
  await expect(dialog.getByTestId('share-url')).toHaveValue(link);
  if (process.env.SHARE_SCREENSHOTS) await page.screenshot({ path: `${process.env.SHARE_SCREENSHOTS}/dialog-1280.png` });
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke link' }).click();
  await expect(dialog.getByRole('button', { name: 'Create link' })).toBeVisible();

  await reader.reload();
  await expect(reader.getByRole('heading', { name: 'Nothing here' })).toBeVisible();
  await other.close();
});
