import { expect, test, type Page } from '@playwright/test';
import { ChatPage } from './pages/chat-page';
import { signUpInBrowser, uniqueEmail } from './support';

/** How far the conversation's end is below what is visible, in px. */
function distanceFromEnd(page: Page): Promise<number> {
  return page.getByRole('region', { name: 'Conversation' }).evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
}

const longQuestion = (directive: string) =>
  [`${directive} Please plan my week.`, ...Array.from({ length: 24 }, (_, i) => `Line ${i + 1}: something I need to get done this week, with a few details.`)].join('\n');

for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
  test(`bug 1: after a long multi-line question the view follows the streaming answer (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signUpInBrowser(page, uniqueEmail('follower'));
    const chat = new ChatPage(page);
    await chat.send('[sim:list 12] warm up');
    await chat.waitForSettled();

    await chat.send(longQuestion('[sim:delay=40] [sim:list 70]'));
    const answer = chat.lastAnswer();
    await expect(answer).toContainText('Item 25', { timeout: 30_000 });
    // while the answer streams, its newest line is on screen
    await expect.poll(() => distanceFromEnd(page), { timeout: 5_000 }).toBeLessThan(120);
    await chat.waitForSettled();
    expect(await distanceFromEnd(page)).toBeLessThan(120);
  });
}

test('bug 1: a reader who scrolls up with the wheel is left where they are', async ({ page }) => {
  await signUpInBrowser(page, uniqueEmail('reader'));
  const chat = new ChatPage(page);
  await chat.send('[sim:delay=60] [sim:list 80] ideas');
  await expect(chat.lastAnswer()).toContainText('Item 10', { timeout: 30_000 });
  const region = page.getByRole('region', { name: 'Conversation' });
  await region.hover();
  await page.mouse.wheel(0, -400);
  await expect.poll(() => distanceFromEnd(page)).toBeGreaterThan(200);
  await expect(chat.lastAnswer()).toContainText('Item 30', { timeout: 30_000 });
  // the answer kept growing below; the reader was not pulled down
  expect(await distanceFromEnd(page)).toBeGreaterThan(400);
  await chat.stop();
});
