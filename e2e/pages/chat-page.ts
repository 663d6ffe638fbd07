import { expect, type Locator, type Page } from '@playwright/test';

/** The UI's stable test hooks (data-testid) behind the actions a test performs on a chat. */
export class ChatPage {
  constructor(readonly page: Page) {}

  /** Creates an account through the sign-up form; lands on a chat. */
  async signUp(user: { email: string; password: string; name: string }) {
    await this.page.goto('/sign-up');
    await this.page.getByLabel('Name').fill(user.name);
    await this.page.getByLabel('Email').fill(user.email);
    await this.page.getByLabel('Password').fill(user.password);
    await this.page.getByRole('button', { name: 'Create account' }).click();
    await this.page.waitForURL(/\/chats\//);
    await this.waitForInteractive();
  }

  get input(): Locator {
    return this.page.getByTestId('chat-input');
  }

  get answers(): Locator {
    return this.page.getByTestId('message-assistant');
  }

  lastAnswer(): Locator {
    return this.answers.last();
  }

  async pickModel(modelId: string) {
    await this.page.getByTestId('model-picker').selectOption(modelId);
  }

  /**
   * The composer once React runs in the page: before, typed words are kept but Enter is the browser's own (a
   * new line), as for a person pressing it during a fresh load.
   */
  async waitForInteractive() {
    await expect(this.page.locator('[data-testid="chat-input"][data-interactive]')).toBeVisible();
  }

  /** Types and sends with Enter; the send button turns into Stop while the answer streams. */
  async send(text: string) {
    await this.waitForInteractive();
    await this.input.fill(text);
    await this.input.press('Enter');
  }

  /**
   * Sends and waits for the new answer to settle; returns its status. (Right after Enter the send button is
   * still shown and no answer streams yet, so `waitForSettled` alone can read the previous answer.)
   */
  async sendAndSettle(text?: string): Promise<string | null> {
    const before = await this.answers.count();
    if (text === undefined) await this.input.press('Enter');
    else await this.send(text);
    await expect(this.answers).toHaveCount(before + 1);
    return this.waitForSettled();
  }

  async stop() {
    await this.page.getByTestId('stop-button').click();
  }

  /** Waits until no answer is streaming or waiting to be saved; returns the last answer's status. */
  async waitForSettled(timeout = 60_000): Promise<string | null> {
    await expect(this.page.getByTestId('send-button')).toBeVisible({ timeout });
    await expect(this.page.locator('[data-testid="message-assistant"][data-status="streaming"]')).toHaveCount(0, { timeout });
    return this.lastAnswer().getAttribute('data-status');
  }

  /** Opens an answer's "what the model saw" view and returns it. */
  async openContext(answer: Locator = this.lastAnswer()): Promise<Locator> {
    const view = answer.getByTestId('context-view');
    // right after a reload the chat scrolls to its newest message as it starts: a click can land while the
    // summary moves under it, so click again until the view is open (never twice on an open one: that closes it)
    await expect(async () => {
      if (!(await view.evaluate((details) => (details as HTMLDetailsElement).open))) await view.locator('summary').click();
      await expect(view.getByTestId('context-parts')).toBeVisible({ timeout: 2_000 });
    }).toPass();
    return view;
  }
}
