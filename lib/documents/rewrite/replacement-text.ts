/**
 * The model's reply as the text to splice in. Models sometimes echo the
 * fence lines or wrap the reply in a code block, and rarely keep the exact
 * spaces around the fragment; the splice needs the fragment's own outer
 * whitespace, or words outside the range would run together or drift apart.
 */
export function replacementFromReply(reply: string, fragment: string): string {
  let text = reply.replace(/\r\n?/g, '\n');
  text = stripWrapper(text, /^\s*<<<FRAGMENT[ \t]*\n/, /\n?FRAGMENT>>>\s*$/);
  text = stripWrapper(text, /^\s*```[\w-]*[ \t]*\n/, /\n```\s*$/);
  const leading = /^\s*/.exec(fragment)![0];
  const trailing = /\s*$/.exec(fragment.slice(leading.length))![0];
  return `${leading}${text.trim()}${trailing}`;
}

function stripWrapper(text: string, open: RegExp, close: RegExp): string {
  return open.test(text) && close.test(text) ? text.replace(open, '').replace(close, '') : text;
}
