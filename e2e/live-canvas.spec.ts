import { expect, test } from '@playwright/test';
import { editorOf } from './pages/canvas-page';
import { saveSection, sectionNow, signUpApi, uniqueEmail, writtenDocument } from './support';

test('the canvas arrives as HTML from the server, and an editor mounts only on the section the person enters', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await signUpApi(page.request, uniqueEmail('canvas-static'));
  const document = await writtenDocument(page.request);
  const [first, second] = document.sections;
  await saveSection(page.request, first, 'The **first** part[^1], drawn by the server.');
  await saveSection(page.request, second, 'Second part.');

  // without any script the text, its marks and its footnote chip are already on the page
  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const plain = await noScript.newPage();
  await plain.goto(`/documents/${document.id}`);
  await expect(editorOf(plain, first.id).locator('strong')).toHaveText('first');
  await expect(editorOf(plain, first.id).locator('sup[data-citation="1"]')).toBeVisible();
  await noScript.close();

  await page.goto(`/documents/${document.id}`);
  const live = page.locator('[data-live="true"]');
  await expect(editorOf(page, first.id)).toHaveAttribute('contenteditable', 'true');
  await expect(live).toHaveCount(0);
  // a click puts the caret where it lands: at the end of "first", the typed word goes there
  const bold = editorOf(page, first.id).locator('strong');
  const box = (await bold.boundingBox())!;
  await bold.click({ position: { x: box.width - 1, y: box.height / 2 } });
  await expect(live).toHaveCount(1);
  await page.keyboard.type(' ever');
  await expect(editorOf(page, first.id)).toContainText('The first ever part');

  // the keyboard enters the next section; the first one saves and goes back to static HTML
  await editorOf(page, second.id).focus();
  await page.keyboard.type('Typed first. ');
  await expect(page.locator(`[data-section-id="${second.id}"] [data-live="true"]`)).toHaveCount(1);
  await expect(page.locator(`[data-section-id="${first.id}"] [data-live="false"]`)).toHaveCount(1);
  await expect.poll(async () => (await sectionNow(page.request, document.id, first.id)).body).toContain('**first ever**');
  await expect
    .poll(async () => (await sectionNow(page.request, document.id, second.id)).body, { timeout: 10_000 })
    .toBe('Typed first. Second part.');
});

test("another person's saves show as they happen: in place where the person is not editing, as a notice where they are", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await signUpApi(page.request, uniqueEmail('live-owner'));
  const document = await writtenDocument(page.request);
  const [first, second] = document.sections;
  const ada = await browser.newContext();
  const adaEmail = uniqueEmail('live-ada');
  expect(
    (await ada.request.post('/api/auth/sign-up/email', { data: { email: adaEmail, password: 'correct-horse-battery', name: 'Ada' } })).ok(),
  ).toBe(true);
  expect((await page.request.post(`/api/documents/${document.id}/members`, { data: { email: adaEmail, role: 'editor' } })).status()).toBe(
    201,
  );

  await page.goto(`/documents/${document.id}`);
  await expect(editorOf(page, first.id)).toHaveAttribute('contenteditable', 'true');

  // Ada saves section 2: it changes in place, and a quiet banner says who and where
  await saveSection(ada.request, await sectionNow(ada.request, document.id, second.id), 'Ada rewrote the second part.');
  const banner = page.getByTestId('live-save-banner');
  await expect(banner).toContainText('Ada saved section 2.', { timeout: 15_000 });
  await expect(editorOf(page, second.id)).toHaveText('Ada rewrote the second part.');
  await banner.getByRole('button', { name: 'Show' }).click();
  await expect(banner).toBeHidden();

  // the owner is editing section 1 when Ada saves it: the owner's text stays, a notice offers Ada's
  await editorOf(page, first.id).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' Owner was here.');
  await expect(page.locator(`[data-section-id="${first.id}"] [data-testid="save-state"]`)).toHaveAttribute('data-state', 'saved', {
    timeout: 10_000,
  });
  await saveSection(ada.request, await sectionNow(ada.request, document.id, first.id), 'Ada replaced the first part.');
  const notice = page.locator(`[data-section-id="${first.id}"] [data-testid="saved-while-editing"]`);
  await expect(notice).toContainText('Ada saved this section while you were editing', { timeout: 15_000 });
  await expect(editorOf(page, first.id)).toContainText('Owner was here.');
  await notice.getByRole('button', { name: 'Show' }).click();
  const dialog = page.getByRole('dialog', { name: 'This section changed' });
  await expect(dialog.getByTestId('conflict-theirs')).toContainText('Ada replaced the first part.');
  await dialog.getByRole('button', { name: 'Take theirs' }).click();
  await expect(editorOf(page, first.id)).toHaveText('Ada replaced the first part.');
  await expect(notice).toBeHidden();
  await ada.close();
});

test("a click and keys typed before the editor's code has arrived are typed where the person clicked once it does", async ({ page }) => {
  test.setTimeout(150_000);
  await signUpApi(page.request, uniqueEmail('canvas-early'));
  const document = await writtenDocument(page.request);
  const [first] = document.sections;
  await saveSection(page.request, first, 'The **first** part, typed into early.');

  // The editor's code is every script the page does not load itself: hold it back until the keys are in.
  const html = await (await page.request.get(`/documents/${document.id}`)).text();
  const pageScripts = new Set([...html.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: string[] = [];
  await page.route('**/_next/static/chunks/*.js', async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (!pageScripts.has(path)) {
      held.push(path);
      await released;
    }
    await route.continue();
  });

  // not until 'load': a script the page has already asked for (the editor's, held here) holds the load event back
  await page.goto(`/documents/${document.id}`, { waitUntil: 'domcontentloaded' });
  const editor = editorOf(page, first.id);
  // hydrated (the section takes the focus) while the editor's code is still on its way
  await expect(editor).toHaveAttribute('tabindex', '0');
  await expect(editor).toHaveAttribute('contenteditable', 'false');
  const bold = editor.locator('strong');
  const box = (await bold.boundingBox())!;
  await bold.click({ position: { x: box.width - 1, y: box.height / 2 } });
  await page.keyboard.type(' earlx');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('y');
  await expect(editor).toContainText('The first part'); // nothing typed shows before the editor does
  const opening = page.locator(`[data-section-id="${first.id}"]`).getByRole('status').filter({ hasText: 'Opening the editor' });
  await expect(opening).toBeVisible(); // but the person is told it is coming
  expect(held.length).toBeGreaterThan(0);

  release();
  await expect(page.locator(`[data-section-id="${first.id}"] [data-live="true"]`)).toHaveCount(1);
  await expect(opening).toHaveCount(0);
  await expect(editor).toContainText('The first early part');
  await page.keyboard.type(' and late'); // the focus went to the editor: later keys follow the early ones
  await expect
    .poll(async () => (await sectionNow(page.request, document.id, first.id)).body, { timeout: 10_000 })
    .toBe('The **first early and late** part, typed into early.');
});
