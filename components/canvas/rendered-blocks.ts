import { diffArrays, diffWords, type ChangeObject } from 'diff';
import type { ProseMirrorJSON } from '@/lib/documents/canvas/prosemirror-json';

/** One block of a section as a reader sees it: its kind and its words, without Markdown's marks. */
export interface RenderedBlock {
  kind: 'heading' | 'paragraph' | 'item' | 'quote' | 'code' | 'row' | 'rule' | 'image';
  text: string;
}

/** What a block became between two versions: the same, only in one of them, or the same block with its words changed. */
export type BlockChange =
  | { change: 'same' | 'added' | 'removed'; block: RenderedBlock }
  | { change: 'edited'; block: RenderedBlock; words: ChangeObject<string>[] };

// Word boundaries for every script the app writes in (CJK has no spaces).
const segmenter = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter(undefined, { granularity: 'word' }) : undefined;

export function wordChanges(before: string, after: string): ChangeObject<string>[] {
  return diffWords(before, after, segmenter ? { intlSegmenter: segmenter } : {});
}

/** The words a node shows: its text, a citation as the [n] it is drawn as, an image as its description. */
function shownText(node: ProseMirrorJSON): string {
  if (node.type === 'text') return node.text ?? '';
  if (node.type === 'citation') return `[${String(node.attrs?.n ?? '')}]`;
  if (node.type === 'hardBreak') return ' ';
  if (node.type === 'image') return String(node.attrs?.alt ?? '');
  return (node.content ?? []).map(shownText).join('');
}

/**
 * A section's blocks in reading order, from the canvas parser's JSON (the same
 * parse the canvas draws): a list item, a quoted paragraph and a table row are
 * each one block, so a diff lines up with what the page shows.
 */
export function renderedBlocks(doc: ProseMirrorJSON): RenderedBlock[] {
  const blocks: RenderedBlock[] = [];
  const walk = (node: ProseMirrorJSON, inside: 'item' | 'quote' | null) => {
    switch (node.type) {
      case 'heading':
        blocks.push({ kind: 'heading', text: shownText(node) });
        return;
      case 'paragraph':
        blocks.push({ kind: inside ?? 'paragraph', text: shownText(node) });
        return;
      case 'codeBlock':
        blocks.push({ kind: 'code', text: shownText(node) });
        return;
      case 'tableRow':
        blocks.push({ kind: 'row', text: (node.content ?? []).map(shownText).join(' · ') });
        return;
      case 'horizontalRule':
        blocks.push({ kind: 'rule', text: '' });
        return;
      case 'image':
        blocks.push({ kind: 'image', text: shownText(node) });
        return;
      case 'listItem':
        for (const child of node.content ?? []) walk(child, 'item');
        return;
      case 'blockquote':
        for (const child of node.content ?? []) walk(child, 'quote');
        return;
      default:
        for (const child of node.content ?? []) walk(child, inside);
    }
  };
  walk(doc, null);
  return blocks.filter((block) => block.kind === 'rule' || block.text.trim() !== '');
}

const sameBlock = (a: RenderedBlock, b: RenderedBlock) => a.kind === b.kind && a.text === b.text;

/**
 * Block by block, then word by word inside a block that changed: removed
 * blocks followed by added ones of the same kind are paired in order and
 * shown as one block with its words struck or inserted.
 */
export function blockChanges(before: RenderedBlock[], after: RenderedBlock[]): BlockChange[] {
  const out: BlockChange[] = [];
  let removed: RenderedBlock[] = [];
  const flushRemoved = () => {
    for (const block of removed) out.push({ change: 'removed', block });
    removed = [];
  };
  for (const part of diffArrays(before, after, { comparator: sameBlock })) {
    if (part.removed) {
      flushRemoved();
      removed = [...part.value];
    } else if (part.added) {
      const pending = removed;
      removed = [];
      part.value.forEach((block, index) => {
        const old = pending[index];
        if (old && old.kind === block.kind) out.push({ change: 'edited', block, words: wordChanges(old.text, block.text) });
        else {
          if (old) out.push({ change: 'removed', block: old });
          out.push({ change: 'added', block });
        }
      });
      for (const old of pending.slice(part.value.length)) out.push({ change: 'removed', block: old });
    } else {
      flushRemoved();
      for (const block of part.value) out.push({ change: 'same', block });
    }
  }
  flushRemoved();
  return out;
}
