import { createElement, memo, type ReactNode } from 'react';

/**
 * A section's canonical Markdown drawn line by line, without parsing: what
 * the server renders and the page hydrates, so opening a long document costs
 * no Markdown parse at all. Canonical text has one block per line group
 * (docs/architecture.md), which is all this relies on; sections are upgraded to the
 * schema's own rendering in idle time, and to an editor near the viewport.
 */
export const MarkdownPreview = memo(function MarkdownPreview({ body }: { body: string }) {
  return <>{splitBlocks(body).map(renderBlock)}</>;
});

/** Blocks are separated by blank lines, except inside a fenced code block, whose blank lines are its own. */
function splitBlocks(body: string): string[] {
  const blocks: string[] = [];
  let current: string[] = [];
  let fence: string | null = null;
  const flush = () => {
    if (current.length > 0) blocks.push(current.join('\n'));
    current = [];
  };
  for (const line of body.split('\n')) {
    if (fence !== null) {
      current.push(line);
      if (line.trim() === fence) {
        fence = null;
        flush();
      }
      continue;
    }
    const opening = /^(`{3,}|~{3,})/.exec(line);
    if (opening) {
      flush();
      fence = opening[1];
      current.push(line);
    } else if (line === '') {
      flush();
    } else {
      current.push(line);
    }
  }
  flush();
  return blocks;
}

function renderBlock(block: string, key: number): ReactNode {
  const fenced = /^(`{3,}|~{3,})([^\n]*)\n?([\s\S]*?)\n?\1$/.exec(block);
  if (fenced) {
    const language = fenced[2].trim().split(/\s+/)[0];
    return (
      <pre key={key}>
        <code className={language ? `language-${language}` : undefined}>{fenced[3]}</code>
      </pre>
    );
  }
  if (block === '---') return <hr key={key} />;
  const heading = /^(#{1,6}) (.*)$/.exec(block);
  if (heading) return createElement(`h${heading[1].length}`, { key }, inline(heading[2]));
  const lines = block.split('\n');
  if (lines.every((line) => /^\s*([-*+]|\d+[.)]) /.test(line))) {
    const ordered = /^\d/.test(lines[0]);
    return createElement(ordered ? 'ol' : 'ul', { key }, lines.map((line, i) => <li key={i}>{inline(line.replace(/^\s*([-*+]|\d+[.)]) /, ''))}</li>));
  }
  if (lines.every((line) => line.startsWith('|'))) {
    const rows = lines.filter((line) => !/^\|[\s|:-]+\|$/.test(line)).map((line) => line.slice(1, -1).split(/(?<!\\)\|/));
    return (
      <div key={key} className="tableWrapper">
        <table>
          <tbody>
            {rows.map((cells, r) => (
              <tr key={r}>{cells.map((cell, c) => createElement(r === 0 ? 'th' : 'td', { key: c }, inline(cell.trim())))}</tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  if (lines.every((line) => line.startsWith('>'))) return <blockquote key={key}><p>{inline(lines.map((line) => line.replace(/^>\s?/, '')).join(' '))}</p></blockquote>;
  return <p key={key}>{inline(lines.join(' '))}</p>;
}

/** Citation chips kept; emphasis and link markup dropped (the text reads the same). */
function inline(text: string): ReactNode[] {
  const plain = text.replace(/!?\[([^\]^][^\]]*)\]\([^)]*\)/g, '$1').replace(/`+([^`]+)`+/g, '$1').replace(/(\*\*|__|\*|_)(\S(?:.*?\S)?)\1/g, '$2').replace(/\\([\\`*_{}[\]()#+\-.!|>])/g, '$1');
  return plain.split(/(\[\^[^\]\s]+\])/).map((part, i) =>
    /^\[\^[^\]\s]+\]$/.test(part) ? (
      <sup key={i} data-citation={part.slice(2, -1)}>
        [{part.slice(2, -1)}]
      </sup>
    ) : (
      part
    ),
  );
}
