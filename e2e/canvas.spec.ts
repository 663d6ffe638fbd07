import { expect, test } from '@playwright/test';
import { editorOf, selectWithKeyboard } from './pages/canvas-page';
import { saveSection, sectionNow, signUpApi, uniqueEmail, writtenDocument } from './support';

test('a phrase with Cyrillic and an emoji is rewritten in place; the rest of the section is unchanged', async ({ page }) => {
  test.setTimeout(150_000);
  await signUpApi(page.request, uniqueEmail('canvas-writer'));
  const document = await writtenDocument(page.request);
  const section = document.sections[0];
  const before = 'Склад в Лиссабоне ';
  const phrase = 'обрабатывает заказы 🚚 быстро';
  const after = ' и точно[^1]. The **rest** stays exactly as it was.';
  await saveSection(page.request, section, `${before}${phrase}${after}\n\nA second paragraph, untouched.`);

  await page.goto(`/documents/${document.id}`);
  const editor = editorOf(page, section.id);
  await expect(editor).toHaveAttribute('contenteditable', 'true');
  await expect(editor).toContainText(phrase);
  await selectWithKeyboard(page, editor, phrase);

  // the toolbar follows the selection; Escape closes it, Ctrl+Enter brings it back with the focus in its field
  const toolbar = page.getByRole('form', { name: 'Rewrite the selection' });
  await expect(toolbar).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(toolbar).toBeHidden();
  await page.keyboard.press('Control+Enter');
  await expect(toolbar.getByRole('textbox', { name: 'What should change in the selected text?' })).toBeFocused();
  await page.keyboard.type('Write it in uppercase');
  await page.keyboard.press('Enter');

  const status = page.locator(`[data-section-id="${section.id}"] [data-testid="rewrite-status"]`);
  await expect(status).toHaveAttribute('data-phase', 'applied', { timeout: 30_000 });
  await expect(editor).toContainText('Склад в Лиссабоне ОБРАБАТЫВАЕТ ЗАКАЗЫ 🚚 БЫСТРО и точно');
  // the replaced range is highlighted (split into several spans where fact-check flags overlap it)
  await expect
    .poll(async () => (await editor.locator('.canvas-rewritten').allTextContents()).join(''))
    .toBe('ОБРАБАТЫВАЕТ ЗАКАЗЫ 🚚 БЫСТРО');

  const stored = await sectionNow(page.request, document.id, section.id);
  expect(stored.body).toBe(`${before}ОБРАБАТЫВАЕТ ЗАКАЗЫ 🚚 БЫСТРО${after}\n\nA second paragraph, untouched.`);

  // Undo restores the previous text as a new version
  await status.getByRole('button', { name: 'Undo' }).click();
  await expect(status).toHaveAttribute('data-phase', 'undone');
  await expect(editor).toContainText(phrase);
  const versions = (await (await page.request.get(`/api/sections/${section.id}/versions`)).json()) as Array<{ kind: string; body: string }>;
  // newest first
  expect(versions.map((v) => v.kind).slice(0, 3)).toEqual(['restore', 'rewrite', 'manual']);
  expect(versions[0]!.body).toContain(phrase);
});

test('a section saved from another page opens the conflict dialog; keeping mine saves on top of theirs', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await signUpApi(page.request, uniqueEmail('canvas-conflict'));
  const document = await writtenDocument(page.request);
  const section = document.sections[0];
  await saveSection(page.request, section, 'The warehouse opened in 2021.');

  await page.goto(`/documents/${document.id}`);
  const mine = editorOf(page, section.id);
  await expect(mine).toHaveAttribute('contenteditable', 'true');

  // a second browser (same person, another tab's worth of state) edits the same section first
  const other = await browser.newContext({ storageState: await page.context().storageState() });
  const theirsPage = await other.newPage();
  await theirsPage.goto(`/documents/${document.id}`);
  const theirs = editorOf(theirsPage, section.id);
  // a click before the editor's code has loaded enters nothing (the section is static HTML until then)
  await expect(theirs).toHaveAttribute('contenteditable', 'true');
  await theirs.click();
  await theirsPage.keyboard.press('End');
  await theirsPage.keyboard.type(' Their addition.');
  await theirs.blur();
  await expect(theirsPage.locator(`[data-section-id="${section.id}"] [data-testid="save-state"]`)).toHaveAttribute('data-state', 'saved');
  await expect.poll(async () => (await sectionNow(page.request, document.id, section.id)).body).toContain('Their addition.');
  await other.close();

  await mine.click();
  await page.keyboard.press('End');
  await page.keyboard.type(' My addition.');
  const dialog = page.getByRole('dialog', { name: 'This section changed' });
  await expect(dialog).toBeVisible({ timeout: 10_000 });
  await expect(dialog.getByTestId('conflict-theirs')).toContainText('Their addition.');
  await expect(dialog.getByTestId('conflict-mine')).toContainText('My addition.');
  await expect(dialog.getByTestId('word-diff').locator('ins')).toContainText('My');
  await expect(dialog.getByTestId('word-diff').locator('del')).toContainText('Their');

  await dialog.getByRole('button', { name: 'Keep mine' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator(`[data-section-id="${section.id}"] [data-testid="save-state"]`)).toHaveAttribute('data-state', 'saved');
  const stored = await sectionNow(page.request, document.id, section.id);
  expect(stored.body).toBe('The warehouse opened in 2021. My addition.');
});

test('a reviewer reads without editing, compares two versions and restores one', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const owner = await browser.newContext();
  await signUpApi(owner.request, uniqueEmail('canvas-owner'));
  const document = await writtenDocument(owner.request);
  const section = document.sections[0];
  const draft = section.body;
  await saveSection(owner.request, section, 'A manual version that replaced the draft.');

  const reviewerEmail = uniqueEmail('canvas-reviewer');
  await signUpApi(page.request, reviewerEmail);
  const shared = await owner.request.post(`/api/documents/${document.id}/members`, { data: { email: reviewerEmail, role: 'reviewer' } });
  expect(shared.status()).toBe(201);

  await page.goto(`/documents/${document.id}`);
  const editor = editorOf(page, section.id);
  await expect(editor).toHaveAttribute('contenteditable', 'false');
  await expect(editor).toContainText('A manual version that replaced the draft.');

  const sectionElement = page.locator(`[data-section-id="${section.id}"]`);
  await sectionElement.getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: /History of/ });
  await expect(history.getByTestId('version-row')).toHaveCount(2);
  // the two newest are picked: the diff shows the draft's words removed and the manual ones added
  await expect(history.getByTestId('rendered-diff').locator('ins', { hasText: 'manual' }).first()).toBeVisible();
  await expect(history.getByTestId('rendered-diff').locator('del').first()).toBeVisible();

  await history.getByRole('button', { name: 'Restore version 1' }).click();
  await expect(history.getByTestId('version-row')).toHaveCount(3);
  await expect(history.getByTestId('version-row').first()).toHaveAttribute('data-kind', 'restore');
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();

  const stored = await sectionNow(page.request, document.id, section.id);
  expect(stored.version).toBe(3);
  expect(stored.body).toBe(draft);
  await expect(editor).toContainText(
    draft
      .split('\n')[0]
      .replace(/\[\^\d+\]|[*_]/g, '')
      .slice(0, 20),
  );
  await owner.close();
});
