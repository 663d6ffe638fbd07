/** A paragraph longer than this is split at sentence ends, so a citation points at a readable span. */
const MAX_PARAGRAPH_CHARS = 1_500;

/** Plain text → numbered paragraphs (blank-line separated; long ones split at sentences). */
export function splitParagraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter((p) => p.length > 0)
    .flatMap(splitLong);
}

/** Markdown → paragraphs of its text: headings, list items and table rows each count as one. */
export function splitMarkdownParagraphs(markdown: string): string[] {
  const blocks = markdown
    .replace(/\r\n?/g, '\n')
    .replace(/^```[\s\S]*?^```/gm, '')
    .split('\n')
    .map((line) => line.trim())
    .reduce<string[][]>(
      (acc, line) => {
        const standalone = /^(#{1,6}\s|[-*+]\s|\d+[.)]\s|\|)/.test(line);
        if (!line) acc.push([]);
        else if (standalone) acc.push([line], []);
        else acc[acc.length - 1].push(line);
        return acc;
      },
      [[]],
    );
  return blocks
    .map((lines) =>
      lines
        .join(' ')
        .replace(/^#{1,6}\s+|^[-*+]\s+|^\d+[.)]\s+/, '')
        .replace(/^\|?\s*:?-{3,}.*$/, '')
        .replace(/\|/g, ' ')
        .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/[*_`]+/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((p) => p.length > 0)
    .flatMap(splitLong);
}

function splitLong(paragraph: string): string[] {
  if (paragraph.length <= MAX_PARAGRAPH_CHARS) return [paragraph];
  const pieces: string[] = [];
  let current = '';
  for (const sentence of paragraph.match(/[^.!?。！？]+[.!?。！？]*\s*/gu) ?? [paragraph]) {
    if (current && current.length + sentence.length > MAX_PARAGRAPH_CHARS) {
      pieces.push(current.trim());
      current = '';
    }
    current += sentence;
    while (current.length > MAX_PARAGRAPH_CHARS) {
      pieces.push(current.slice(0, MAX_PARAGRAPH_CHARS).trim());
      current = current.slice(MAX_PARAGRAPH_CHARS);
    }
  }
  if (current.trim()) pieces.push(current.trim());
  return pieces;
}
