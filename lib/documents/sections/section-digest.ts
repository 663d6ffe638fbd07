/**
 * A short digest of a written section for its neighbours' prompts: the first
 * sentences, without markup or citation markers, capped. It is what keeps a
 * section's context flat however long the document grows.
 */
export function sectionDigest(body: string, maxChars = 280): string {
  const plain = body
    .replace(/\[\^\d+\]/g, '')
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/[*_`>|]/g, '')
    .replace(/^\s*(?:[-+]|\d+\.)\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= maxChars) return plain;
  const cut = plain.slice(0, maxChars);
  const sentenceEnd = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('。'));
  return sentenceEnd > maxChars / 3
    ? cut.slice(0, sentenceEnd + 1)
    : `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : maxChars)}…`;
}
