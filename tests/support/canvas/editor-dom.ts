import { Editor } from '@tiptap/core';
import { AllSelection } from '@tiptap/pm/state';
import { parseHTML } from 'linkedom';

import { CanvasHighlights, setHighlights } from '@/components/canvas/highlight-extension';
import { canvasExtensions, rangeToSelection, type ProseMirrorJSON } from '@/lib/documents/canvas';

type Flag = { start: number; end: number };

/**
 * The DOM the canvas editor draws for a section, read-only, with the fact
 * check's flags highlighted the way the section page highlights them: the
 * real editor (node views, the code highlighter's and the flags' decorations)
 * mounted on linkedom. Returned in canonical form (see canonicalChildren).
 */
export function editorMarkup(doc: ProseMirrorJSON, flags: Flag[] = []): string {
  const { window, document } = parseHTML('<!doctype html><html><head></head><body></body></html>');
  // linkedom has no selection; ProseMirror reads one when the view updates, and a read-only view never moves it
  Object.assign(document, { getSelection: () => EMPTY_SELECTION });
  const element = document.createElement('div');
  document.body.appendChild(element);
  return withDomGlobals({ window, document, navigator: NO_BROWSER }, () => {
    const editor = new Editor({
      element: element as unknown as HTMLElement,
      extensions: [...canvasExtensions, CanvasHighlights],
      content: doc,
      editable: false,
      injectCSS: false,
    });
    try {
      const ranges = flags.map((flag) => ({ ...rangeToSelection(editor.state.doc, flag.start, flag.end), kind: 'flagged' as const }));
      // the editor starts with its selection at the start, which selects a leading rule or image (a class and
      // `draggable` on it): where the selection is belongs to the person, not to the text
      editor.view.dispatch(setHighlights(editor.state.tr.setSelection(new AllSelection(editor.state.doc)), ranges));
      return canonicalChildren(editor.view.dom as unknown as ParentNode);
    } finally {
      editor.destroy();
    }
  });
}

/** `html` parsed into a DOM (by linkedom, as the editor's is built), in the same canonical form as editorMarkup. */
export function staticMarkup(html: string): string {
  const { document } = parseHTML(`<!doctype html><html><body><div>${html}</div></body></html>`);
  return canonicalChildren(document.body.firstElementChild as unknown as ParentNode);
}

/** No browser's quirks: TipTap asks the platform for its keyboard shortcuts only. */
const NO_BROWSER = { userAgent: '', platform: '' };

const EMPTY_SELECTION = {
  rangeCount: 0,
  anchorNode: null,
  focusNode: null,
  anchorOffset: 0,
  focusOffset: 0,
  isCollapsed: true,
  removeAllRanges() {},
  addRange() {},
};

/**
 * TipTap, ProseMirror's view and the table's node view call the global
 * `window`, `document` and `navigator`. They are set only while the editor is built and read
 * (synchronously), then put back: test files share one global scope, and a
 * `document` left behind would tell later files they run in a browser.
 */
function withDomGlobals<T>(globals: Record<string, unknown>, run: () => T): T {
  const scope = globalThis as Record<string, unknown>;
  const previous = Object.keys(globals).map((name) => [name, Object.hasOwn(scope, name), scope[name]] as const);
  Object.assign(scope, globals);
  try {
    return run();
  } finally {
    for (const [name, had, value] of previous) {
      if (had) scope[name] = value;
      else delete scope[name];
    }
  }
}

/**
 * A DOM tree as a string in which two trees a browser lays out the same way
 * read the same. Normalised, and only this: attribute order (a DOM's
 * attributes are unordered; linkedom writes them in reverse), the order of
 * class names and of style declarations and empty declarations (the table
 * view sets `width: ''`, which a browser drops and linkedom keeps),
 * a class or style attribute left empty (a rule the editor selected on
 * mount keeps `class=""` once deselected), `contenteditable` (ProseMirror
 * sets it on atoms so the caret cannot enter them; the static text hands
 * every keystroke to the editor), ProseMirror's separator images
 * (isSeparator), and how text is split into text nodes.
 */
function canonicalChildren(parent: ParentNode): string {
  let out = '';
  let text = '';
  for (const node of Array.from(parent.childNodes)) {
    if (node.nodeType === TEXT_NODE) {
      text += node.textContent ?? '';
      continue;
    }
    if (node.nodeType !== ELEMENT_NODE) continue;
    out += escapeText(text);
    text = '';
    if (!isSeparator(node as Element)) out += canonicalElement(node as Element);
  }
  return out + escapeText(text);
}

/**
 * ProseMirror's image before an inline atom that starts a line or follows
 * another: room for the caret, of no size, and only where a caret can go.
 */
function isSeparator(element: Element): boolean {
  return element.tagName.toLowerCase() === 'img' && element.classList.contains('ProseMirror-separator');
}

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;
const VOID_ELEMENTS = new Set(['br', 'col', 'hr', 'img']);

function canonicalElement(element: Element): string {
  const tag = element.tagName.toLowerCase();
  const attributes = Array.from(element.attributes)
    .filter((attribute) => attribute.name !== 'contenteditable')
    .map((attribute) => [attribute.name, canonicalValue(attribute.name, attribute.value)] as const)
    .filter(([name, value]) => value !== '' || (name !== 'class' && name !== 'style'))
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, value]) => ` ${name}="${escapeText(value).replaceAll('"', '&quot;')}"`)
    .join('');
  if (VOID_ELEMENTS.has(tag)) return `<${tag}${attributes}>`;
  return `<${tag}${attributes}>${canonicalChildren(element)}</${tag}>`;
}

function canonicalValue(name: string, value: string): string {
  if (name === 'class') return [...new Set(value.split(/\s+/).filter(Boolean))].sort().join(' ');
  if (name !== 'style') return value;
  return value
    .split(';')
    .map((declaration) => declaration.split(':').map((part) => part.trim()))
    .filter(([property, setting]) => property && setting)
    .map(([property, setting]) => `${property}: ${setting}`)
    .sort()
    .join('; ');
}

function escapeText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}
