import { expect, test, type Page } from '@playwright/test';
import { lastMessageText, startScriptedUpstream, taskOf, type ScriptedUpstream } from '../tests/support/scripted-upstream';
import { e2ePorts } from './ports';
import { passwordLinkToken, removeDataDir, startQuire, type QuireProcess } from './server-process';
import { signUpInBrowser, uniqueEmail } from './support';

// One message to two models at once: both answers stream side by side, each stops on its own, the person
// picks the one the conversation continues from, and the next prompt (as the model endpoint receives it,
// recorded by a stand-in speaking OpenAI's streaming wire) holds only that answer.
test.describe('side by side', () => {
  const port = e2ePorts.sideBySideServer;
  const dataDir = `.data-e2e-side-by-side-${port}`;
  let upstream: ScriptedUpstream;
  let server: QuireProcess | undefined;
  // the second model's first answer ends when the test says so: both answers stream until then
  let releaseSecond = () => {};
  let secondMayEnd = Promise.resolve();
  const hold = () => {
    secondMayEnd = new Promise<void>((resolve) => (releaseSecond = resolve));
  };
  const firstAnswers = new Map<string, number>();
  const staffEmail = uniqueEmail('arena-staff');

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    removeDataDir(dataDir);
    upstream = await startScriptedUpstream((request) => {
      if (taskOf(request) !== 'chat') return { text: ['ok'], usage: { prompt: 10, completion: 1 } };
      const model = request.model ?? '';
      // an answer that holds its reservation until it is stopped (spends the wallet from another chat)
      if (lastMessageText(request).includes('[hold]')) return { text: ['Holding'], hang: true };
      const n = (firstAnswers.get(model) ?? 0) + 1;
      firstAnswers.set(model, n);
      const usage = { prompt: 40, completion: 6 };
      // Alpha's first answer streams until it is stopped; Beta's until the test lets it end
      if (model === 'alpha' && n === 1) return { text: ['Alpha says ', 'mountains'], hang: true };
      if (model === 'beta' && n === 1) return { text: ['Beta says ', 'rivers'], holdUntil: secondMayEnd, usage };
      return { text: [`${model} answer ${n}`, ' is here.'], usage };
    });
    server = await startQuire(port, dataDir, {
      LLM_BASE_URL: upstream.url,
      LLM_API_KEY: 'stand-in-key',
      LLM_MODELS: JSON.stringify([
        { id: 'alpha', label: 'Alpha', inputPrice: 1, outputPrice: 2, contextWindow: 32_000 },
        { id: 'beta', label: 'Beta', inputPrice: 1, outputPrice: 2, contextWindow: 32_000 },
        // an answer of either reserves at least $3 (2,400 output tokens at $1,250 a million): a new person's $5 pays for one
        { id: 'gamma', label: 'Gamma', inputPrice: 1, outputPrice: 1250, contextWindow: 32_000, maxOutputTokens: 2400 },
        { id: 'delta', label: 'Delta', inputPrice: 1, outputPrice: 1250, contextWindow: 32_000, maxOutputTokens: 2400 },
      ]),
      STARTING_CREDITS: '5000000',
      SIGNUP: 'open',
      STAFF_EMAILS: staffEmail,
    });
  });
  test.afterAll(async () => {
    releaseSecond();
    if (server?.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await upstream?.close();
    removeDataDir(dataDir);
  });

  /** A phone's browser on the spec's server: 390 px, touch. */
  const onPhone = () => ({ baseURL: server!.url, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  const chatPrompts = () => upstream.requests.filter((r) => taskOf(r) === 'chat');

  async function sendToBoth(page: Page, text: string) {
    firstAnswers.clear();
    hold();
    await page.getByTestId('compare-add').click();
    await expect(page.getByTestId('compare-picker')).toHaveValue('beta');
    const input = page.getByTestId('chat-input');
    await input.fill(text);
    await input.press('Enter');
  }

  test('two models stream at once; stop one, pick the other, and the next prompt holds only the picked answer', async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ baseURL: server!.url });
    const page = await context.newPage();
    await signUpInBrowser(page, uniqueEmail('side-by-side'));
    await sendToBoth(page, 'Which is better for a weekend, mountains or rivers?');

    const cards = page.getByTestId('side-answer');
    await expect(cards).toHaveCount(2);
    const [alpha, beta] = [cards.nth(0), cards.nth(1)];
    await expect(alpha.getByTestId('side-model')).toHaveText('Alpha');
    await expect(beta.getByTestId('side-model')).toHaveText('Beta');
    // both are being written at the same moment, each in its own column
    await expect(alpha).toContainText('Alpha says mountains');
    await expect(beta).toContainText('Beta says rivers');
    await expect(page.locator('[data-testid="side-answer"] [data-testid="message-assistant"][data-status="streaming"]')).toHaveCount(2);
    const [alphaBox, betaBox] = [await alpha.boundingBox(), await beta.boundingBox()];
    expect(betaBox!.x).toBeGreaterThan(alphaBox!.x + alphaBox!.width - 1);

    // Stop on Alpha stops Alpha only
    await alpha.getByTestId('stop-answer').click();
    await expect(alpha.getByTestId('message-assistant')).toHaveAttribute('data-status', 'stopped');
    await expect(beta.getByTestId('message-assistant')).toHaveAttribute('data-status', 'streaming');
    releaseSecond();
    await expect(beta.getByTestId('message-assistant')).toHaveAttribute('data-status', 'complete');
    await expect(page.getByTestId('send-button')).toBeVisible();

    // the first answer is on screen until another is picked; each has its cost and what the model saw
    await expect(alpha.getByTestId('picked-answer')).toBeVisible();
    await expect(alpha.getByTestId('continue-button')).toBeVisible();
    for (const card of [alpha, beta]) {
      await expect(card.getByTestId('figure-cost')).toHaveText(/\$\d/);
      await expect(card.getByTestId('context-view')).toBeVisible();
    }
    await beta.getByTestId('pick-answer').click();
    await expect(beta.getByTestId('picked-answer')).toBeVisible();
    await expect(alpha.getByTestId('pick-answer')).toBeVisible();
    // the choice is the server's: it stays after a reload
    await page.reload();
    await expect(page.locator('[data-testid="side-answer"][data-shown="true"]')).toContainText('Beta says rivers');

    const before = chatPrompts().length;
    const input = page.getByTestId('chat-input');
    await input.fill('Why that one?');
    await input.press('Enter');
    await expect(page.getByTestId('message-assistant').last()).toContainText('alpha answer 2 is here.');
    await expect(page.getByTestId('send-button')).toBeVisible();
    const next = chatPrompts().slice(before);
    expect(next).toHaveLength(1);
    const prompt = JSON.stringify(next[0]!.messages);
    expect(prompt).toContain('Beta says rivers');
    expect(prompt).not.toContain('Alpha says');
    expect(prompt).toContain('Why that one?');
    // the round is now one answer with its versions, ‹ 2 / 2 › (Beta was asked second)
    await expect(page.getByTestId('side-by-side')).toHaveCount(0);
    await expect(page.getByTestId('branch-position')).toHaveText('2 / 2');
    await context.close();
  });

  test('each answer shows its time to the first word, cost and tokens; the person marks the better one, and staff see it in Model comparison', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ baseURL: server!.url });
    const page = await context.newPage();
    await signUpInBrowser(page, uniqueEmail('side-by-side-better'));
    await sendToBoth(page, 'Mountains or rivers for a first hike?');
    const cards = page.getByTestId('side-answer');
    const [alpha, beta] = [cards.nth(0), cards.nth(1)];
    await expect(alpha).toContainText('Alpha says mountains');
    // nothing to compare or mark while the answers are being written
    await expect(page.getByTestId('better-answer')).toHaveCount(0);
    await alpha.getByTestId('stop-answer').click();
    releaseSecond();
    await expect(beta.getByTestId('message-assistant')).toHaveAttribute('data-status', 'complete');

    for (const card of [alpha, beta]) {
      await expect(card.getByTestId('figure-first-word')).toHaveText(/^\d+(\.\d)?\s?(ms|sec)/);
      await expect(card.getByTestId('figure-cost')).toHaveText(/\$\d/);
    }
    // Beta's answer used the 6 output tokens the provider reported
    await expect(beta.getByTestId('figure-tokens')).toHaveText('6');
    // each column names its model legibly: the pick status beside the name goes below it rather than squeeze it
    await expect(alpha.getByTestId('picked-answer')).toBeVisible();
    for (const card of [alpha, beta]) expect((await card.getByTestId('side-model').boundingBox())!.width).toBeGreaterThan(100);

    await beta.getByTestId('better-answer').click();
    await expect(beta.getByTestId('better-answer')).toHaveAttribute('aria-pressed', 'true');
    await expect(alpha.getByTestId('better-answer')).toHaveAttribute('aria-pressed', 'false');
    // the mark moves: one per round
    await alpha.getByTestId('better-answer').click();
    await expect(alpha.getByTestId('better-answer')).toHaveAttribute('aria-pressed', 'true');
    await expect(beta.getByTestId('better-answer')).toHaveAttribute('aria-pressed', 'false');
    // marking is not picking: the conversation still continues from the answer on screen
    await expect(alpha.getByTestId('picked-answer')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('side-answer').nth(0).getByTestId('better-answer')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('side-answer').nth(1).getByTestId('better-answer')).toHaveAttribute('aria-pressed', 'false');

    // staff read the team's record: Alpha marked better than Beta in the one marked round
    const staff = await browser.newContext({ baseURL: server!.url });
    const staffPage = await staff.newPage();
    await signUpInBrowser(staffPage, staffEmail, 'Staff Person');
    await expect.poll(() => passwordLinkToken(server!.output(), staffEmail), { timeout: 15_000 }).toBeTruthy();
    await staffPage.goto(`/set-password?token=${passwordLinkToken(server!.output(), staffEmail)}`);
    await staffPage.getByLabel('New password').fill('arena-staff-password');
    await staffPage.getByLabel('Repeat it').fill('arena-staff-password');
    await staffPage.getByRole('button', { name: /set password/i }).click();
    await expect(staffPage).not.toHaveURL(/set-password/);
    await staffPage.getByRole('link', { name: 'Model comparison' }).click();
    await expect(staffPage.getByRole('heading', { name: 'Model comparison', level: 1 })).toBeVisible();
    await expect(staffPage.getByTestId('arena-rounds')).toHaveText('1 marked round');
    const alphaRow = staffPage.locator('tr[data-model="alpha"]');
    await expect(alphaRow.getByTestId('arena-wins')).toHaveText('1');
    await expect(alphaRow.getByTestId('arena-share')).toHaveText('100%');
    await expect(staffPage.locator('tr[data-model="beta"]').getByTestId('arena-wins')).toHaveText('0');
    await expect(staffPage.getByRole('table', { name: /marked better than another/ })).toContainText('Alpha');
    await staff.close();
    await context.close();
  });

  test('on a phone the two answers are cards the person swipes between', async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext(onPhone());
    const page = await context.newPage();
    await signUpInBrowser(page, uniqueEmail('side-by-side-phone'));
    await sendToBoth(page, 'Mountains or rivers?');
    const strip = page.getByTestId('side-by-side');
    const cards = page.getByTestId('side-answer');
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(1)).toContainText('Beta says rivers');
    expect(await strip.evaluate((el) => getComputedStyle(el).scrollSnapType)).toBe('x mandatory');
    await expect(cards.nth(0)).toBeInViewport({ ratio: 0.9 });
    await expect(cards.nth(1)).not.toBeInViewport({ ratio: 0.5 });
    // a swipe to the left brings the second card in
    const box = (await strip.boundingBox())!;
    const y = box.y + Math.min(box.height / 2, 60);
    await page.mouse.move(box.x + box.width - 20, y);
    await strip.evaluate((el) => el.scrollBy({ left: el.clientWidth }));
    await expect(cards.nth(1)).toBeInViewport({ ratio: 0.9 });
    await expect(cards.nth(1).getByTestId('side-model')).toHaveText('Beta');
    // the answers stop with the composer's Stop, both at once
    await page.getByTestId('stop-button').click();
    releaseSecond();
    await expect(page.locator('[data-testid="side-answer"] [data-testid="message-assistant"][data-status="streaming"]')).toHaveCount(0);
    await context.close();
  });

  /** Gamma answers first and Delta beside it: the pair reserves at least $6, the wallet holds $5. */
  async function pickGammaAndDelta(page: Page) {
    await page.getByTestId('model-picker').selectOption('gamma');
    await page.getByTestId('compare-add').click();
    await page.getByTestId('compare-picker').selectOption('delta');
  }

  /** Every message the page sends in the chat it shows, from here on. */
  function sendRequests(page: Page): string[] {
    const chatId = /\/chats\/([^/?#]+)/.exec(page.url())?.[1];
    expect(chatId).toBeTruthy();
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === `/api/chats/${chatId}/messages`) sent.push(request.url());
    });
    return sent;
  }

  test('credits for one answer of two: the composer says so before sending, sends nothing, and drops the model it cannot pay for', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ baseURL: server!.url });
    const page = await context.newPage();
    await signUpInBrowser(page, uniqueEmail('side-by-side-credits'));
    const sent = sendRequests(page);
    const promptsBefore = chatPrompts().length;
    await pickGammaAndDelta(page);
    const input = page.getByTestId('chat-input');
    await input.fill('Plan a weekend by the sea');

    const warning = page.getByTestId('compare-credits');
    await expect(warning).toHaveText(/Your credits cover 1 of 2 answers: remove a model or add credits\./);
    await expect(page.getByTestId('send-button')).toBeDisabled();
    // Enter does not send either: nothing leaves the browser, no model is asked
    await input.press('Enter');
    await expect(input).toHaveValue('Plan a weekend by the sea');
    await expect(warning).toBeVisible();
    expect(sent).toEqual([]);
    expect(chatPrompts().length).toBe(promptsBefore);

    // dropping the model it cannot pay for keeps the text; the one answer it covers then goes
    await warning.getByRole('button', { name: 'Remove Delta' }).click();
    await expect(warning).toHaveCount(0);
    await expect(page.getByTestId('compare-picker')).toHaveCount(0);
    await expect(input).toHaveValue('Plan a weekend by the sea');
    await page.getByTestId('send-button').click();
    await expect(page.getByTestId('message-assistant').last()).toContainText('gamma answer 1 is here.');
    expect(sent).toHaveLength(1);
    await context.close();
  });

  test('on a phone the warning fits the screen beside the composer', async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext(onPhone());
    const page = await context.newPage();
    await signUpInBrowser(page, uniqueEmail('side-by-side-credits-phone'));
    const sent = sendRequests(page);
    await pickGammaAndDelta(page);
    await page.getByTestId('chat-input').fill('Plan a weekend by the sea');
    const warning = page.getByTestId('compare-credits');
    await expect(warning).toContainText('Your credits cover 1 of 2 answers');
    await expect(warning).toBeInViewport({ ratio: 1 });
    await expect(warning.getByRole('button', { name: 'Remove Delta' })).toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId('send-button')).toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId('send-button')).toBeDisabled();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByTestId('chat-input').press('Enter');
    expect(sent).toEqual([]);
    await context.close();
  });

  test('the balance spent elsewhere since the page read it: the 402 says so, and the message and its models come back', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ baseURL: server!.url });
    const page = await context.newPage();
    await signUpInBrowser(page, uniqueEmail('side-by-side-credits-moved'));
    // until the send leaves, the page goes on believing the $5 it read (its next look at the wallet is seconds away)
    const sent = sendRequests(page);
    await page.route('**/api/wallet', (route) =>
      sent.length ? route.continue() : route.fulfill({ json: { balanceMicros: 5_000_000, reservedMicros: 0 } }),
    );
    // another chat's Gamma answer holds $3 of it while it is being written
    const other = await page.request.post('/api/chats', { data: {} });
    expect(other.ok()).toBe(true);
    const otherId = ((await other.json()) as { id: string }).id;
    await page.evaluate(
      (url) =>
        void fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ text: '[hold] spend', model: 'gamma' }),
        }),
      `/api/chats/${otherId}/messages`,
    );
    await expect.poll(() => upstream.requests.some((r) => lastMessageText(r).includes('[hold]'))).toBe(true);

    // Alpha and Gamma fit in the $5 the page believes: it sends, and the server, which reserves on the real wallet, refuses
    await page.getByTestId('compare-add').click();
    await page.getByTestId('compare-picker').selectOption('gamma');
    const input = page.getByTestId('chat-input');
    await input.fill('Plan a weekend in the hills');
    await expect(page.getByTestId('compare-credits')).toHaveCount(0);
    await input.press('Enter');
    const failure = page.getByTestId('turn-failure');
    await expect(failure).toHaveAttribute('data-code', 'insufficient_credits');
    await expect(failure).toContainText('Not enough credits');
    await expect(failure).toContainText('your balance covers 1 of them');
    // nothing is lost: the text and the models are back, and the composer now weighs them against the real balance
    await expect(input).toHaveValue('Plan a weekend in the hills');
    await expect(page.getByTestId('compare-picker')).toHaveValue('gamma');
    await expect(page.getByTestId('compare-credits')).toContainText('Your credits cover 1 of 2 answers');
    await expect(page.getByTestId('send-button')).toBeDisabled();
    expect(sent).toHaveLength(1);

    const stopped = await page.request.post(`/api/chats/${otherId}/stop`, { data: {} });
    expect(stopped.ok()).toBe(true);
    await context.close();
  });
});
