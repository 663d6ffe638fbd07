import { EXPORT_LABELS, footnoteText, readOnText, type ExportedDocument } from './load-export';
import { renderBlocks, escapeHtml, type FootnoteRefs } from './mdast-html';
import { languageOf, parseSectionBody } from './section-tree';

/**
 * An accessible, self-contained HTML page: landmarks (header, main, footer),
 * one h1 then h2 per section (section headings demoted so the order never
 * skips), the document's language, and sources as footnotes with back links.
 */
export function renderHtml(doc: ExportedDocument): string {
  const refs: FootnoteRefs = { seen: new Map() };
  const sections = doc.sections
    .map((section) => {
      const tree = parseSectionBody(section.body);
      return [
        `<section aria-labelledby="section-${section.position}">`,
        `<h2 id="section-${section.position}">${escapeHtml(section.title)}</h2>`,
        section.flagged ? `<p role="note"><strong>${EXPORT_LABELS.factCheck}</strong> ${EXPORT_LABELS.flagged}</p>` : '',
        renderBlocks(tree.children, { headingOffset: 2, refs }),
        '</section>',
      ].join('\n');
    })
    .join('\n');
  const footnotes =
    doc.footnotes.length === 0
      ? ''
      : [
          '<section role="doc-endnotes" aria-labelledby="sources-title">',
          '<h2 id="sources-title">Sources</h2>',
          '<ol>',
          ...doc.footnotes.map((f, i) => {
            const n = i + 1;
            const back = refs.seen.has(n) ? ` <a href="#fnref-${n}" role="doc-backlink" aria-label="Back to reference ${n}">↩</a>` : '';
            const link = f.url ? ` <a href="${escapeHtml(f.url)}">${escapeHtml(f.url)}</a> (${readOnText(f.readAt)})` : '';
            return `<li id="fn-${n}">${escapeHtml(footnoteText(f))}${link}${back}</li>`;
          }),
          '</ol>',
          '</section>',
        ].join('\n');
  const sourceList =
    doc.sources.length === 0
      ? ''
      : [
          '<section aria-labelledby="works-title">',
          `<h2 id="works-title">${EXPORT_LABELS.worksCited}</h2>`,
          '<ul>',
          ...doc.sources.map((s) =>
            s.url
              ? `<li><a href="${escapeHtml(s.url)}">${escapeHtml(s.title)}</a> — ${escapeHtml(s.url)}, ${readOnText(s.readAt)}</li>`
              : `<li>${escapeHtml(s.title)}</li>`,
          ),
          '</ul>',
          '</section>',
        ].join('\n');
  return [
    '<!doctype html>',
    `<html lang="${languageOf(doc)}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(doc.title)}</title>`,
    '<style>body{font:17px/1.6 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}table{border-collapse:collapse}th,td{border:1px solid #999;padding:.3rem .6rem}sup a{text-decoration:none}.summary{font-style:italic}' +
      'pre{background:#f6f8fa;padding:.8rem 1rem;overflow-x:auto;border-radius:6px}code{font:.9em/1.5 ui-monospace,monospace}' +
      '.hljs-comment,.hljs-quote{color:#57606a;font-style:italic}.hljs-keyword,.hljs-selector-tag,.hljs-literal{color:#cf222e}' +
      '.hljs-string,.hljs-regexp{color:#0a3069}.hljs-number,.hljs-attr,.hljs-variable{color:#0550ae}' +
      '.hljs-title,.hljs-section{color:#8250df}.hljs-built_in,.hljs-type{color:#953800}.hljs-meta,.hljs-tag,.hljs-name{color:#116329}</style>',
    '</head>',
    '<body>',
    '<a href="#main">Skip to the document</a>',
    `<header><p>${escapeHtml(doc.type ? `${doc.type[0].toUpperCase()}${doc.type.slice(1)}` : 'Document')} written with Quire</p></header>`,
    '<main id="main">',
    '<article aria-labelledby="document-title">',
    `<h1 id="document-title">${escapeHtml(doc.title)}</h1>`,
    doc.summary ? `<p class="summary">${escapeHtml(doc.summary)}</p>` : '',
    sections,
    footnotes,
    sourceList,
    '</article>',
    '</main>',
    `<footer><p>${doc.footnotes.length} source citation${doc.footnotes.length === 1 ? '' : 's'}.</p></footer>`,
    '</body>',
    '</html>',
    '',
  ]
    .filter((line) => line !== '')
    .join('\n');
}
