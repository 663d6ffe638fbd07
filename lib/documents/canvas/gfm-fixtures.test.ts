import { describe, expect, it } from 'vitest';

import { checkFidelity } from '@/tests/support/canvas/markdown-fidelity';

/**
 * The GFM constructs the canvas keeps (tables, strikethrough, task lists,
 * autolinks), from the GFM spec's examples and their everyday combinations
 * (a code span with a pipe in a cell, a task with a link, a table in a
 * list). Each must canonicalise idempotently with its words, links, code,
 * tasks, strikethroughs and table shapes unchanged.
 */
const FIXTURES: Array<[string, string]> = [
  // Tables (GFM 4.10)
  ['a table', '| foo | bar |\n| --- | --- |\n| baz | bim |'],
  ['aligned columns', '| abc | defghi |\n:-: | -----------:\nbar | baz'],
  ['escaped pipes, in code and bold too', '| f\\|oo  |\n| ------ |\n| b `\\|` az |\n| b **\\|** im |'],
  ['a table ended by a quote', '| abc | def |\n| --- | --- |\n| bar | baz |\n> bar'],
  ['a table ended by a blank line', '| abc | def |\n| --- | --- |\n| bar | baz |\nbar\n\nbar'],
  ['a delimiter row that does not match is no table', '| abc | def |\n| --- |\n| bar |'],
  ['rows with too few and too many cells', '| abc | def |\n| --- | --- |\n| bar |\n| bar | baz | boo |'],
  ['a header-only table', '| abc | def |\n| --- | --- |'],
  ['a table without edge pipes', 'Name | Value\n--- | ---\nа | 1 200\nб | 3'],
  [
    'links, emphasis and Cyrillic in cells',
    '| Город | Ссылка |\n| --- | --- |\n| **Лиссабон** | [сайт](https://example.pt/a_(b)) |\n| *Porto* | <https://example.pt> |',
  ],
  ['an empty cell', '| a | b |\n| --- | --- |\n|  | x |'],
  ['a table in a list item', '- item\n\n  | a | b |\n  | --- | --- |\n  | 1 | 2 |'],
  ['a table in a quote', '> | a | b |\n> | --- | --- |\n> | 1 | 2 |'],
  ['code with backticks in a cell', '| code |\n| --- |\n| `` a`b `` |'],
  ['a CJK and emoji table', '| 名前 | 😀 |\n| --- | --- |\n| 你好 | 👍🏽 |'],
  // Task lists (GFM 5.3)
  ['a task list', '- [ ] foo\n- [x] bar'],
  ['nested task lists', '- [x] foo\n  - [ ] bar\n  - [x] baz\n- [ ] bim'],
  ['an ordered task list', '1. [x] done\n2. [ ] to do'],
  ['a task with a link and emphasis', '- [ ] read [the guide](https://example.com/guide) *today*'],
  ['a capital X', '- [X] shipped'],
  ['a task with a code block', '- [ ] run\n\n  ```sh\n  npm test\n  ```'],
  ['brackets that are not a task box', '- [a] not a task\n- [ ]'],
  // Strikethrough (GFM 6.5)
  ['two and one tildes', '~~Hi~~ Hello, ~there~ world!'],
  ['strikethrough does not cross paragraphs', 'This ~~has a\n\nnew paragraph~~.'],
  ['three tildes do not strike', 'This will ~~~not~~~ strike.'],
  ['strikethrough in bold', '**~~bold struck~~** and ~~*struck italic*~~'],
  ['strikethrough in a link and a heading', '# ~~Old~~ title\n\n[~~gone~~](https://example.com)'],
  ['strikethrough in a table and a list', '| a |\n| --- |\n| ~~x~~ |\n\n- ~~done~~ item'],
  // Autolinks (GFM 6.9)
  ['a www autolink', 'www.commonmark.org'],
  ['a www autolink with a path', 'Visit www.commonmark.org/help for more information.'],
  ['trailing punctuation is not part of the link', 'Visit www.commonmark.org.\n\nVisit www.commonmark.org/a.b.'],
  [
    'balanced parentheses',
    'www.google.com/search?q=Markup+(business)\n\nwww.google.com/search?q=Markup+(business)))\n\n(www.google.com/search?q=Markup+(business))\n\n(www.google.com/search?q=Markup+(business)',
  ],
  ['parentheses inside the path', 'www.google.com/search?q=(business))+ok'],
  ['entity-like endings', 'www.google.com/search?q=commonmark&hl=en\n\nwww.google.com/search?q=commonmark&hl;'],
  ['a less-than ends the link', 'www.commonmark.org/he<lp'],
  ['http and https autolinks', 'http://commonmark.org\n\n(Visit https://encrypted.google.com/search?q=Markup+(business))'],
  ['an email autolink', 'foo@bar.baz'],
  ['plus signs in emails', "hello@mail+xyz.example isn't valid, but hello+xyz@mail.example is."],
  ['email endings', 'a.b-c_d@a.b\n\na.b-c_d@a.b.\n\na.b-c_d@a.b-\n\na.b-c_d@a.b_'],
  [
    'mailto and xmpp',
    'mailto:foo@bar.baz\n\nmailto:a.b-c_d@a.b\n\nmailto:a.b-c_d@a.b.\n\nmailto:a.b-c_d@a.b/\n\nmailto:a.b-c_d@a.b-\n\nmailto:a.b-c_d@a.b_\n\nxmpp:foo@bar.baz\n\nxmpp:foo@bar.baz.',
  ],
  ['xmpp resources', 'xmpp:foo@bar.baz/txt\n\nxmpp:foo@bar.baz/txt@bin\n\nxmpp:foo@bar.baz/txt@bin.com'],
  ['an xmpp path', 'xmpp:foo@bar.baz/txt/bin'],
  ['an angle-bracket autolink', 'See <https://example.com/a?b=c&d=e> and <mailto:me@example.com>.'],
  ['an autolink in a list and a quote', '- https://example.com/one\n\n> www.example.com/two'],
  ['a URL in a code span stays code', 'Run `curl https://example.com/x` now.'],
  // Tag filter (GFM 6.11): raw HTML is literal text on the canvas anyway
  [
    'disallowed raw HTML',
    '<strong> <title> <style> <em>\n\n<blockquote>\n  <xmp> is disallowed.  <XMP> is also disallowed.\n</blockquote>',
  ],
];

describe('GFM constructs the canvas keeps', () => {
  it('has at least 40 fixtures', () => {
    expect(FIXTURES.length).toBeGreaterThanOrEqual(40);
  });

  it.each(FIXTURES)('%s', (_name, markdown) => {
    const report = checkFidelity(markdown);
    expect(report.problems).toEqual([]);
  });
});
