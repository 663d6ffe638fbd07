import { expect, test } from '@playwright/test';
import { ChatPage } from './pages/chat-page';
import { signUpInBrowser, uniqueEmail } from './support';

// A person tells Quire about themselves and how to answer, gives one chat instructions of its own,
// and sees in "What the model saw" that the next answer was sent all three.
test('About you, How to answer and a chat’s own instructions reach the next answer, and say so', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpInBrowser(page, uniqueEmail('instructions'), 'Nadia Night');
  const chat = new ChatPage(page);
  await chat.send('Which formula sums a column?');
  await chat.waitForSettled();
  const chatPath = new URL(page.url()).pathname;

  // the chat's own instructions, from its menu; the dialog reads them first (slowly here), and what the person
  // types is theirs: the box takes no typing until what it holds has been read
  const chatApi = `**/api/chats/${chatPath.split('/').pop()}`;
  await page.route(chatApi, async (route) => {
    if (route.request().method() === 'GET') await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.getByTestId('chat-list-item').first().getByTestId('chat-menu').click();
  await page.getByRole('menuitem', { name: 'Instructions for this chat…' }).click();
  const dialog = page.getByTestId('chat-instructions-dialog');
  const box = dialog.getByLabel('Instructions', { exact: true });
  await expect(box).toHaveValue('');
  await box.fill('This chat is about my rota spreadsheet.');
  await expect(dialog).toContainText('39 of 2,000 characters');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  // About you and How to answer, from the sidebar
  await page.getByRole('link', { name: 'Instructions', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/instructions$/);
  await page.getByLabel('About you').fill('I am a nurse in Lyon working night shifts.');
  await page.getByLabel('How to answer').fill('x'.repeat(2_001));
  await expect(page.getByText('At most 2,000 characters.')).toBeVisible();
  await expect(page.getByTestId('instructions-form').getByRole('button', { name: 'Save' })).toBeDisabled();
  await page.getByLabel('How to answer').fill('Answer in French, briefly.');
  await page.getByTestId('instructions-form').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('instructions-form').getByRole('status')).toHaveText('Saved. Your next message uses them.');
  await page.reload();
  await expect(page.getByLabel('About you')).toHaveValue('I am a nurse in Lyon working night shifts.');

  await page.goto(chatPath);
  await chat.send('And one that averages it?');
  expect(await chat.waitForSettled()).toBe('complete');
  const view = await chat.openContext();
  await expect(view.getByTestId('context-parts')).toContainText('Your instructions');
  const sent = view.getByTestId('context-instructions');
  await expect(sent).toContainText('About you: I am a nurse in Lyon working night shifts.');
  await expect(sent).toContainText('How to answer: Answer in French, briefly.');
  await expect(sent).toContainText('This chat: This chat is about my rota spreadsheet.');

  if (process.env.INSTRUCTIONS_SCREENSHOTS) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto('/settings/instructions');
      await page.screenshot({ path: `test-results/instructions-${width}.png`, fullPage: true });
    }
  }
});
