import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';

import { exportFixture } from '@/tests/support/export-fixture';
import { renderPdf } from './pdf-export';

/** The PDF's text as a reader extracts it (pdf.js, as for uploaded PDFs), whitespace folded. */
async function readBack(bytes: Uint8Array) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe('PDF export', () => {
  it('has the headings, lists, table, code, citation numbers, the quoted notes and the works cited', async () => {
    const text = await readBack(await renderPdf(exportFixture()));
    expect(text).toMatch(/^The Lisbon warehouse A short report\. Opening /);
    expect(text).toContain('Northwind opened its Lisbon warehouse in March 2021.¹');
    expect(text).toContain('Orders 1. Picking 2. Packing²');
    expect(text).toContain('• Lisbon • Porto');
    expect(text).toMatch(/City Orders Lisbon 4200/);
    expect(text).toContain('const orders = 4200;');
    expect(text).toContain(
      'Staff Fact check: some figures or names in this section are not supported by its sources. The warehouse employs 180 people.¹',
    );
    expect(text).toContain(
      'Notes 1. Warehouse notes, paragraph 2: “The Lisbon warehouse opened in March 2021.” https://example.com/notes (read 2026-11-30) 2. Warehouse notes, paragraph 2: “It handles 4,200 orders a day.”',
    );
    expect(text).toMatch(/Works cited • Warehouse notes — https:\/\/example\.com\/notes, read 2026-11-30$/);
  });

  it('writes a Russian document in Cyrillic (an embedded font, not Helvetica)', async () => {
    const text = await readBack(await renderPdf(exportFixture('ru')));
    expect(text).toContain('Склад в Лиссабоне Краткий отчёт о складе. Открытие Склад открылся в марте 2021 года.¹');
    expect(text).toContain('Заказы • Четыре тысячи заказов в день²');
    expect(text).toContain('2. Заметки о складе, paragraph 2: “Склад обрабатывает 4200 заказов в день.”');
    expect(text).toContain('Works cited • Заметки о складе');
  });
});
