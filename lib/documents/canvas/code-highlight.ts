import type { Root as HastRoot } from 'hast';
import { common, createLowlight } from 'lowlight';

/**
 * One highlighter for the editor, the static section and the HTML export, so
 * a block is coloured the same everywhere. Highlighting only adds classes
 * around the code's own text: the stored Markdown is never touched.
 */
export const codeLowlight = createLowlight(common);

/** The info string's first word names the language (`js title=x` is JavaScript). */
export function codeLanguage(language: unknown): string | null {
  const name = typeof language === 'string' ? language.trim().split(/\s+/)[0]?.toLowerCase() : '';
  return name && codeLowlight.registered(name) ? name : null;
}

/** The code as a hast tree of `hljs-*` spans; plain text when the language is unknown or absent. */
export function highlightCode(code: string, language: unknown): HastRoot {
  const name = codeLanguage(language);
  return name ? codeLowlight.highlight(name, code) : { type: 'root', children: [{ type: 'text', value: code }] };
}
