/**
 * The model's reply as the text to splice in. Models wrap it in things that are
 * about the reply, not part of it: the fence lines echoed back or a code block, a
 * line of preface ("Here's the rewritten fragment:"), a note after it, the
 * section's title as a heading, quotation marks around the whole. Each is taken
 * off only when the fragment itself has no such thing. The splice also needs the
 * fragment's own outer whitespace, or words outside the range would run together.
 */
export function replacementFromReply(reply: string, fragment: string, sectionTitle = ''): string {
  let text = unwrapped(reply.replace(/\r\n?/g, '\n'));
  const own = fragment.trim();
  const preface = PREFACE_LINE.exec(text);
  if (preface && text.slice(preface[0].length).trim() && !PREFACE_LINE.test(own)) text = unwrapped(text.slice(preface[0].length));
  const note = TRAILING_NOTE.exec(text);
  if (note && note.index > 0 && !TRAILING_NOTE.test(own)) text = text.slice(0, note.index);
  const heading = /^#{1,6}[ \t]+(.+?)[ \t#]*\n+/.exec(text.trimStart());
  if (heading && sameWords(heading[1]!, sectionTitle) && !own.startsWith('#')) text = text.trimStart().slice(heading[0].length);
  text = withoutWrappingQuotes(text.trim(), own);
  const leading = /^\s*/.exec(fragment)![0];
  const trailing = /\s*$/.exec(fragment.slice(leading.length))![0];
  return `${leading}${text.trim()}${trailing}`;
}

/** "Here's the rewritten fragment:", "Sure! Here is a shorter version:", "Revised text:" — one line, then the reply. */
const PREFACE_LINE =
  /^\s*(?:(?:sure|okay|ok|certainly|of course)[,!.]?\s*)?(?:here(?:'s|’s| is| are)\b[^\n]{0,80}|(?:the\s+)?(?:rewritten|revised|updated|edited|shortened|improved|new)\s+(?:fragment|text|version|passage|sentence|paragraph|wording)\b[^\n]{0,40})[:.]?[ \t]*\n+/i;

/** A closing paragraph about the reply: "Note: I kept the citation.", "(I made it more concise.)", "This version …". */
const TRAILING_NOTE = /\n\s*\n\s*(?:\(?\s*note\b|\*\*note|\(?i(?: have|'ve|’ve)\s|\(?this (?:version|rewrite|revision)\b)[^\n]*\s*$/i;

const QUOTE_PAIRS: Array<[string, string]> = [
  ['"', '"'],
  ['“', '”'],
  ['«', '»'],
  ['„', '“'],
  ["'", "'"],
  ['‘', '’'],
];

function withoutWrappingQuotes(text: string, fragment: string): string {
  for (const [open, close] of QUOTE_PAIRS) {
    if (text.length < 2 || !text.startsWith(open) || !text.endsWith(close) || fragment.startsWith(open)) continue;
    const inner = text.slice(open.length, -close.length);
    // a quotation mark inside means the outer ones may be the text's own ("a" and "b"): leave them
    if (!inner.includes(open) && !inner.includes(close)) return inner.trim();
  }
  return text;
}

function unwrapped(text: string): string {
  let out = stripWrapper(text, /^\s*<<<FRAGMENT[ \t]*\n/, /\n?FRAGMENT>>>\s*$/);
  out = stripWrapper(out, /^\s*```[\w-]*[ \t]*\n/, /\n```\s*$/);
  return out;
}

function sameWords(a: string, b: string): boolean {
  const words = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  return words(a) !== '' && words(a) === words(b);
}

function stripWrapper(text: string, open: RegExp, close: RegExp): string {
  return open.test(text) && close.test(text) ? text.replace(open, '').replace(close, '') : text;
}
