import { Slice } from '@tiptap/pm/model';

import { canvasSchema } from './editor-extensions';
import { parseSection } from './parse-section';

/**
 * Plain text that reads as Markdown: a heading, a list, a quote, a fence, a
 * table row, a link or emphasis. Prose without any of these pastes as it is.
 */
const MARKDOWN_SIGNS = [
  /^#{1,6}\s+\S/m,
  /^\s{0,3}([-*+]|\d{1,9}[.)])\s+\S/m,
  /^\s{0,3}>\s?\S/m,
  /^\s{0,3}(```|~~~)/m,
  /^\s*\|.*\|\s*$/m,
  /\[[^\]\n]+\]\([^)\s]+\)/,
  /(\*\*|__)\S[^\n]*?\S\1/,
  /`[^`\n]+`/,
  /^ {4}\S/m,
];

export function looksLikeMarkdown(text: string): boolean {
  return MARKDOWN_SIGNS.some((sign) => sign.test(text));
}

/**
 * Pasted Markdown as a slice of the canvas schema. One paragraph joins the
 * text around the caret; anything else is inserted as whole blocks (an open
 * slice would pour a heading's text into the paragraph it lands in).
 */
export function markdownSlice(text: string, schema = canvasSchema): Slice {
  const doc = schema.nodeFromJSON(parseSection(text));
  const inline = doc.childCount === 1 && doc.firstChild!.type.name === 'paragraph';
  return inline ? new Slice(doc.content, 1, 1) : new Slice(doc.content, 0, 0);
}

/**
 * Clipboard HTML made ready for the schema's parse rules. A `<br>` has no
 * canonical form outside code, where it is a line break; elsewhere it would
 * glue two words together, so it becomes a line break that the parser then
 * reads as a space. Word's list paragraphs (`mso-list`, bullets drawn as text)
 * become real list items.
 */
export function cleanPastedHtml(html: string): string {
  return wordListsToLists(html.replace(/<br\s*\/?>/gi, '\n'));
}

const WORD_LIST_PARAGRAPH =
  /<p[^>]*class="?MsoListParagraph[^"\s>]*"?[^>]*style='[^']*mso-list:\s*l\d+\s+level(\d)[^']*'[^>]*>([\s\S]*?)<\/p>/gi;
const WORD_BULLET = /<span[^>]*style='mso-list:\s*Ignore'[^>]*>([\s\S]*?)<\/span>/i;

function wordListsToLists(html: string): string {
  if (!/mso-list/i.test(html)) return html;
  let result = '';
  let last = 0;
  const openLevels: string[] = [];
  const closeTo = (level: number) => {
    let closing = '';
    while (openLevels.length > level) closing += `</li></${openLevels.pop()}>`;
    return closing;
  };
  let previousEnd = -1;
  for (const match of html.matchAll(WORD_LIST_PARAGRAPH)) {
    const start = match.index ?? 0;
    const between = html.slice(last, start);
    // Anything but whitespace between two list paragraphs ends the list.
    if (previousEnd >= 0 && /\S/.test(between.replace(/<!\[if[^\]]*\]>|<!\[endif\]>/g, ''))) result += closeTo(0);
    result += between;
    const level = Number(match[1]);
    const bullet =
      WORD_BULLET.exec(match[2])?.[1]
        ?.replace(/<[^>]+>|&nbsp;/g, '')
        .trim() ?? '';
    const kind = /^\(?[0-9a-zA-Z]{1,3}[.)]$/.test(bullet) ? 'ol' : 'ul';
    const content = match[2].replace(/<!\[if !supportLists\]>[\s\S]*?<!\[endif\]>/gi, '').replace(WORD_BULLET, '');
    if (level > openLevels.length) {
      while (openLevels.length < level) {
        result += `<${kind}><li>`;
        openLevels.push(kind);
      }
    } else {
      result += closeTo(level);
      result += '</li><li>';
    }
    result += content;
    last = start + match[0].length;
    previousEnd = last;
  }
  return result + closeTo(0) + html.slice(last);
}
