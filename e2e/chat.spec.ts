import { expect, test } from '@playwright/test';
import { signUpInBrowser, signUpStaffInBrowser, uniqueEmail } from './support';
import { ChatPage } from './pages/chat-page';

test('sign up, send a message, watch the answer stream, reload and find it saved', async ({ page }) => {
  await signUpInBrowser(page);
  await expect(page).toHaveURL(/\/chats\//);
  // paced so the answer is still streaming when the test looks for the Stop button
  await page.getByTestId('chat-input').fill('[sim:delay=30] Hello! What can you do?');
  await page.getByTestId('send-button').click();
  const answer = page.getByTestId('message-assistant').last();
  // while streaming, the send button is a stop button
  await expect(page.getByTestId('stop-button')).toBeVisible();
  await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });
  const text = (await answer.innerText()).trim();
  expect(text.length).toBeGreaterThan(20);
  await expect(page.getByTestId('message-user').last()).toContainText('What can you do?');
  await page.reload();
  await expect(page.getByTestId('message-assistant').last()).toContainText(text.slice(0, 30));
  await expect(page.getByTestId('wallet-balance')).toBeVisible();
});

test('stop: the answer is saved as far as it was shown, marked stopped, and staff see it as stopped', async ({ page, browser }) => {
  await signUpInBrowser(page, uniqueEmail('stopper'));
  await expect(page).toHaveURL(/\/chats\//);
  const chatId = new URL(page.url()).pathname.split('/').pop()!;
  await page.getByTestId('chat-input').fill('[sim:delay=60] [sim:list 80] ideas for a garden');
  await page.getByTestId('send-button').click();
  const answer = page.getByTestId('message-assistant').last();
  await expect(answer).toContainText('Item 3');
  await page.getByTestId('stop-button').click();
  await expect(page.getByTestId('send-button')).toBeVisible();
  const shown = (await answer.innerText()).trim();
  await page.reload();
  const saved = page.getByTestId('message-assistant').last();
  await expect(saved).toHaveAttribute('data-status', 'stopped');
  await expect(saved.getByTestId('status-stopped')).toBeVisible();
  // what the person saw is a prefix of what was saved (the server may have sent a little more). The page may
  // open while the answer is still being saved (its last beat's text), then shows the saved text: the text is
  // drawn a render after the status (a deferred value), so wait for it rather than read it once.
  const firstLine = shown.split('\n').find((l) => l.includes('Item 2'))!;
  await expect(saved).toContainText(firstLine.trim());
  await expect(saved).not.toContainText('Item 80');

  // a normal user is refused on the staff pages: HTTP 403, with the friendly page inside the app
  for (const path of ['/staff', '/staff/ledger', `/staff/transcripts/${chatId}`]) {
    const refused = await page.goto(path);
    expect(refused?.status(), path).toBe(403);
    await expect(page.getByTestId('forbidden')).toContainText(/staff only/i);
    await expect(page.getByTestId('wallet-balance')).toBeVisible();
  }

  // staff see the same answer as stopped
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signUpStaffInBrowser(staff, 'staff@example.com', 'Staff Person');
  await staff.goto('/staff?status=stopped');
  const row = staff.getByTestId('staff-transcript-row').filter({ hasText: 'stopper' }).first();
  await expect(row).toBeVisible();
  await row.click();
  await expect(staff.getByTestId('status-stopped').first()).toBeVisible();
  await staffContext.close();
});

test('a file attached and sent goes with its message: shown there after a reload, and no longer waiting in the composer', async ({
  page,
}) => {
  await signUpInBrowser(page, uniqueEmail('attacher'));

  await page.getByTestId('attach-input').setInputFiles({
    name: 'trip-notes.md',
    mimeType: 'text/markdown',
    buffer: Buffer.from('# Trip\n\nPorto in May.\n\nLisbon in June.\n'),
  });
  const chips = page.getByTestId('attachment-chip');
  await expect(chips).toHaveCount(1);
  await expect(chips.first()).toHaveAttribute('data-state', 'ready');
  await page.getByTestId('chat-input').fill('Here are my travel notes, keep them for later.');
  await page.getByTestId('send-button').click();
  // the model reads it with this message: it shows under the message, not among the composer's files
  await expect(chips).toHaveCount(0);
  await expect(page.getByTestId('message-user').last().getByTestId('message-file')).toContainText('trip-notes.md');
  await expect(page.getByTestId('message-assistant').last()).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });

  await page.reload();
  await expect(page.getByTestId('message-user').last().getByTestId('message-file')).toContainText('trip-notes.md');
  // nothing waits in the chat for a document any more (asked directly: a listing the page made before the reload
  // could be the one caught, and its body is gone with that page)
  const chatId = new URL(page.url()).pathname.split('/').pop();
  expect(await (await page.request.get(`/api/documents/attachments?chatId=${chatId}`)).json()).toEqual([]);
  await expect(chips).toHaveCount(0);
  await expect(page.getByTestId('attachment-error')).toHaveCount(0);
});

test('a failed answer offers Retry, explained, and Regenerate only as another model, named', async ({ page }) => {
  await signUpInBrowser(page, uniqueEmail('retrier'));
  const chat = new ChatPage(page);
  await chat.pickModel('sim-swift');
  await chat.send('This one fails [sim:error]');
  expect(await chat.waitForSettled()).toBe('error');
  const answer = chat.lastAnswer();
  const retry = answer.getByTestId('retry-button');
  await expect(retry).toBeVisible();
  await expect(retry).toHaveAttribute('title', /same model again/);
  // the same model twice over would be the same thing under two names
  await expect(answer.getByTestId('regenerate-button')).toHaveCount(0);
  await chat.pickModel('sim-sage');
  await expect(answer.getByTestId('regenerate-button')).toHaveText(/Try Sim Sage.* instead/);
});

test('a chat is downloaded from its menu as Markdown and as JSON, named after it', async ({ page }) => {
  await signUpInBrowser(page, uniqueEmail('exporter'));
  const chat = new ChatPage(page);
  await chat.send('Plan a weekend in Porto');
  await chat.waitForSettled();
  const row = page.getByTestId('chat-list-item').first();
  await expect(row).not.toContainText('New chat');
  const title = (await row.innerText()).trim();

  await row.getByTestId('chat-menu').click();
  const [markdown] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Export as Markdown' }).click()]);
  expect(markdown.suggestedFilename()).toMatch(/\.md$/);
  const text = await (await markdown.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  expect(text).toContain(`# ${title}`);
  expect(text).toMatch(/## You · .*\n\nPlan a weekend in Porto/);
  expect(text).toContain('## Sim Swift (offline demo model)');

  await row.getByTestId('chat-menu').click();
  const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Export as JSON' }).click()]);
  const file = JSON.parse(await (await json.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8')));
  expect(file.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
  expect(file.messages[1].status).toBe('complete');
});
