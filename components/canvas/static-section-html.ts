import type { DOMOutputSpec } from '@tiptap/pm/model';
import type { Element as HastElement, Root as HastRoot, RootContent as HastContent } from 'hast';

import { canvasSchema, rangeToSelectionIn, serializeWithMap, type ProseMirrorJSON } from '@/lib/documents/canvas';
import { CanvasCodeBlock } from '@/lib/documents/canvas/code-block-node';
import { escapeHtml } from '@/lib/documents/export/mdast-html';

/** A fact-check flag as offsets into the section's canonical text. */
export interface StaticFlag {
  start: number;
  end: number;
}

/**
 * A section drawn from the canvas schema's JSON without an editor: the DOM
 * the editor draws (so mounting it does not move the text), with the fact
 * check's flags as the editor's highlight decorations. The elements come
 * from the editor's own extensions (their renderHTML, read through the
 * schema); written here is only what the editor's view adds to them: the
 * table's node view, the code highlighter's and the flags' decorations,
 * marks shared by neighbouring text, and ProseMirror's trailing breaks.
 * tests/components/static-section-editor.test.ts holds it to the editor's DOM.
 * One HTML string rather than React elements: the page carries it as one
 * compact string, and hydration adopts it without walking its nodes.
 * Every text and attribute is escaped; no markup of the section's own passes through.
 */
export function staticSectionHtml(doc: ProseMirrorJSON, flags: StaticFlag[] = []): string {
  // Flags are offsets into the Markdown; the editor highlights them at document positions.
  // One serialization serves every flag: it is most of the cost of a flagged section.
  const section = flags.length > 0 ? serializeWithMap(doc) : null;
  const flagged = section ? flags.map((flag) => rangeToSelectionIn(section, flag.start, flag.end)).filter((r) => r.from < r.to) : [];
  return renderBlocks(doc, 0, flagged);
}

type Ranges = Array<{ from: number; to: number }>;

/** Inline atoms and the rule: one position each, as in ProseMirror. */
const LEAF_TYPES = new Set(
  Object.values(canvasSchema.nodes)
    .filter((type) => type.isLeaf && !type.isText)
    .map((type) => type.name),
);

function nodeSize(node: ProseMirrorJSON): number {
  if (node.type === 'text') return node.text?.length ?? 0;
  if (LEAF_TYPES.has(node.type ?? '')) return 1;
  return 2 + (node.content ?? []).reduce((sum, child) => sum + nodeSize(child), 0);
}

/** `start` is the document position where the node's content begins. */
function renderBlocks(node: ProseMirrorJSON, start: number, flagged: Ranges): string {
  let pos = start;
  let html = '';
  for (const child of node.content ?? []) {
    html += renderBlock(child, pos, flagged);
    pos += nodeSize(child);
  }
  return html;
}

function renderBlock(node: ProseMirrorJSON, pos: number, flagged: Ranges): string {
  if (node.type === 'table') {
    // The table's node view: its renderHTML (sized by its columns) in a scrolling wrapper.
    const { open, close } = specTags(canvasSchema.nodes.table.spec.toDOM!(canvasSchema.nodeFromJSON(node)));
    return `<div class="tableWrapper">${open}${renderBlocks(node, pos + 1, flagged)}${close}</div>`;
  }
  const { open, close } = nodeTags(node);
  if (node.type === 'codeBlock') return `${open}${renderCode(node, pos + 1, flagged)}${close}`;
  if (canvasSchema.nodes[node.type ?? '']?.isTextblock) return `${open}${renderInline(node.content ?? [], pos + 1, flagged)}${close}`;
  return `${open}${renderBlocks(node, pos + 1, flagged)}${close}`;
}

/**
 * ProseMirror keeps a mark open across neighbouring nodes that share it
 * (`<strong>a<em>b</em></strong>`), marks in schema order, outermost first;
 * a flag is a decoration: a span inside the marks, or the class of an atom.
 */
function renderInline(children: ProseMirrorJSON[], start: number, flagged: Ranges): string {
  let html = '';
  let open: MarkTags[] = [];
  let pos = start;
  for (const { node: child, marks } of joinTexts(children)) {
    let keep = 0;
    while (keep < open.length && keep < marks.length && open[keep].mark === marks[keep].mark) keep++;
    for (let i = open.length - 1; i >= keep; i--) html += open[i].close;
    for (let i = keep; i < marks.length; i++) html += marks[i].open;
    open = marks;
    if (child.type === 'text') html += renderText(child.text ?? '', pos, flagged);
    else html += renderAtom(child, isFlagged(pos, pos + 1, flagged));
    pos += nodeSize(child);
  }
  for (let i = open.length - 1; i >= 0; i--) html += open[i].close;
  return html + trailingBreak(children.at(-1));
}

/** Neighbouring text with the same marks is one text node in ProseMirror, cut only where a decoration starts or ends. */
function joinTexts(children: ProseMirrorJSON[]): Array<{ node: ProseMirrorJSON; marks: MarkTags[] }> {
  const joined: Array<{ node: ProseMirrorJSON; marks: MarkTags[] }> = [];
  for (const node of children) {
    const marks = markTags(node);
    const last = joined.at(-1);
    if (node.type === 'text' && last?.node.type === 'text' && sameMarks(last.marks, marks)) {
      last.node = { type: 'text', text: (last.node.text ?? '') + (node.text ?? '') };
    } else joined.push({ node, marks });
  }
  return joined;
}

function sameMarks(a: MarkTags[], b: MarkTags[]): boolean {
  return a.length === b.length && a.every((mark, index) => mark.mark === b[index].mark);
}

function renderAtom(node: ProseMirrorJSON, flagged: boolean): string {
  if (!flagged) {
    const { open, close } = nodeTags(node);
    return open + close;
  }
  const type = canvasSchema.nodes[node.type ?? ''];
  const { open, close } = specTags(type.spec.toDOM!(type.create(node.attrs)), FLAGGED);
  return open + close;
}

/**
 * ProseMirror ends a textblock whose last line would otherwise collapse (an
 * empty block, text ending in a newline, an atom last) with a break, so the
 * line keeps its height; the static text takes the same room.
 */
function trailingBreak(last: ProseMirrorJSON | undefined): string {
  return last?.type === 'text' && !last.text?.endsWith('\n') ? '' : '<br class="ProseMirror-trailingBreak">';
}

const FLAGGED = { class: 'canvas-flagged', 'data-highlight': 'flagged' };

function isFlagged(from: number, to: number, flagged: Ranges): boolean {
  return flagged.some((range) => range.from < to && range.to > from);
}

/**
 * Text cut where a flag starts or ends, as the view cuts it for its
 * decorations: each piece a flag covers is a span of its own (overlapping
 * flags give several). `classes` adds the code highlighter's classes.
 */
function renderText(text: string, pos: number, flagged: Ranges, classes = ''): string {
  if (!isFlagged(pos, pos + text.length, flagged))
    return classes ? `<span class="${escapeHtml(classes)}">${escapeHtml(text)}</span>` : escapeHtml(text);
  const cuts = new Set([0, text.length]);
  for (const range of flagged) {
    if (range.from > pos && range.from < pos + text.length) cuts.add(range.from - pos);
    if (range.to > pos && range.to < pos + text.length) cuts.add(range.to - pos);
  }
  const points = [...cuts].sort((a, b) => a - b);
  let html = '';
  for (let i = 0; i + 1 < points.length; i++) {
    const piece = escapeHtml(text.slice(points[i], points[i + 1]));
    const flag = isFlagged(pos + points[i], pos + points[i + 1], flagged);
    const className = [classes, flag ? FLAGGED.class : ''].filter(Boolean).join(' ');
    if (!className) html += piece;
    else html += `<span class="${escapeHtml(className)}"${flag ? ' data-highlight="flagged"' : ''}>${piece}</span>`;
  }
  return html;
}

/**
 * A code block's text as the editor's highlighter decorates it: lowlight's
 * tokens flattened to one span each, nested classes joined, the flags cut in.
 * A block that names no language is the extension's default; one lowlight
 * does not know is guessed at, as the editor's plugin does.
 */
function renderCode(node: ProseMirrorJSON, start: number, flagged: Ranges): string {
  const code = (node.content ?? []).map((child) => child.text ?? '').join('');
  const { lowlight, defaultLanguage } = CanvasCodeBlock.options;
  const language = (node.attrs?.language as string | null) || defaultLanguage;
  const tree: HastRoot = language && lowlight.registered(language) ? lowlight.highlight(language, code) : lowlight.highlightAuto(code);
  let html = '';
  let at = 0;
  for (const token of flattenTokens(tree.children, [])) {
    html += renderText(token.text, start + at, flagged, token.classes.join(' '));
    at += token.text.length;
  }
  // a guess that found no language leaves the text undecorated
  html += renderText(code.slice(at), start + at, flagged);
  return html + trailingBreak(code ? { type: 'text', text: code } : undefined);
}

function flattenTokens(nodes: HastContent[] | HastElement['children'], classes: string[]): Array<{ text: string; classes: string[] }> {
  return nodes.flatMap((node) => {
    if (node.type === 'text') return node.value ? [{ text: node.value, classes }] : [];
    if (node.type !== 'element') return [];
    return flattenTokens(node.children, [...classes, ...((node.properties.className as string[] | undefined) ?? [])]);
  });
}

/** HTML before and after an element's content (`close` is empty for a leaf). */
interface Tags {
  open: string;
  close: string;
}

/**
 * Each node and mark's tags from its renderHTML, kept per type and
 * attributes: a section repeats the same few, and a link's renderHTML
 * checks its URL (it writes `href=""` for one the editor would not follow).
 */
const tagCache = new Map<string, Tags[]>();
const MAX_CACHED = 1000;

function cached(key: string, build: () => Tags[]): Tags[] {
  let tags = tagCache.get(key);
  if (!tags) {
    if (tagCache.size >= MAX_CACHED) tagCache.clear();
    tags = build();
    tagCache.set(key, tags);
  }
  return tags;
}

function nodeTags(node: ProseMirrorJSON): Tags {
  const name = node.type ?? '';
  return cached(node.attrs ? `${name} ${JSON.stringify(node.attrs)}` : name, () => {
    const type = canvasSchema.nodes[name];
    return [specTags(type.spec.toDOM!(type.create(node.attrs)))];
  })[0];
}

/** `mark` tells two marks apart as ProseMirror does (two links the editor will not follow both draw `href=""`). */
interface MarkTags extends Tags {
  mark: string;
}

function markTags(node: ProseMirrorJSON): MarkTags[] {
  if (!node.marks?.length) return [];
  let key = 'marks';
  for (const mark of node.marks) key += mark.attrs ? ` ${mark.type}${JSON.stringify(mark.attrs)}` : ` ${mark.type}`;
  return cached(key, () =>
    // in schema order, as a node's marks are
    canvasSchema
      .text(
        ' ',
        node.marks?.map((mark) => canvasSchema.markFromJSON(mark)),
      )
      .marks.map((mark) => ({ ...specTags(mark.type.spec.toDOM!(mark, true)), mark: JSON.stringify(mark) })),
  ) as MarkTags[];
}

const VOID_ELEMENTS = new Set(['br', 'col', 'hr', 'img']);

/** A renderHTML result as the HTML around its hole (`0`), as ProseMirror's DOMSerializer reads it. */
function specTags(spec: DOMOutputSpec, extra?: Record<string, string>): Tags & { hole: boolean } {
  if (typeof spec === 'string') return { open: escapeHtml(spec), close: '', hole: false };
  if (!Array.isArray(spec)) throw new Error('canvas renderHTML returned a DOM node: static HTML cannot copy it');
  const [tag, maybeAttrs, ...rest] = spec as readonly [string, ...unknown[]];
  const hasAttrs = maybeAttrs !== null && typeof maybeAttrs === 'object' && !Array.isArray(maybeAttrs);
  const attrs: Record<string, unknown> = { ...(hasAttrs ? (maybeAttrs as Record<string, unknown>) : {}) };
  for (const [name, value] of Object.entries(extra ?? {}))
    attrs[name] = name === 'class' && attrs.class ? `${attrs.class} ${value}` : value;
  let open = `<${tag}${Object.entries(attrs)
    .filter(([, value]) => value != null)
    .map(([name, value]) => ` ${name}="${escapeHtml(String(value))}"`)
    .join('')}>`;
  let close = VOID_ELEMENTS.has(tag) ? '' : `</${tag}>`;
  let hole = false;
  let after = '';
  for (const child of hasAttrs ? rest : [maybeAttrs, ...rest]) {
    if (child === undefined) continue;
    if (child === 0) {
      hole = true;
      continue;
    }
    const inner = specTags(child as DOMOutputSpec);
    if (hole) after += inner.open + inner.close;
    else if (inner.hole) {
      open += inner.open;
      after = inner.close;
      hole = true;
    } else open += inner.open + inner.close;
  }
  close = after + close;
  return { open, close, hole };
}
