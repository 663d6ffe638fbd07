import type { Locator, Page } from '@playwright/test';

// Canvas actions tests perform on a written document (e2e/support.ts writes one).

export function editorOf(page: Page, sectionId: string): Locator {
  return page.locator(`[data-section-id="${sectionId}"] [data-testid="canvas-editor"]`);
}

/** Puts the caret right before `phrase`, then selects it with the keyboard, one character at a time. */
export async function selectWithKeyboard(page: Page, editor: Locator, phrase: string) {
  await editor.click();
  await editor.evaluate((root, wanted) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(wanted) ?? -1;
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.collapse(true);
      const selection = window.getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
      return;
    }
    throw new Error(`“${wanted}” is not in the editor`);
  }, phrase);
  for (let i = 0; i < [...phrase].length; i++) await page.keyboard.press('Shift+ArrowRight');
}
