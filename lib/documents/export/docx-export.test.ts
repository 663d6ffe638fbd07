import mammoth from 'mammoth';
import { describe, expect, it } from 'vitest';

import { renderDocx } from './docx-export';
import { exportFixture } from '@/tests/support/export-fixture';

/** The DOCX as Word's reader sees it: mammoth turns headings, lists, tables and footnotes into HTML. */
async function readBack(bytes: Uint8Array) {
  const { value } = await mammoth.convertToHtml({ buffer: Buffer.from(bytes) });
  return value;
}

describe('DOCX export', () => {
  it('has the title, section headings, inner headings two levels under them (as in the HTML export), lists, a table, code and links', async () => {
    const html = await readBack(await renderDocx(exportFixture()));
    expect(html).toMatch(/^<h1>The Lisbon warehouse<\/h1>/);
    expect(html).toContain('<h2>Opening</h2>');
    expect(html).toContain('<h5>Orders</h5>');
    expect(html).toContain('<h2>Staff</h2>');
    expect(html).toMatch(/<ol><li>Picking<\/li><li>Packing<sup>/);
    expect(html).toContain('<ul><li>Lisbon</li><li>Porto</li></ul>');
    expect(html).toMatch(
      /<table><thead><tr><th><p><strong>City<\/strong><\/p><\/th>.*<\/thead><tbody><tr><td><p>Lisbon<\/p><\/td><td><p>4200<\/p><\/td><\/tr><\/tbody><\/table>/,
    );
    expect(html).toContain('const orders = 4200;');
    expect(html).toContain('<a href="https://example.com/site">the site</a>');
    expect(html).toContain('<strong>Lisbon</strong>');
  });

  it('cites with real Word footnotes holding the quoted sentence, and ends with the works cited', async () => {
    const html = await readBack(await renderDocx(exportFixture()));
    // both sections cite footnote 1: one Word footnote, the second citation its number in superscript
    expect(html.match(/<li id="footnote-\d+">/g)).toHaveLength(2);
    expect(html).toContain('The warehouse employs 180 people.<sup>1</sup>');
    // a flagged section says so before its text
    expect(html).toContain(
      '<h2>Staff</h2><p><strong>Fact check: </strong>some figures or names in this section are not supported by its sources.</p>',
    );
    expect(html).toMatch(
      /<li id="footnote-1"><p>Warehouse notes, paragraph 2: “The Lisbon warehouse opened in March 2021\.” https:\/\/example\.com\/notes \(read 2026-11-30\)/,
    );
    expect(html).toMatch(/<li id="footnote-2"><p>Warehouse notes, paragraph 2: “It handles 4,200 orders a day\.”/);
    expect(html).toMatch(
      /<h2>Works cited<\/h2><ul><li><a href="https:\/\/example\.com\/notes">Warehouse notes<\/a> — https:\/\/example\.com\/notes, read 2026-11-30<\/li><\/ul>/,
    );
  });

  it('keeps a Russian document’s text', async () => {
    const html = await readBack(await renderDocx(exportFixture('ru')));
    expect(html).toContain('<h2>Открытие</h2>');
    expect(html).toContain('<h5>Заказы</h5>');
    expect(html).toMatch(/<li id="footnote-2"><p>Заметки о складе, paragraph 2: “Склад обрабатывает 4200 заказов в день\.”/);
    expect(html).toContain('Works cited');
  });
});
