import { expect, test, type Page } from '@playwright/test';
import { ChatPage } from './pages/chat-page';
import { signUpApi, signUpInBrowser, uniqueEmail } from './support';

async function signIn(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('correct-horse-battery');
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('basic 12: a visitor sees what Quire is; a link to a page asked for before sign-in leads back to it, never to another site', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = await signUpApi(request, uniqueEmail('returning'));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('several models');
  await expect(page.getByTestId('landing-sign-up')).toHaveAttribute('href', '/sign-up');

  // the wallet asked for while signed out: sign-in, then the wallet
  await page.goto('/wallet');
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fwallet$/);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/wallet$/, { timeout: 30_000 });

  // a next that points elsewhere is ignored: the person lands in their own chat
  const other = await browser.newContext();
  const visitor = await other.newPage();
  await visitor.goto('/sign-in?next=//evil.example/steal');
  await signIn(visitor, email);
  await expect(visitor).toHaveURL(/\/chats\//, { timeout: 30_000 });
  expect(new URL(visitor.url()).host).toBe(new URL(page.url()).host);
  await other.close();
});

test('basics 8 and 12: an empty chat focuses the composer and offers examples; the code example is answered with highlighted code, math and a footnote', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // highlighting, KaTeX styles and fonts all load under the page's nonce CSP
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await signUpInBrowser(page, uniqueEmail('example'));
  const chat = new ChatPage(page);
  await expect(chat.input).toBeFocused();
  const examples = page.getByTestId('example-prompt');
  await expect(examples).toHaveCount(4);
  await examples.filter({ hasText: 'Write code' }).click();
  await expect(chat.input).toHaveValue(/Python function/);
  await expect(chat.input).toBeFocused();
  await chat.input.press('Enter');
  await chat.waitForSettled();

  const answer = chat.lastAnswer();
  // the code block is highlighted by shiki (coloured tokens) and has a copy button
  const code = answer.locator('[data-streamdown="code-block"]');
  await expect(code).toContainText('def remove_duplicate_lines');
  // (github-light's keyword red on "def")
  await expect(code.locator('span[style*="#D73A49" i]').first()).toBeAttached();
  await code.getByRole('button', { name: 'Copy code' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('seen.add(line)');
  // math by KaTeX, the table and the footnote as before
  await expect(answer.locator('.katex-display')).toHaveCount(1);
  await expect(answer.locator('.katex').first()).toBeVisible();
  await expect(answer.locator('[data-streamdown="table"]')).toContainText('keeps order');
  await expect(answer.locator('[data-footnotes]')).toContainText('memory for all of its lines');
  // the footnote mark jumps within the page; it does not open a tab
  const mark = answer.locator('sup a[href*="fn-1"]');
  await expect(mark).toHaveText('1');
  await expect(mark).not.toHaveAttribute('target', '_blank');
  expect(refused).toEqual([]);
});

test('basic 8: editing a sent message replaces it and the turns after it with the new question and its answer', async ({ page }) => {
  test.setTimeout(180_000);
  await signUpInBrowser(page, uniqueEmail('editor'));
  const chat = new ChatPage(page);
  await chat.send('Plan a picnic by the river');
  await chat.waitForSettled();
  await chat.send('Add a plan for rain');
  await chat.waitForSettled();
  const entriesBefore = ((await (await page.request.get('/api/ledger')).json()) as unknown[]).length;

  const first = page.getByTestId('message-user').first();
  await first.hover();
  await first.getByTestId('edit-message').click();
  const field = first.getByTestId('edit-input');
  await expect(field).toBeFocused();
  await field.fill('Plan a picnic in the mountains');
  await first.getByTestId('edit-send').click();
  await chat.waitForSettled();

  await expect(page.getByTestId('message-user')).toHaveCount(1);
  await expect(page.getByTestId('message-user')).toContainText('in the mountains');
  await expect(chat.answers).toHaveCount(1);
  await expect(chat.lastAnswer()).toHaveAttribute('data-status', 'complete');
  await page.reload();
  await expect(page.getByTestId('message-user')).toHaveText(/in the mountains/);
  await expect(chat.answers).toHaveCount(1);
  // the answers it replaced stay paid for in the ledger; the new one is one more entry
  const entries = (await (await page.request.get('/api/ledger')).json()) as unknown[];
  expect(entries.length).toBe(entriesBefore + 1);
});

test('basic 13: on a phone, a tap on an answer in the cost chart shows that answer’s numbers', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await signUpInBrowser(page, uniqueEmail('tapper'));
  const chat = new ChatPage(page);
  for (const question of ['Plan a picnic by the river', 'What should I pack?', 'And if it rains?']) {
    await chat.send(question);
    await chat.waitForSettled();
  }
  await page.getByRole('button', { name: 'Show key facts and costs' }).tap();
  const picked = page.getByTestId('chart-picked');
  await expect(picked).toContainText('Tap or click');
  // each tap names the answer tapped, not the one tapped before it (nor the one the pointer last moved over)
  const column = (answer: number) => page.locator('.recharts-bar-background-rectangle').nth(answer - 1);
  for (const answer of [3, 1, 2]) {
    await column(answer).tap();
    await expect(picked).toContainText(new RegExp(`Answer ${answer}: [\\d,]+ in, [\\d,]+ out, cost <?\\$`));
  }
  // a second tap on the same answer puts its numbers away
  await column(2).tap();
  await expect(picked).toContainText('Tap or click');
  await page.getByRole('button', { name: 'Show the numbers' }).tap();
  await expect(page.getByTestId('chart-numbers').locator('tbody tr')).toHaveCount(3);
  await context.close();
});

test('a link that leads nowhere gets Quire’s own 404: inside the app for a document one cannot open, and at an unknown address', async ({
  page,
}) => {
  await signUpInBrowser(page, uniqueEmail('lost'));
  const response = await page.goto('/documents/00000000-0000-4000-8000-000000000000');
  expect(response!.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toContainText('Nothing here');
  // the app's frame stays: the person's chats are a click away
  await expect(page.getByRole('navigation', { name: 'Chats' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to your chats' }).click();
  await expect(page).toHaveURL(/\/chats\//);

  const unknown = await page.goto('/no-such-page');
  expect(unknown!.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Quire' })).toBeVisible();
});
