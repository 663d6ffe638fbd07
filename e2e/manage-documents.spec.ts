import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { ChatPage } from './pages/chat-page';
import { saveSection, signUpApi, signUpInBrowser, uniqueEmail, writtenDocument } from './support';

// Issue 34, items 1, 2, 3 and 8: documents people can manage, a canvas code block that reads in both themes,
// chat titles that follow a rename and are never stored cut with "…".

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

interface DocumentJson {
  title: string;
  status: string;
}

async function documentNow(request: APIRequestContext, id: string): Promise<DocumentJson> {
  return (await (await request.get(`/api/documents/${id}`)).json()) as DocumentJson;
}

/** Starts a document and waits until it asks its questions (the job then rests: nothing runs until they are answered). */
async function documentAskingQuestions(request: APIRequestContext, text: string): Promise<string> {
  const created = await request.post('/api/documents', { data: { request: text, sectionCount: 2 } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await expect.poll(async () => (await documentNow(request, id)).status, { timeout: 60_000 }).toBe('awaiting_answers');
  return id;
}

for (const viewport of VIEWPORTS) {
  test(`item 1: the automatic title is grammatical, and the owner renames and deletes the document after a question (${viewport.width} px)`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(viewport);
    await signUpInBrowser(page, uniqueEmail('doc-owner'));
    const id = await documentAskingQuestions(page.request, 'Write a guide to composting for beginners');
    expect((await documentNow(page.request, id)).title).toBe('Guide to composting for beginners');

    // the person it is shared with (an editor, who may edit its text) sees no Rename or Delete, and the API refuses both
    const reviewerContext = await browser.newContext({ viewport });
    const reviewer = await reviewerContext.newPage();
    const reviewerEmail = await signUpApi(reviewer.request, uniqueEmail('doc-reviewer'));
    expect((await page.request.post(`/api/documents/${id}/members`, { data: { email: reviewerEmail, role: 'editor' } })).status()).toBe(
      201,
    );
    await reviewer.goto(`/documents/${id}`);
    await expect(reviewer.getByRole('heading', { level: 1 })).toHaveText('Guide to composting for beginners');
    await expect(reviewer.getByRole('button', { name: 'Rename' })).toHaveCount(0);
    await expect(reviewer.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    expect((await reviewer.request.delete(`/api/documents/${id}`)).status()).toBe(403);
    expect((await reviewer.request.patch(`/api/documents/${id}`, { data: { title: 'Mine now' } })).status()).toBe(403);

    await page.goto(`/documents/${id}`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText('Guide to composting for beginners');
    await page.getByRole('button', { name: 'Rename' }).click();
    const field = page.getByRole('textbox', { name: 'Document name' });
    await field.fill('Composting on a balcony');
    await field.press('Enter');
    await expect(heading).toHaveText('Composting on a balcony');
    await page.reload();
    await expect(heading).toHaveText('Composting on a balcony');
    // the new name is the download's file name and the export's heading
    const exported = await page.request.get(`/api/documents/${id}/export?format=md`);
    expect(exported.headers()['content-disposition']).toContain("UTF-8''Composting-on-a-balcony.md");
    expect(await exported.text()).toMatch(/^# Composting on a balcony\n/);

    // Delete asks first; keeping it changes nothing
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Delete “Composting on a balcony”?');
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await expect(dialog).toHaveCount(0);
    expect((await page.request.get(`/api/documents/${id}`)).status()).toBe(200);
    await page.screenshot({ path: `/tmp/issue34-document-owner-${viewport.width}.png`, fullPage: true });

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.getByRole('button', { name: 'Delete document' }).click();
    await expect(page).toHaveURL(/\/documents$/);
    await expect(page.getByText('Composting on a balcony')).toHaveCount(0);
    expect((await page.request.get(`/api/documents/${id}`)).status()).toBe(404);
    // the person it was shared with lost it too
    expect((await reviewer.request.get(`/api/documents/${id}`)).status()).toBe(404);
    await reviewer.goto('/documents');
    await expect(reviewer.getByText('Composting on a balcony')).toHaveCount(0);
    await reviewerContext.close();
  });
}

test('item 1: a Russian request gets a Russian title in the nominative, with no ellipsis in the title, the export or the file name', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpInBrowser(page, uniqueEmail('doc-ru'));
  const request =
    'Напиши статью о компостировании на балконе для тех, у кого совсем нет опыта, мало места и всего один свободный час в неделю, чтобы разобраться во всём';
  const id = await documentAskingQuestions(page.request, request);
  const { title } = await documentNow(page.request, id);
  expect(title).toMatch(/^Статья о компостировании на балконе/);
  expect(title).not.toMatch(/…|\.\.\./);
  const exported = await page.request.get(`/api/documents/${id}/export?format=html`);
  expect(decodeURIComponent(exported.headers()['content-disposition']!)).not.toContain('…');
  expect(await exported.text()).not.toContain('…');
});

for (const viewport of VIEWPORTS) {
  test(`item 2: Cancel asks first, the label then says Cancelled, and the cancelled document resumes (${viewport.width} px)`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(viewport);
    await signUpInBrowser(page, uniqueEmail('doc-canceller'));
    const id = await documentAskingQuestions(page.request, 'Write a short report on the Lisbon warehouse');
    await page.goto(`/documents/${id}`);
    const status = page.getByTestId('document-status');
    const label = page.getByTestId('progress-label');
    await expect(status).toHaveAttribute('data-status', 'awaiting_answers');

    // one click does not end it: a question first, and "Keep writing" keeps it
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Sections written so far are kept');
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      expect(await seriousViolations(page, '[role="alertdialog"]'), `axe on the Cancel question, ${theme} theme`).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await dialog.getByRole('button', { name: 'Keep writing' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(status).toHaveAttribute('data-status', 'awaiting_answers');

    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.getByRole('button', { name: 'Stop writing' }).click();
    await expect(status).toHaveAttribute('data-status', 'cancelled');
    await expect(label).toHaveText('Cancelled');
    await expect(page.getByRole('button', { name: 'Delete', exact: true })).toBeVisible();
    await page.screenshot({ path: `/tmp/issue34-document-cancelled-${viewport.width}.png`, fullPage: true });

    // resumed, it goes on from where it stopped: the questions already asked are asked again, not planned anew
    const questionsBefore = ((await (await page.request.get(`/api/documents/${id}`)).json()) as { questions: unknown[] }).questions;
    await page.getByRole('button', { name: 'Resume' }).click();
    await expect(status).toHaveAttribute('data-status', 'awaiting_answers', { timeout: 60_000 });
    await expect(label).toHaveText('Questions before writing');
    const questionsAfter = ((await (await page.request.get(`/api/documents/${id}`)).json()) as { questions: unknown[] }).questions;
    expect(questionsAfter).toEqual(questionsBefore);
  });
}

const CODE = ['```js', 'function greet(name) {', '  // say hello', '  return `Hello, ${name}!`;', '}', '```'].join('\n');

for (const viewport of VIEWPORTS) {
  test(`item 3: a canvas code block reads in both themes and has a Copy button (${viewport.width} px)`, async ({ page, context }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(viewport);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signUpInBrowser(page, uniqueEmail('doc-coder'));
    const { id, sections } = await writtenDocument(page.request);
    await saveSection(page.request, sections[0]!, `Greeting people in code:\n\n${CODE}`);
    const section = page.locator(`[data-section-id="${sections[0]!.id}"]`);

    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.goto(`/documents/${id}`);
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      const block = section.locator('pre').first();
      await expect(block).toContainText('function greet');
      // the block has a background of its own, set apart from the page's
      const colours = await block.evaluate((pre) => ({
        block: getComputedStyle(pre).backgroundColor,
        page: getComputedStyle(document.body).backgroundColor,
      }));
      expect(colours.block).not.toBe('rgba(0, 0, 0, 0)');
      expect(colours.block).not.toBe(colours.page);
      expect(await seriousViolations(page, `[data-section-id="${sections[0]!.id}"]`), `axe, ${theme} theme`).toEqual([]);
      await block.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/issue34-code-${theme}-${viewport.width}.png` });
    }

    const copy = section.getByRole('button', { name: 'Copy code' });
    await expect(copy).toBeVisible();
    await copy.click();
    await expect(section.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      'function greet(name) {\n  // say hello\n  return `Hello, ${name}!`;\n}',
    );
  });
}

test('item 8: renaming the open chat changes its header at once; an automatic title is cut between words, never with "…"', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpInBrowser(page, uniqueEmail('chat-renamer'));
  const chat = new ChatPage(page);
  const first =
    'I am setting up a new printer at home and the driver installer keeps failing on Windows 11 with an error about the spooler';
  await chat.send(first);
  await chat.waitForSettled();
  const chatId = new URL(page.url()).pathname.split('/').pop()!;
  const header = page.locator('#chat-title');
  await expect(header).toHaveText('I am setting up a new printer at home and the driver');
  const stored = ((await (await page.request.get(`/api/chats/${chatId}`)).json()) as { title: string }).title;
  expect(stored).toBe('I am setting up a new printer at home and the driver');

  const item = page.locator(`[data-testid="chat-list-item"][data-chat-id="${chatId}"]`);
  await item.getByTestId('chat-menu').click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const titleInput = page.getByRole('textbox', { name: 'Chat title' });
  await titleInput.fill('Printer driver trouble');
  await titleInput.press('Enter');
  await expect(item).toContainText('Printer driver trouble');
  // no reload: the header of the open chat follows
  await expect(header).toHaveText('Printer driver trouble');
});
