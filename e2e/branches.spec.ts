import { expect, test, type Page } from '@playwright/test';
import { startScriptedUpstream, taskOf, type ScriptedRequest, type ScriptedUpstream } from '../tests/support/scripted-upstream';
import { e2ePorts } from './ports';
import { removeDataDir, startQuire, type QuireProcess } from './server-process';
import { signUpInBrowser, uniqueEmail } from './support';

// Regenerate and Edit & resend keep what they would have replaced, as versions of the message (‹ n / m ›);
// the next turn's prompt, as the model endpoint receives it, holds only the branch on screen. The endpoint is
// a stand-in speaking OpenAI's streaming wire that records every request (tests/support/scripted-upstream.ts).
test.describe('branches instead of replacement', () => {
  const port = e2ePorts.branchesServer;
  const dataDir = `.data-e2e-branches-${port}`;
  let upstream: ScriptedUpstream;
  let server: QuireProcess | undefined;

  test.beforeAll(async () => {
    // a production server of its own starts in well under a minute, but not on a busy 2-core machine
    test.setTimeout(180_000);
    removeDataDir(dataDir);
    let answers = 0;
    // each chat answer says which it is, so the prompts show which answers they carried
    upstream = await startScriptedUpstream((request) =>
      taskOf(request) === 'chat'
        ? { text: [`Answer number ${++answers}`, ' is here.'], usage: { prompt: 40, completion: 6 } }
        : { text: ['ok'], usage: { prompt: 10, completion: 1 } },
    );
    server = await startQuire(port, dataDir, {
      LLM_BASE_URL: upstream.url,
      LLM_API_KEY: 'stand-in-key',
      LLM_MODELS: JSON.stringify([{ id: 'stand-in', label: 'Stand-in', inputPrice: 1, outputPrice: 2, contextWindow: 32_000 }]),
      SIGNUP: 'open',
    });
  });
  test.afterAll(async () => {
    if (server?.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await upstream?.close();
    removeDataDir(dataDir);
  });

  /** The whole prompt of the newest chat request the endpoint received, as one text. */
  const lastPrompt = () => {
    const chats = upstream.requests.filter((r: ScriptedRequest) => taskOf(r) === 'chat');
    return JSON.stringify(chats.at(-1)?.messages ?? []);
  };
  const chatRequests = () => upstream.requests.filter((r) => taskOf(r) === 'chat').length;

  async function settled(page: Page) {
    await expect(page.getByTestId('send-button')).toBeVisible();
    await expect(page.locator('[data-testid="message-assistant"][data-status="streaming"]')).toHaveCount(0);
  }

  test('regenerate twice and page back to the first answer; edit & resend, switch back, continue: the prompt follows the screen', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const context = await browser.newContext({ baseURL: server!.url });
    const page = await context.newPage();
    await signUpInBrowser(page, uniqueEmail('branches'));
    const input = page.getByTestId('chat-input');
    const answers = page.getByTestId('message-assistant');
    const questions = page.getByTestId('message-user');

    await input.fill("I'm on Windows 11. Which backup tool should I use?");
    await input.press('Enter');
    await expect(answers.last()).toContainText('Answer number 1 is here.');
    await settled(page);

    // Regenerate twice: each is a new version; the answer shows ‹ 3 / 3 ›
    for (const n of [2, 3]) {
      await answers.last().getByTestId('regenerate-button').click();
      await expect(answers.last()).toContainText(`Answer number ${n} is here.`);
      await settled(page);
    }
    const answerSwitcher = answers.last().getByRole('navigation', { name: 'Versions of this message' });
    await expect(answerSwitcher.getByTestId('branch-position')).toHaveText('3 / 3');
    await expect(answers).toHaveCount(1);

    // back to the first answer, from the keyboard
    await answerSwitcher.getByRole('button', { name: 'Previous version' }).focus();
    await page.keyboard.press('Enter');
    await expect(answerSwitcher.getByTestId('branch-position')).toHaveText('2 / 3');
    await expect(answers.last()).toContainText('Answer number 2 is here.');
    await answerSwitcher.getByRole('button', { name: 'Previous version' }).click();
    await expect(answerSwitcher.getByTestId('branch-position')).toHaveText('1 / 3');
    // read out as words, not as "1 slash 3"
    await expect(answerSwitcher.getByText('Version 1 of 3').or(answerSwitcher.getByLabel('Version 1 of 3'))).toHaveCount(1);
    await expect(answers.last()).toContainText('Answer number 1 is here.');
    await expect(answerSwitcher.getByRole('button', { name: 'Previous version' })).toBeDisabled();
    // the choice is the server's: it stays after a reload
    await page.reload();
    await expect(answers.last()).toContainText('Answer number 1 is here.');

    // the next turn is built on the first answer, not on the ones off screen
    await input.fill('My phone is an iPhone 15, does that change it?');
    await input.press('Enter');
    await expect(answers.last()).toContainText('Answer number 4 is here.');
    await settled(page);
    let prompt = lastPrompt();
    expect(prompt).toContain('Answer number 1 is here.');
    expect(prompt).not.toContain('Answer number 2');
    expect(prompt).not.toContain('Answer number 3');
    expect(prompt).toContain('iPhone 15');

    // Edit & resend: a new version of the question, answered anew; the old one's facts are not sent
    await questions.last().hover();
    await questions.last().getByTestId('edit-message').click();
    await page.getByTestId('edit-input').fill('Something free, please');
    await page.getByTestId('edit-send').click();
    await expect(answers.last()).toContainText('Answer number 5 is here.');
    await settled(page);
    prompt = lastPrompt();
    expect(prompt).toContain('Something free, please');
    expect(prompt).toContain('Answer number 1 is here.');
    expect(prompt).toContain('Windows 11');
    // the phone was stated only in the branch now off screen: neither the question nor the key fact is sent
    expect(prompt).not.toContain('iPhone');
    expect(prompt).not.toContain('Answer number 4');
    const questionSwitcher = questions.last().getByRole('navigation', { name: 'Versions of this message' });
    await expect(questionSwitcher.getByTestId('branch-position')).toHaveText('2 / 2');

    // switch back to the old question: its answer comes back with it, and the conversation continues from there
    await questionSwitcher.getByRole('button', { name: 'Previous version' }).click();
    await expect(questionSwitcher.getByTestId('branch-position')).toHaveText('1 / 2');
    await expect(questions.last()).toContainText('My phone is an iPhone 15');
    await expect(answers.last()).toContainText('Answer number 4 is here.');
    await expect(page.getByText('Answer number 5 is here.')).toHaveCount(0);
    await shoot(page, 'switched-back');

    const before = chatRequests();
    await input.fill('And which one for my laptop?');
    await input.press('Enter');
    await expect(answers.last()).toContainText('Answer number 6 is here.');
    await settled(page);
    expect(chatRequests()).toBe(before + 1);
    prompt = lastPrompt();
    expect(prompt).toContain('iPhone 15');
    expect(prompt).toContain('Answer number 4 is here.');
    expect(prompt).toContain('Answer number 1 is here.');
    expect(prompt).not.toContain('Something free');
    expect(prompt).not.toContain('Answer number 5');
    expect(prompt).not.toContain('Answer number 2');
    await context.close();
  });

  async function shoot(page: Page, name: string) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await page.screenshot({ path: `test-results/branches-${name}-${width}.png`, fullPage: false });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  }
});
