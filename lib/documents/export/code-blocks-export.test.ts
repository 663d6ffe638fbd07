import { describe, expect, it } from 'vitest';

import { renderHtml } from './html-export';
import { demoteHeadings } from './markdown-export';

const documentWith = (body: string) => ({
  title: 'Notes',
  type: null,
  summary: null,
  sections: [{ position: 1, title: 'Setup', body, flagged: false }],
  footnotes: [],
  sources: [],
});

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

describe('HTML export of code blocks', () => {
  it('highlights a code block in its language and keeps its text exactly', () => {
    const code = 'const greeting = "<b>hi</b>";\n\n// done & dusted\nif (x) {\n\treturn 1;\n}';
    const html = renderHtml(documentWith(`Run this:\n\n\`\`\`js\n${code}\n\`\`\``));
    const block = /<pre><code class="language-js">([\s\S]*?)<\/code><\/pre>/.exec(html);
    expect(block).not.toBeNull();
    expect(block![1]).toContain('<span class="hljs-keyword">const</span>');
    expect(block![1]).not.toContain('<b>');
    expect(textOf(block![1])).toBe(code);
  });

  it('writes code with an unknown or no language as plain escaped text', () => {
    const html = renderHtml(documentWith('```nosuchlang\n<script>alert(1)</script>\n```\n\n```\nplain\n```'));
    expect(html).toContain('<pre><code>&lt;script&gt;alert(1)&lt;/script&gt;</code></pre>');
    expect(html).toContain('<pre><code>plain</code></pre>');
  });
});

describe('Markdown export of code blocks', () => {
  it('demotes a section’s headings but leaves `#` lines inside code alone', () => {
    expect(demoteHeadings('# Title\n\n```sh\n# a comment\nls\n```\n\n## Sub')).toBe('### Title\n\n```sh\n# a comment\nls\n```\n\n#### Sub');
  });
});
