import { expect, test, type Locator, type Page } from '@playwright/test';
import { saveSection, sectionNow, signUpApi, uniqueEmail, writtenDocument } from './support';

/** Puts the caret at the end of the editor's text and pastes what a clipboard would hold. */
async function pasteAtEnd(page: Page, editor: Locator, clipboard: Record<string, string>) {
  await editor.click();
  await page.keyboard.press('Control+End');
  await editor.evaluate((root, data) => {
    const transfer = new DataTransfer();
    for (const [type, value] of Object.entries(data)) transfer.setData(type, value);
    root.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
  }, clipboard);
}

test('HTML pasted from a browser (a table and a nested list) and Markdown text are stored as canonical Markdown', async ({ page }) => {
  test.setTimeout(150_000);
  await signUpApi(page.request, uniqueEmail('canvas-paste'));
  const document = await writtenDocument(page.request);
  const [first, second] = document.sections;
  await saveSection(page.request, first, 'Orders by city:');
  await saveSection(page.request, second, 'Setup:');

  await page.goto(`/documents/${document.id}`);
  const editor = page.locator(`[data-section-id="${first.id}"] [data-testid="canvas-editor"]`);
  await expect(editor).toHaveAttribute('contenteditable', 'true');
  await pasteAtEnd(page, editor, {
    'text/html':
      '<meta charset="utf-8"><table><tbody><tr><td>City</td><td>Orders</td></tr><tr><td><b>Lisbon</b></td><td>4,200</td></tr>' +
      '<tr><td><a href="https://example.com/porto(north)">Porto</a></td><td><i>1,100</i></td></tr></tbody></table>' +
      '<ul><li>Warehouses<ul><li>Lisbon, opened <strong>2021</strong></li><li>Porto</li></ul></li><li>Offices</li></ul>',
    'text/plain': 'City\tOrders\nLisbon\t4,200',
  });
  await expect(editor.locator('table')).toBeVisible();
  await expect(editor.locator('ul ul li')).toHaveCount(2);
  await editor.blur();
  await expect(page.locator(`[data-section-id="${first.id}"] [data-testid="save-state"]`)).toHaveAttribute('data-state', 'saved');
  await expect
    .poll(async () => (await sectionNow(page.request, document.id, first.id)).body)
    .toBe(
      'Orders by city:\n\n' +
        '| City | Orders |\n| --- | --- |\n| **Lisbon** | 4,200 |\n| [Porto](https://example.com/porto\\(north\\)) | *1,100* |\n\n' +
        '- Warehouses\n  - Lisbon, opened **2021**\n  - Porto\n- Offices',
    );

  // Plain text that reads as Markdown (a README's lines) becomes blocks, its code block kept byte for byte.
  const secondEditor = page.locator(`[data-section-id="${second.id}"] [data-testid="canvas-editor"]`);
  await pasteAtEnd(page, secondEditor, { 'text/plain': '## Install\n\n```sh\nnpm ci\n  npm run build  # twice\n```\n\n- [x] done' });
  await expect(secondEditor.locator('pre code')).toContainText('npm run build');
  await secondEditor.blur();
  await expect
    .poll(async () => (await sectionNow(page.request, document.id, second.id)).body)
    .toBe('Setup:\n\n## Install\n\n```sh\nnpm ci\n  npm run build  # twice\n```\n\n- [x] done');

  // The code block is highlighted on the canvas (see the screenshot in the test's output).
  await expect(secondEditor.locator('pre code .hljs-comment')).toHaveText('# twice');
  await page.locator(`[data-section-id="${second.id}"]`).screenshot({ path: test.info().outputPath('code-block.png') });
});
