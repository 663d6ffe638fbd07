import { expect, test } from '@playwright/test';
import { ChatPage } from './pages/chat-page';
import { signUpInBrowser, uniqueEmail } from './support';
import { e2ePorts } from './ports';
import {
  PORT_PAGE,
  startPageServer,
  startSearxngFake,
  TRADE_PAGE,
  type PageServer,
  type RunningServer,
} from '../tests/support/web-fixtures';

// the server runs with PUBLIC_SOURCES=on, SEARXNG_URL and FETCH_ALLOW_HOSTS pointing at these ports (playwright.config.ts)
let pages: PageServer;
let searxng: RunningServer & { queries: string[] };

test.beforeAll(async () => {
  pages = await startPageServer(e2ePorts.pages, e2ePorts.pagesTrap);
  searxng = await startSearxngFake(e2ePorts.searxng, [
    { url: `http://127.0.0.1:${e2ePorts.pages}/port-2022`, title: 'Port of Lisbon 2022' },
    { url: `http://127.0.0.1:${e2ePorts.pages}/trade`, title: 'Trade partners' },
  ]);
});
test.afterAll(async () => {
  await Promise.all([pages?.close(), searxng?.close()]);
});

test('a person asks the chat to search the web and sees numbered citations with titles and quotes; switched off, it does not search', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpInBrowser(page, uniqueEmail('web-chat'));
  const chat = new ChatPage(page);
  await chat.send('Search the web for Port of Lisbon cargo in 2022');
  expect(await chat.waitForSettled()).toBe('complete');

  const answer = chat.lastAnswer();
  await expect(answer).toContainText('Searched the web');
  await expect(answer).toContainText('[1]');
  const sources = answer.getByTestId('answer-source');
  await expect(sources).toHaveCount(2);
  const first = answer.locator('[data-testid="answer-source"][data-n="1"]');
  await expect(first).toContainText('[1]');
  await expect(first.getByRole('link', { name: new RegExp(PORT_PAGE.title) })).toHaveAttribute(
    'href',
    `http://127.0.0.1:${e2ePorts.pages}/port-2022`,
  );
  const quote = (await first.locator('blockquote').textContent())?.replace(/[“”]/g, '').trim() ?? '';
  expect(quote).toMatch(/cargo/);
  expect(PORT_PAGE.paragraphs.join(' ')).toContain(quote);
  await expect(sources.nth(1)).toContainText(TRADE_PAGE.title);
  // the quoted sentence is in the answer, cited by its number
  await expect(answer).toContainText(`${quote} [1]`);
  await answer.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('chat-web-search-1280.png'), fullPage: true });

  // the sources stay after a reload
  await page.reload();
  await expect(chat.lastAnswer().getByTestId('answer-source')).toHaveCount(2);

  // at 390 px: the same citations, nothing wider than the screen
  await page.setViewportSize({ width: 390, height: 900 });
  await expect(chat.lastAnswer().getByTestId('answer-source').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await chat.lastAnswer().getByTestId('answer-sources').scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('chat-web-search-390.png') });

  // the person switches web search off for this chat from its menu: the next question searches nothing
  await page.setViewportSize({ width: 1280, height: 900 });
  const searched = searxng.queries.length;
  await page.getByTestId('chat-list-item').first().getByTestId('chat-menu').click();
  const toggle = page.getByRole('menuitemcheckbox', { name: 'Search the web' });
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await toggle.click();
  await expect(page.getByText('Web search is off for this chat')).toBeVisible();
  await chat.send('Search the web for Lisbon port trade partners');
  expect(await chat.waitForSettled()).toBe('complete');
  await expect(chat.lastAnswer().getByTestId('answer-source')).toHaveCount(0);
  await expect(chat.lastAnswer()).not.toContainText('Searched the web');
  expect(searxng.queries.length).toBe(searched);
  await page.getByTestId('chat-list-item').first().getByTestId('chat-menu').click();
  await expect(page.getByRole('menuitemcheckbox', { name: 'Search the web' })).toHaveAttribute('aria-checked', 'false');
  await page.keyboard.press('Escape');
});
