import { expect, type Page, test } from '@playwright/test';
import { e2ePorts } from './ports';
import { createPostgresDatabase, postgresServer } from './postgres-database';
import { removeDataDir, startQuire, type QuireProcess } from './server-process';
import { uniqueEmail } from './support';

// A conversation of three days: 520 messages of real length, on PostgreSQL (where such chats live), seeded
// as rows because 260 model turns would take the suite minutes.
const MESSAGES = 520;

test.describe('a 520-message chat', () => {
  test.skip(!postgresServer, 'needs PostgreSQL (TEST_DATABASE_URL)');
  const port = e2ePorts.longChatServer;
  const dataDir = `.data-e2e-long-chat-${port}`;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let server: QuireProcess | undefined;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    removeDataDir(dataDir);
    database = await createPostgresDatabase('quire_e2e_long');
    server = await startQuire(port, dataDir, { DATABASE_URL: database.url });
  });
  test.afterAll(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    removeDataDir(dataDir);
    await database?.drop();
  });

  /** A new person whose first chat gets `MESSAGES` messages; `says` replaces what message n says. */
  async function personWithLongChat(page: Page, says: Record<number, string> = {}): Promise<string> {
    await page.goto(`${server!.url}/sign-up`);
    await page.getByLabel(/name/i).fill('Long Talker');
    await page.getByLabel(/email/i).fill(uniqueEmail('long-chat'));
    await page.getByLabel(/password/i).fill('correct-horse-battery');
    await page.getByRole('button', { name: /sign up|create account/i }).click();
    await expect(page).toHaveURL(/\/chats\//);
    const chatId = new URL(page.url()).pathname.split('/').pop()!;
    // each message about 1.8 KB, a minute apart, the newest a minute ago
    await database!.sql(async (c) => {
      await c.query(
        `INSERT INTO message (id, "chatId", role, text, status, "createdAt", "updatedAt")
         SELECT gen_random_uuid()::text, $1, CASE WHEN n % 2 = 1 THEN 'user' ELSE 'assistant' END,
                'Message ' || n || ': ' || COALESCE(($3::jsonb) ->> n::text, repeat('the printer on the third floor jams again ', 42)),
                'complete', now() - ($2 - n + 1) * interval '1 minute', now()
         FROM generate_series(1, $2::int) AS n`,
        [chatId, MESSAGES, JSON.stringify(says)],
      );
      await c.query(`UPDATE chat SET "lastMessageAt" = now() WHERE id = $1`, [chatId]);
    });
    return chatId;
  }

  test('opens with its newest page, small, and reads back to the first message as the person scrolls up, keeping their place', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const chatId = await personWithLongChat(page);

    // the page itself: its newest messages, not the whole chat (520 × 1.8 KB would be about 1 MB before markup)
    const html = await (await page.request.get(`${server!.url}/chats/${chatId}`)).text();
    expect(html.length).toBeLessThan(300_000);
    expect(html).toContain('Message 520: ');
    expect(html).not.toContain('Message 470: ');

    await page.goto(`${server!.url}/chats/${chatId}`);
    const conversation = page.getByRole('region', { name: 'Conversation' });
    const message = (n: number) => conversation.getByText(`Message ${n}: `, { exact: false });
    const shown = page.locator('[data-testid="message-user"], [data-testid="message-assistant"]');
    await expect(message(520)).toBeInViewport();
    const first = await shown.count();
    expect(first).toBeGreaterThanOrEqual(10);
    expect(first).toBeLessThanOrEqual(50);
    const oldestShown = MESSAGES - first + 1;

    // at the top of what was shown, the page before comes in above, and what the person was reading stays put
    await conversation.evaluate((el) => {
      el.scrollTop = 0;
    });
    await expect(message(oldestShown - 1)).toBeAttached();
    await expect(message(oldestShown)).toBeInViewport();
    expect(await conversation.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);

    // and so on back to the first message: at the top, the page before comes in above and the message that
    // was at the top stays in view
    while (await conversation.getByRole('button', { name: 'Show earlier messages' }).count()) {
      const read = page.waitForResponse((r) => /\/api\/chats\/[^/]+\/messages\?cursor=/.test(r.url()));
      await conversation.evaluate((el) => {
        el.scrollTop = 0;
      });
      const olderPage = (await (await read).json()) as Array<{ text: string }>;
      const formerTop = Number(olderPage[0]!.text.match(/Message (\d+):/)![1]) + 1;
      await expect(message(formerTop)).toBeInViewport();
    }
    await conversation.evaluate((el) => {
      el.scrollTop = 0;
    });
    await expect(message(1)).toBeInViewport();
    await expect(conversation.getByRole('button', { name: 'Show earlier messages' })).toHaveCount(0);
    // read back to the start, the page holds the messages near the view and the newest, not all 520
    expect(await shown.count()).toBeLessThan(100);
    await expect(message(MESSAGES)).toBeAttached();
    await expect(message(MESSAGES / 2)).toHaveCount(0);

    // anywhere in between, the messages in view are there, one after another, and the page stays light
    for (const at of [0.25, 0.5, 0.75]) {
      await conversation.evaluate((el, fraction) => {
        el.scrollTop = el.scrollHeight * fraction;
      }, at);
      const inView = async () =>
        conversation.evaluate((el) => {
          const box = el.getBoundingClientRect();
          return [...el.querySelectorAll<HTMLElement>('[data-message-id]')]
            .filter((m) => m.getBoundingClientRect().bottom > box.top && m.getBoundingClientRect().top < box.bottom)
            .map((m) => Number(m.textContent!.match(/Message (\d+):/)?.[1]));
        });
      await expect.poll(async () => (await inView()).length).toBeGreaterThan(0);
      const numbers = await inView();
      expect(numbers).toEqual(numbers.map((_, i) => numbers[0]! + i));
      expect(Math.abs(numbers[0]! - MESSAGES * at)).toBeLessThan(MESSAGES / 8);
      expect(await shown.count()).toBeLessThan(100);
    }

    // the conversation still works at its newest end: a question is answered below the last message
    await page.getByTestId('chat-input').fill('[sim:echo] still here');
    await page.getByTestId('send-button').click();
    await expect(page.getByTestId('message-assistant').last()).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });
    await expect(page.getByTestId('message-assistant').last()).toContainText('still here');
    await expect(page.getByTestId('message-assistant').last()).toBeInViewport();
  });

  test('a search hit far back opens the chat at that message, marked, and the person reads on down to the newest and writes', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const chatId = await personWithLongChat(page, { 137: 'the ferry to Suomenlinna leaves at dawn' });
    await page.goto(`${server!.url}/chats/${chatId}`);
    await page.getByRole('searchbox', { name: 'Search chats' }).fill('Suomenlinna');
    await page.getByTestId('chat-search-hit').first().click();
    await expect(page).toHaveURL(/\?message=/);
    const hit = page.url();

    const conversation = page.getByRole('region', { name: 'Conversation' });
    const message = (n: number) => conversation.getByText(`Message ${n}: `, { exact: false });
    const marked = conversation.locator('[aria-current="true"]');
    await expect(marked).toContainText('Suomenlinna');
    await expect(marked).toBeInViewport();
    // the newest messages are not on screen: no composer to write below the wrong message
    await expect(page.getByTestId('chat-input')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Go to the latest' })).toBeVisible();

    // scrolling up reads the earlier page in above, and the message at the top stays where it was
    const shown = page.locator('[data-testid="message-user"], [data-testid="message-assistant"]');
    const topShown = Number((await shown.first().textContent())!.match(/Message (\d+):/)![1]);
    expect(topShown).toBeLessThan(137);
    await conversation.evaluate((el) => {
      el.scrollTop = 0;
    });
    await expect(message(topShown - 1)).toBeAttached();
    await expect(message(topShown)).toBeInViewport();

    // scrolling down reads the later pages, up to the newest; then the composer is back
    const newestRendered = async () => Number((await shown.last().textContent())!.match(/Message (\d+):/)![1]);
    for (let newest = await newestRendered(); newest < MESSAGES; newest = await newestRendered()) {
      await conversation.evaluate((el) => el.scrollBy(0, el.scrollHeight));
      await expect.poll(newestRendered).toBeGreaterThan(newest);
    }
    await expect(page.getByTestId('chat-input')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the latest' })).toHaveCount(0);
    await page.getByTestId('chat-input').fill('[sim:echo] after the ferry');
    await page.getByTestId('send-button').click();
    await expect(page.getByTestId('message-assistant').last()).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });
    await expect(page.getByTestId('message-assistant').last()).toContainText('after the ferry');

    // opened at the hit again, "Go to the latest" goes to the newest page with the composer
    await page.goto(hit);
    await expect(marked).toBeInViewport();
    await page.getByRole('link', { name: 'Go to the latest' }).click();
    await expect(page).toHaveURL(new RegExp(`/chats/${chatId}$`));
    await expect(conversation.getByText('after the ferry').last()).toBeInViewport();
    await expect(page.getByTestId('chat-input')).toBeVisible();
  });
});
