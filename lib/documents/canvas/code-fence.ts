/**
 * The fences around a code block's text. The fence is longer than any run of
 * its character inside the code, so a line of ``` in the code can never close
 * the block; an info string holding a backtick (not allowed after ```) gets
 * ~~~ fences instead.
 */
export function codeFences(code: string, language: string | null, meta: string | null): { open: string; close: string } {
  const info = [language, meta]
    .filter((part) => part && part.trim())
    .join(' ')
    .replace(/[\r\n]+/g, ' ')
    .trim();
  const char = info.includes('`') ? '~' : '`';
  const longestRun = Math.max(0, ...(code.match(char === '`' ? /`+/g : /~+/g) ?? []).map((run) => run.length));
  const fence = char.repeat(Math.max(3, longestRun + 1));
  // Backslash escapes and entities are decoded in info strings: write them so they read back as themselves.
  const written = info.replace(/\\/g, '\\\\').replace(/&(?=#?[A-Za-z0-9]+;)/g, '\\&');
  return { open: `${fence}${written}`, close: fence };
}
