import { describe, expect, it } from 'vitest';

import { canvasSchema } from './editor-extensions';
import { docPosToOffset, offsetToDocPos } from './offset-map';
import { parseSection } from './parse-section';
import { selectionToRange } from './selection-range';
import { canonicalize, serializeWithMap } from './serialize-section';

const docOf = (markdown: string) => canvasSchema.nodeFromJSON(parseSection(markdown));

/** Each code character's position maps to the offset of that very character, one apart. */
function expectCodeMapsOneToOne(markdown: string) {
  const doc = docOf(markdown);
  const { text, map } = serializeWithMap(doc);
  let seen = 0;
  doc.descendants((node, pos) => {
    if (node.type.name !== 'codeBlock') return true;
    const code = node.textContent;
    const first = docPosToOffset(map, pos + 1);
    for (let index = 0; index < code.length; index++) {
      const offset = docPosToOffset(map, pos + 1 + index);
      expect(text[offset]).toBe(code[index]);
      expect(offsetToDocPos(map, offset)).toBe(pos + 1 + index);
      if (!code.slice(0, index).includes('\n')) expect(offset).toBe(first + index);
    }
    // The code's end is the end of its last line: the closing fence follows on the next.
    expect(text[docPosToOffset(map, pos + 1 + code.length)]).toBe('\n');
    seen++;
    return false;
  });
  return seen;
}

describe('code blocks on the canvas', () => {
  it('keeps a fenced block with its language byte for byte', () => {
    const markdown = 'Run:\n\n```ts\nconst a = `x`;  // **not bold**\n\tif (a) {}\n\n```\n\nDone.';
    expect(canonicalize(markdown)).toBe(markdown);
    const block = docOf(markdown).child(1);
    expect(block.type.name).toBe('codeBlock');
    expect(block.attrs.language).toBe('ts');
    expect(block.textContent).toBe('const a = `x`;  // **not bold**\n\tif (a) {}\n');
  });

  it('reads indented code as a fenced block', () => {
    expect(canonicalize('Text\n\n    indented\n      more\n')).toBe('Text\n\n```\nindented\n  more\n```');
  });

  it('keeps the whole info string (`ruby startline=3`)', () => {
    expect(canonicalize('~~~~ ruby startline=3\ndef foo\n~~~~')).toBe('```ruby startline=3\ndef foo\n```');
  });

  it('chooses a longer fence when the code holds ```, and ~~~ when the info string holds a backtick', () => {
    const readme = '````md\n```js\nx\n```\n````';
    expect(canonicalize(readme)).toBe(readme);
    expect(docOf(readme).child(0).textContent).toBe('```js\nx\n```');
    expect(canonicalize('~~~ a`b\ncode\n~~~')).toBe('~~~a`b\ncode\n~~~');
  });

  it('keeps a code block inside a list item, and the items around it', () => {
    const canonical = canonicalize('- a\n- ```\n  b\n  ```\n- c');
    expect(canonical).toBe('- a\n-\n  ```\n  b\n  ```\n- c');
    const list = docOf(canonical).child(0);
    expect(list.childCount).toBe(3);
    expect(list.child(1).child(1).type.name).toBe('codeBlock');
    expect(list.child(1).child(1).textContent).toBe('b');
  });

  it('keeps a list item’s continuation paragraph in the item', () => {
    const canonical = canonicalize('- a\n\n  continued\n- b');
    expect(canonical).toBe('- a\n\n  continued\n- b');
    expect(docOf(canonical).child(0).child(0).childCount).toBe(2);
  });

  it('maps offsets inside code one to one, at top level, in quotes and in list items', () => {
    expect(expectCodeMapsOneToOne('```\nab 😀 `*`\n\ncd\n```')).toBe(1);
    expect(expectCodeMapsOneToOne('> ```py\n> x = 1\n>\n>  y\n> ```')).toBe(1);
    expect(expectCodeMapsOneToOne('1. one\n\n   ```\n   \tx\n\n   y\n   ```\n2. two')).toBe(1);
    expect(expectCodeMapsOneToOne('```\n```')).toBe(1);
  });

  it('grows a selection that reaches into a code block from outside to the whole block, fences included', () => {
    const markdown = 'Intro text\n\n```\nline one\nline two\n```';
    const doc = docOf(markdown);
    const codePos = doc.child(0).nodeSize;
    const range = selectionToRange(doc, 3, codePos + 1 + 4);
    expect(markdown.slice(range.start, range.end)).toBe('tro text\n\n```\nline one\nline two\n```');
    const inside = selectionToRange(doc, codePos + 1 + 5, codePos + 1 + 8);
    expect(markdown.slice(inside.start, inside.end)).toBe('one');
  });
});

describe('link destinations', () => {
  it('keeps escaped parentheses, angle brackets and spaces so the link still works', () => {
    const href = (markdown: string) => docOf(canonicalize(markdown)).child(0).child(0).marks[0].attrs.href;
    expect(canonicalize('[link](foo\\(and\\(bar\\))')).toBe('[link](foo\\(and\\(bar\\))');
    expect(href('[link](foo\\(and\\(bar\\))')).toBe('foo(and(bar)');
    expect(href('[a](<b)c>)')).toBe('b)c');
    expect(canonicalize('[a](<b c>)')).toBe('[a](<b c>)');
    expect(href('[a](<b c>)')).toBe('b c');
    expect(href('[a](<b\\>c>)')).toBe('b>c');
  });

  it('resolves reference links to their destinations', () => {
    expect(canonicalize('[foo][ref] and ![img][ref]\n\n[ref]: /url "title"')).toBe('[foo](/url) and ![img](/url "title")');
  });
});
