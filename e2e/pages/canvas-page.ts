import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

// A written document and the canvas actions tests perform on it (the same steps e2e/canvas.spec.ts takes).

export interface SectionJson {
  id: string;
  version: number;
  body: string;
  status: string;
}

const NOTES = 'Northwind Traders opened its Lisbon warehouse in March 2021. The warehouse handles 4,200 orders a day. Delivery times in Portugal fell from 5 days to 2 days.';

/** A two-section document written by the pipeline (offline simulator), its questions answered. */
export async function writtenDocument(request: APIRequestContext): Promise<{ id: string; sections: SectionJson[] }> {
  const created = await request.post('/api/documents', {
    data: { request: 'Write a short report on the Lisbon warehouse', sectionCount: 2, sources: [{ kind: 'text', title: 'Warehouse notes', content: NOTES }] },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  let answered = false;
  await expect
    .poll(
      async () => {
        const document = (await (await request.get(`/api/documents/${id}`)).json()) as { status: string; questions: Array<{ id: string; answer: string | null }> };
        if (document.status === 'awaiting_answers' && !answered) {
          answered = true;
          const answers = document.questions.map((q) => ({ questionId: q.id, text: 'Operations managers; 2021 to 2023.' }));
          expect((await request.post(`/api/documents/${id}/answers`, { data: { answers } })).ok()).toBe(true);
        }
        return document.status;
      },
      { timeout: 90_000, intervals: [500, 1_000] },
    )
    .toBe('done');
  return { id, sections: ((await (await request.get(`/api/documents/${id}`)).json()) as { sections: SectionJson[] }).sections };
}

export async function saveSection(request: APIRequestContext, section: { id: string; version: number }, body: string): Promise<number> {
  const saved = await request.patch(`/api/sections/${section.id}`, { data: { body, baseVersion: section.version } });
  expect(saved.status()).toBe(200);
  return ((await saved.json()) as { version: number }).version;
}

export async function sectionNow(request: APIRequestContext, documentId: string, sectionId: string): Promise<SectionJson> {
  const document = (await (await request.get(`/api/documents/${documentId}`)).json()) as { sections: SectionJson[] };
  return document.sections.find((s) => s.id === sectionId)!;
}

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
