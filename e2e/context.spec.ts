import { expect, test } from '@playwright/test';
import { ChatPage } from './pages/chat-page';
import { uniqueEmail } from './support';

test('an answer shows what the model saw: an early message recalled by its order number, and why', async ({ page }) => {
  // five streamed answers: minutes on a busy machine
  test.setTimeout(150_000);
  const chat = new ChatPage(page);
  await chat.signUp({ email: uniqueEmail('context'), password: 'correct-horse-battery', name: 'Context Person' });

  await chat.send('Our order QX-7781 ships from the Leeds warehouse on Friday.');
  await chat.waitForSettled();
  // three unrelated turns push the first one out of the recent window
  for (const question of ['How do I export a chat to PDF?', 'Can I rename a chat?', 'Where do I change my password?']) {
    await chat.send(question);
    await chat.waitForSettled();
  }
  await chat.send('Which warehouse does QX-7781 ship from again?');
  expect(await chat.waitForSettled()).toBe('complete');

  const view = await chat.openContext();
  await expect(view).toContainText('What the model saw');
  // the person's own message, whole, with the words that brought it back (the answer that echoed it may come too)
  const recalled = view.getByTestId('recalled-message').filter({ hasText: /^You ·/ });
  await expect(recalled).toHaveCount(1);
  await expect(recalled.locator('blockquote')).toHaveText('Our order QX-7781 ships from the Leeds warehouse on Friday.');
  await expect(recalled).toContainText(/matched: .*qx, 7781/);
  await expect(view.getByTestId('context-parts')).toContainText('Recalled messages');

  // the view is stored with the answer: it is the same after a reload
  await page.reload();
  const again = await chat.openContext();
  await expect(again.getByTestId('recalled-message').filter({ hasText: /^You ·/ })).toContainText('Leeds warehouse');
});
