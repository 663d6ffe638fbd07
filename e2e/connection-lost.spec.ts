import { type Browser, expect, test } from '@playwright/test';
import { e2ePorts } from './ports';
import { removeDataDir, startQuire, type QuireProcess } from './server-process';
import { signUpInBrowser, uniqueEmail } from './support';

// The server goes away under the person's feet (a restart, a crash, the network): the chat says so in the
// app, keeps what they typed, and shows what the server kept once it is back.
test.describe('the connection is lost while chatting', () => {
  const port = e2ePorts.flakyServer;
  const dataDir = `.data-e2e-flaky-${port}`;
  let server: QuireProcess | undefined;
  test.beforeAll(() => removeDataDir(dataDir));
  test.afterEach(async () => {
    if (server?.child.exitCode === null) await serverGone('SIGKILL');
    server = undefined;
  });
  test.afterAll(() => removeDataDir(dataDir));

  async function serverGone(signal: NodeJS.Signals) {
    server!.child.kill(signal);
    await server!.exited;
  }

  /** A fresh server, and a new person in their new chat on it, in a browser context of its own. */
  async function personOnFreshServer(browser: Browser, who: string) {
    server = await startQuire(port, dataDir);
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await signUpInBrowser(page, uniqueEmail(who));
    await expect(page).toHaveURL(/\/chats\//);
    return { context, page, input: page.getByTestId('chat-input'), failure: page.getByTestId('turn-failure') };
  }

  test('a message sent while the server is down stays in the box with "Connection lost — Retry", and Retry sends it once the server is back', async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const { context, page, input, failure } = await personOnFreshServer(browser, 'flaky');
    const chatUrl = page.url();

    // 1. sent while the server restarts: nothing reaches it
    await serverGone('SIGTERM');
    await input.fill('Is my order on its way?');
    await page.getByTestId('send-button').click();
    await expect(failure).toHaveAttribute('data-code', 'network');
    await expect(failure).toContainText('Connection lost');
    // still the chat (not the browser's "This site can't be reached"), the text still there
    expect(page.url()).toBe(chatUrl);
    await expect(input).toHaveValue('Is my order on its way?');
    await expect(page.getByTestId('message-user')).toHaveCount(0);

    server = await startQuire(port, dataDir);
    await failure.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByTestId('message-assistant').last()).toHaveAttribute('data-status', 'complete', { timeout: 60_000 });
    await expect(page.getByTestId('message-user')).toContainText(['Is my order on its way?']);
    await expect(input).toHaveValue('');
    await expect(failure).toHaveCount(0);

    await context.close();
  });

  test('an answer cut by a crash: the chat says it is reconnecting, keeps the question as sent, and shows the answer as the server kept it', async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const { context, page, input, failure } = await personOnFreshServer(browser, 'crash');
    const answer = page.getByTestId('message-assistant').last();

    await input.fill('[sim:delay=40] [sim:list 60] the steps of a long checklist');
    await page.getByTestId('send-button').click();
    // some of the answer is on screen (the server saves what was streamed every second)
    await expect(answer).toContainText('Item 3');
    await serverGone('SIGKILL');

    await expect(failure).toHaveAttribute('data-code', 'reconnecting');
    // the question was the server's: not put back in the box, still in the conversation
    await expect(input).toHaveValue('');
    await expect(page.getByTestId('message-user')).toHaveCount(1);

    server = await startQuire(port, dataDir);
    // back: the answer as the server kept it, marked stopped, and no banner
    await expect(answer).toHaveAttribute('data-status', 'stopped', { timeout: 60_000 });
    await expect(answer).toContainText('Item 1:');
    await expect(failure).toHaveCount(0);
    await expect(page.getByTestId('message-user')).toHaveCount(1);
    await expect(input).toHaveValue('');

    await context.close();
  });
});
