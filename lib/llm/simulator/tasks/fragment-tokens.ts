/**
 * A fragment split into words, whitespace and protected tokens (citation
 * markers `[^n]` and emoji). Every rewrite transforms only words, so the
 * protected tokens survive whatever the instruction says.
 */
export type FragmentToken = { kind: 'protected'; text: string } | { kind: 'space'; text: string } | { kind: 'word'; text: string };

const PROTECTED =
  /\[\^\d+\]|[#*0-9]\uFE0F?\u20E3|\p{Regional_Indicator}{2}|\p{Extended_Pictographic}(?:\uFE0F|\p{Emoji_Modifier}|\u200D\p{Extended_Pictographic}\uFE0F?)*/gu;

/** Han characters are words of their own: Chinese has no spaces to split on. */
const WORDS = /\s+|\p{Script=Han}|[^\s\p{Script=Han}]+/gu;

export function tokenizeFragment(fragment: string): FragmentToken[] {
  const tokens: FragmentToken[] = [];
  let last = 0;
  const pushText = (text: string) => {
    for (const [piece] of text.matchAll(WORDS)) {
      tokens.push(/^\s+$/u.test(piece) ? { kind: 'space', text: piece } : { kind: 'word', text: piece });
    }
  };
  for (const match of fragment.matchAll(PROTECTED)) {
    pushText(fragment.slice(last, match.index));
    tokens.push({ kind: 'protected', text: match[0] });
    last = match.index + match[0].length;
  }
  pushText(fragment.slice(last));
  return tokens;
}

export function protectedTokensOf(fragment: string): string[] {
  return fragment.match(PROTECTED) ?? [];
}

export function joinTokens(tokens: FragmentToken[]): string {
  return tokens.map((token) => token.text).join('');
}

/** Applies a word-level function to every word, leaving spaces and protected tokens as they are. */
export function mapWords(fragment: string, transform: (word: string) => string): string {
  return joinTokens(tokenizeFragment(fragment).map((token) => (token.kind === 'word' ? { ...token, text: transform(token.text) } : token)));
}

/** Splits a fragment into its leading whitespace, body and trailing whitespace, which a splice must keep. */
export function withOuterWhitespace(fragment: string, transform: (body: string) => string): string {
  const match = /^(\s*)([\s\S]*?)(\s*)$/u.exec(fragment);
  if (!match || match[2].length === 0) return fragment;
  return `${match[1]}${transform(match[2])}${match[3]}`;
}
