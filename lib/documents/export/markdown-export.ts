import { footnoteText, readOnText, type ExportedDocument } from './document-export';

/** The whole document as Markdown: title, summary, sections, sources as footnotes. Deterministic. */
export function renderMarkdown(doc: ExportedDocument): string {
  const parts = [`# ${doc.title}`];
  if (doc.summary) parts.push(`*${doc.summary.replace(/\*/g, '')}*`);
  for (const section of doc.sections) {
    parts.push(`## ${section.title}`);
    if (section.body.trim()) parts.push(demoteHeadings(section.body.trim()));
  }
  if (doc.footnotes.length > 0) {
    parts.push(doc.footnotes.map((f, i) => `[^${i + 1}]: ${footnoteText(f)}${f.url ? ` <${f.url}> (${readOnText(f.readAt)})` : ''}`).join('\n'));
  }
  if (doc.sources.length > 0) {
    const entry = (s: ExportedDocument['sources'][number]) => (s.url ? `- [${s.title.replace(/[[\]]/g, '')}](<${s.url}>), ${readOnText(s.readAt)}` : `- ${s.title}`);
    parts.push('## Sources', doc.sources.map(entry).join('\n'));
  }
  return `${parts.join('\n\n')}\n`;
}

/** Section bodies sit under `##` section headings: their own headings move two levels down. */
export function demoteHeadings(markdown: string): string {
  return markdown.replace(/^(#{1,6})(\s)/gm, (_, hashes: string, space: string) => `${'#'.repeat(Math.min(6, hashes.length + 2))}${space}`);
}
