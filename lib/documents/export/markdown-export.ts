import { footnoteText, readOnText, type ExportedDocument } from './load-export';

/** The whole document as Markdown: title, summary, sections, sources as footnotes. Deterministic. */
export function renderMarkdown(doc: ExportedDocument): string {
  const parts = [`# ${doc.title}`];
  if (doc.summary) parts.push(`*${doc.summary.replace(/\*/g, '')}*`);
  for (const section of doc.sections) {
    parts.push(`## ${section.title}`);
    if (section.body.trim()) parts.push(demoteHeadings(section.body.trim()));
  }
  if (doc.footnotes.length > 0) {
    parts.push(
      doc.footnotes.map((f, i) => `[^${i + 1}]: ${footnoteText(f)}${f.url ? ` <${f.url}> (${readOnText(f.readAt)})` : ''}`).join('\n'),
    );
  }
  if (doc.sources.length > 0) {
    const entry = (s: ExportedDocument['sources'][number]) =>
      s.url ? `- [${s.title.replace(/[[\]]/g, '')}](<${s.url}>), ${readOnText(s.readAt)}` : `- ${s.title}`;
    parts.push('## Sources', doc.sources.map(entry).join('\n'));
  }
  return `${parts.join('\n\n')}\n`;
}

/**
 * Section bodies sit under `##` section headings: their own headings move two
 * levels down. Lines inside a fenced code block (`# a shell comment`) are code.
 */
export function demoteHeadings(markdown: string): string {
  let fence: string | null = null;
  return markdown
    .split('\n')
    .map((line) => {
      const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
      if (fence !== null) {
        if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = null;
        return line;
      }
      if (marker) {
        fence = marker;
        return line;
      }
      return line.replace(/^(#{1,6})(\s)/, (_, hashes: string, space: string) => `${'#'.repeat(Math.min(6, hashes.length + 2))}${space}`);
    })
    .join('\n');
}
