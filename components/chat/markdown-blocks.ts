import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

const parser = unified().use(remarkParse).use(remarkGfm);

/** Nodes that other blocks refer to: splitting would break their links. */
const CROSS_REFERENCES = new Set(['definition', 'footnoteDefinition']);

/** Markdown cut into top-level blocks (paragraphs, lists, tables, fences) as source slices. */
export interface BlockSplit {
  text: string;
  blocks: string[];
}

/** The top-level blocks of `text`, or null when it must stay whole (it has link/footnote definitions). */
function parseBlocks(text: string): string[] | null {
  const children = parser.parse(text).children;
  if (children.some((node) => CROSS_REFERENCES.has(node.type))) return null;
  if (children.length <= 1) return [text];
  return children.map((node, index) => {
    const start = index === 0 ? 0 : (node.position?.start.offset ?? 0);
    const next = children[index + 1];
    return text.slice(start, next ? (next.position?.start.offset ?? text.length) : text.length);
  });
}

/**
 * Splits Markdown into blocks so that, while an answer streams, only the last
 * block changes and the earlier ones render once and stay put. Text that only
 * grew is re-parsed from its last block on (appending cannot change a block
 * that another block follows), so a long answer is not re-parsed whole on every
 * delta. An unclosed code fence is a block reaching the end of the text, which
 * CommonMark renders as code: nothing breaks mid-stream.
 */
export function splitMarkdownBlocks(text: string, previous?: BlockSplit): BlockSplit {
  if (previous && previous.blocks.length > 1 && text.startsWith(previous.text)) {
    const stable = previous.blocks.slice(0, -1);
    const offset = stable.reduce((length, block) => length + block.length, 0);
    const tail = parseBlocks(text.slice(offset));
    return { text, blocks: tail ? [...stable, ...tail] : [text] };
  }
  return { text, blocks: parseBlocks(text) ?? [text] };
}
