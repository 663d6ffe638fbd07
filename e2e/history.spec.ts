import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { editorOf } from './pages/canvas-page';
import { saveSection, sectionNow, signUpApi, uniqueEmail, writtenDocument } from './support';

// Issue 34, item 9 (one version per editing burst, a diff as the canvas shows it) and item 12's canvas
// remainders: Ctrl+End in a section ending in a table, footnote popovers at the screen's edge and by
// keyboard, and the save state of the side that lost a conflict.

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

const saveStateOf = (page: Page, sectionId: string) => page.locator(`[data-section-id="${sectionId}"] [data-testid="save-state"]`);

for (const viewport of VIEWPORTS) {
  test(`item 9: three autosaves are one version, and History shows the change as the canvas shows it, in both themes (${viewport.width} px)`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await signUpApi(page.request, uniqueEmail('history-burst'));
    const document = await writtenDocument(page.request);
    const section = document.sections[0];
    // the burst starts with a save from elsewhere (Markdown with a heading and bold words), then the person types
    await saveSection(page.request, section, '## Findings\n\nThe warehouse is **large** and busy.');

    await page.goto(`/documents/${document.id}`);
    const editor = editorOf(page, section.id);
    await expect(editor).toHaveAttribute('contenteditable', 'true');
    await editor.getByText('busy').click();
    for (const words of [' It grew.', ' Orders doubled.', ' Staff stayed.']) {
      await page.keyboard.press('Control+End');
      await page.keyboard.type(words);
      await expect(saveStateOf(page, section.id)).toHaveAttribute('data-state', 'saved', { timeout: 15_000 });
      await expect.poll(async () => (await sectionNow(page.request, document.id, section.id)).body).toContain(words.trim());
    }

    await page.locator(`[data-section-id="${section.id}"]`).getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: /History of/ });
    // the draft, and one edit holding the last text: not one version per save
    await expect(history.getByTestId('version-row')).toHaveCount(2);
    await expect(history.getByTestId('version-row').first()).toHaveAttribute('data-kind', 'manual');

    const diff = history.getByTestId('rendered-diff');
    await expect(diff).toBeVisible();
    await expect(diff.locator('[data-kind="heading"] ins', { hasText: 'Findings' })).toHaveCount(1);
    await expect(diff.locator('ins', { hasText: 'Staff stayed' })).toHaveCount(1);
    await expect(diff.locator('del').first()).toBeVisible();
    // rendered text: no Markdown marks, and the changes are named, not only coloured
    const shown = await diff.innerText();
    expect(shown).not.toMatch(/\*\*|##|\[\^/);
    await expect(diff.locator('ins').first()).toHaveCSS('text-decoration-line', 'underline');
    await expect(diff.locator('del').first()).toHaveCSS('text-decoration-line', 'line-through');
    expect(await diff.locator('ins .sr-only').first().textContent()).toContain('added');

    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
      expect(await seriousViolations(page, '[data-testid="history-dialog"]'), `axe on History, ${theme}`).toEqual([]);
      await history.screenshot({ path: `/tmp/issue34-history-${theme}-${viewport.width}.png` });
    }
  });
}

test('item 12: Ctrl+End in a section ending in a table goes to the end of its last cell, not into its first header cell', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signUpApi(page.request, uniqueEmail('history-ctrl-end'));
  const document = await writtenDocument(page.request);
  const section = document.sections[0];
  await saveSection(page.request, section, 'Orders by site.\n\n| Site | Orders |\n| --- | --- |\n| Lisbon | 4200 |');

  await page.goto(`/documents/${document.id}`);
  // (item 12's favicon: the page names one, and it is served)
  const icon = await page.locator('link[rel="icon"]').first().getAttribute('href');
  expect((await page.request.get(icon!)).headers()['content-type']).toContain('image/svg+xml');
  const editor = editorOf(page, section.id);
  await expect(editor).toHaveAttribute('contenteditable', 'true');
  await editor.getByText('Orders by site.').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' a day');
  await expect(saveStateOf(page, section.id)).toHaveAttribute('data-state', 'saved', { timeout: 15_000 });
  await expect
    .poll(async () => (await sectionNow(page.request, document.id, section.id)).body)
    .toBe('Orders by site.\n\n| Site | Orders |\n| --- | --- |\n| Lisbon | 4200 a day |');
  // and Ctrl+Home goes back to the very start
  await page.keyboard.press('Control+Home');
  await page.keyboard.type('Today: ');
  await expect
    .poll(async () => (await sectionNow(page.request, document.id, section.id)).body, { timeout: 15_000 })
    .toMatch(/^Today: Orders by site\./);
});

for (const viewport of VIEWPORTS) {
  test(`item 12: a footnote opens by keyboard and its popover stays on screen at the bottom edge (${viewport.width} px)`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(viewport);
    await signUpApi(page.request, uniqueEmail('history-footnote'));
    const document = await writtenDocument(page.request);
    const section = document.sections.find((s) => /\[\^\d+\]/.test(s.body)) ?? document.sections[0];
    expect(section.body).toMatch(/\[\^\d+\]/);

    await page.goto(`/documents/${document.id}`);
    const editor = editorOf(page, section.id);
    await expect(editor).toHaveAttribute('contenteditable', 'true');
    const chip = editor.locator('sup[data-citation]').first();
    // put the chip at the very bottom of the screen: the window ends just below it (the first chip sits too high on
    // the page to be scrolled down there)
    let bottomEdge = viewport.height;
    for (let i = 0; i < 2; i++) {
      const placed = (await chip.boundingBox())!;
      bottomEdge = Math.ceil(placed.y + placed.height + 4);
      await page.setViewportSize({ width: viewport.width, height: bottomEdge });
    }

    // in the text being edited the chip is reached with the arrow keys, as one character, and Enter opens its source
    const chipBox = (await chip.boundingBox())!;
    await page.mouse.click(chipBox.x - 4, chipBox.y + chipBox.height / 2);
    const chipSelected = () => chip.evaluate((element) => element.classList.contains('ProseMirror-selectednode'));
    for (let step = 0; step < 4 && !(await chipSelected()); step++) await page.keyboard.press('ArrowRight');
    expect(await chipSelected()).toBe(true);
    await page.keyboard.press('Enter');
    const popover = page.getByTestId('footnote-popover');
    await expect(popover).toBeVisible();
    await expect(popover).toBeFocused();
    await expect(popover.getByTestId('footnote-quote')).not.toBeEmpty();
    const box = (await popover.boundingBox())!;
    const chipNow = (await chip.boundingBox())!;
    expect(chipNow.y + chipNow.height).toBeGreaterThan(bottomEdge - 20);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(bottomEdge);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    // flipped above the chip, not over it
    expect(box.y + box.height).toBeLessThanOrEqual(chipNow.y);
    await page.screenshot({ path: `/tmp/issue34-footnote-${viewport.width}.png` });
    expect(await seriousViolations(page, '[data-testid="footnote-popover"]')).toEqual([]);

    // Escape closes it and the focus is back in the text, on the chip; the text did not change
    await page.keyboard.press('Escape');
    await expect(popover).toBeHidden();
    await expect(editor).toBeFocused();
    expect(await chipSelected()).toBe(true);
    expect((await sectionNow(page.request, document.id, section.id)).body).toBe(section.body);
  });
}

test('item 12: the side that lost a conflict says so, not "Saved"', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await signUpApi(page.request, uniqueEmail('history-conflict-owner'));
  const document = await writtenDocument(page.request);
  const section = document.sections[0];
  const ada = await browser.newContext();
  const adaEmail = uniqueEmail('history-conflict-ada');
  await signUpApi(ada.request, adaEmail);
  expect((await page.request.post(`/api/documents/${document.id}/members`, { data: { email: adaEmail, role: 'editor' } })).status()).toBe(
    201,
  );

  await page.goto(`/documents/${document.id}`);
  const editor = editorOf(page, section.id);
  await expect(editor).toHaveAttribute('contenteditable', 'true');
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' Owner was here.');
  const state = saveStateOf(page, section.id);
  await expect(state).toHaveAttribute('data-state', 'saved', { timeout: 15_000 });

  // Ada saves over it while the owner is still in the section: the owner's text is no longer the current one
  await saveSection(ada.request, await sectionNow(ada.request, document.id, section.id), 'Ada replaced the first part.');
  await expect(page.locator(`[data-section-id="${section.id}"] [data-testid="saved-while-editing"]`)).toBeVisible({ timeout: 15_000 });
  await expect(state).toHaveAttribute('data-state', 'conflict');
  await expect(state).toHaveText('Conflict: a newer version was saved');
  await page.screenshot({ path: '/tmp/issue34-conflict-state-1280.png' });
  await ada.close();
});
