/** Small text helpers shared by the scenarios. */

/** The start of a message, cut at a word boundary, for quoting it back. */
export function quoteOf(text: string, maxChars = 80): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= maxChars) return flat;
  const cut = flat.slice(0, maxChars);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > maxChars / 2 ? cut.slice(0, lastSpace) : cut).trim()}…`;
}

/** The first sentence of a text (Latin, Cyrillic or Chinese punctuation). */
export function firstSentence(text: string, maxChars = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const match = /^.+?(?:[.!?](?=\s|$)|[。！？])/u.exec(flat);
  return quoteOf(match ? match[0] : flat, maxChars);
}

/** Sentences of a paragraph, punctuation kept. */
export function sentencesOf(text: string): string[] {
  return (text.replace(/\s+/g, ' ').match(/[^.!?。！？]+(?:[.!?]+(?=\s|$)|[。！？]+|$)/gu) ?? [])
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
