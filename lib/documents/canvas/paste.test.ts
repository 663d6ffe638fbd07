import { DOMParser } from '@tiptap/pm/model';
import { EditorState, TextSelection } from '@tiptap/pm/state';
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';

import { canvasSchema } from './editor-extensions';
import { cleanPastedHtml, looksLikeMarkdown, markdownSlice } from './paste';
import { canonicalize, serializeSection } from './serialize-section';

/** What the editor does with clipboard HTML: clean it, parse it through the schema's rules, save it. */
function pastedHtmlToMarkdown(html: string): string {
  const { document } = parseHTML(`<!doctype html><html><body>${cleanPastedHtml(html)}</body></html>`);
  const doc = DOMParser.fromSchema(canvasSchema).parse(document.body as unknown as Node);
  const markdown = serializeSection(doc);
  expect(canonicalize(markdown)).toBe(markdown);
  return markdown;
}

describe('pasting into the canvas', () => {
  it('keeps a browser table, a nested list, links and bold as canonical Markdown', () => {
    const html =
      '<h2>Plan</h2><table><tr><td>City</td><td>Orders</td></tr><tr><td><b>Lisbon</b></td><td>4,200</td></tr></table>' +
      '<ul><li>one<ul><li>nested <a href="https://x.example/a(b)">link</a></li></ul></li><li>two</li></ul>';
    expect(pastedHtmlToMarkdown(html)).toBe(
      '## Plan\n\n| City | Orders |\n| --- | --- |\n| **Lisbon** | 4,200 |\n\n- one\n  - nested [link](https://x.example/a\\(b\\))\n- two',
    );
  });

  it('reads Google Docs HTML: styled spans as bold and italic, a line break as a space, code blocks and code', () => {
    const html =
      '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1"><h1 dir="ltr"><span style="font-weight:400">Title</span></h1>' +
      '<p dir="ltr"><span style="font-weight:700">Bold</span><span> and </span><span style="font-style:italic">italic</span><br>next line</p>' +
      '<ol><li dir="ltr"><p dir="ltr"><span>first</span></p></li></ol>' +
      '<pre><code class="language-js">const a = 1;\nconst b = 2;</code></pre><p>Use <code>npm test</code></p></b>';
    expect(pastedHtmlToMarkdown(html)).toBe(
      '# Title\n\n**Bold** and *italic* next line\n\n1. first\n\n```js\nconst a = 1;\nconst b = 2;\n```\n\nUse `npm test`',
    );
  });

  it('turns Word’s list paragraphs into a nested list', () => {
    const html = `<p class=MsoNormal><b>Report</b></p>
<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span></span><![endif]>Alpha</p>
<p class=MsoListParagraphCxSpMiddle style='margin-left:72.0pt;mso-list:l0 level2 lfo1'><![if !supportLists]><span style='mso-list:Ignore'>o<span>&nbsp; </span></span><![endif]>Beta</p>
<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='mso-list:Ignore'>1.<span>&nbsp; </span></span><![endif]>Gamma</p>
<p class=MsoNormal>After <i>the</i> list</p>`;
    expect(pastedHtmlToMarkdown(html)).toBe('**Report**\n\n- Alpha\n  - Beta\n- Gamma\n\nAfter *the* list');
  });

  it('keeps no inlined data: images (they would put megabytes into the text), but keeps linked ones', () => {
    expect(
      pastedHtmlToMarkdown('<p>A <img src="data:image/png;base64,AAAA" alt="x"> B <img src="https://example.com/a.png" alt="chart"></p>'),
    ).toBe('A B ![chart](https://example.com/a.png)');
  });

  it('recognises Markdown in plain text, and leaves prose alone', () => {
    expect(looksLikeMarkdown('# Notes\n\nSome text')).toBe(true);
    expect(looksLikeMarkdown('- a\n- b')).toBe(true);
    expect(looksLikeMarkdown('```\ncode\n```')).toBe(true);
    expect(looksLikeMarkdown('| a | b |\n| - | - |')).toBe(true);
    expect(looksLikeMarkdown('See [docs](https://example.com).')).toBe(true);
    expect(looksLikeMarkdown('Just a sentence, with 3 * 4 = 12.')).toBe(false);
  });

  it('pastes Markdown text as blocks of the schema', () => {
    const slice = markdownSlice('## Setup\n\n```sh\nnpm ci\n```\n\n- [x] done');
    const doc = canvasSchema.nodes.doc.create(null, slice.content);
    expect(serializeSection(doc)).toBe('## Setup\n\n```sh\nnpm ci\n```\n\n- [x] done');
  });
});

describe('pasting Markdown text at the caret', () => {
  const pasteInto = (before: string, pasted: string) => {
    const doc = canvasSchema.nodeFromJSON({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: before }] }] });
    const end = doc.firstChild!.nodeSize - 1;
    const state = EditorState.create({ doc, selection: TextSelection.create(doc, end) });
    return serializeSection(state.apply(state.tr.replaceSelection(markdownSlice(pasted))).doc);
  };

  it('inserts blocks after the paragraph, whole', () => {
    expect(pasteInto('Setup:', '## Install\n\n```sh\nnpm ci\n```\n\n- [x] done')).toBe(
      'Setup:\n\n## Install\n\n```sh\nnpm ci\n```\n\n- [x] done',
    );
  });

  it('joins one pasted paragraph to the text at the caret', () => {
    expect(pasteInto('See ', '[the **docs**](https://example.com/a_(b))')).toBe('See [the **docs**](https://example.com/a_\\(b\\))');
  });
});
