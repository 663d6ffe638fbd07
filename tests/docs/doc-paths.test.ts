import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README and docs/ name files of this repository so a reader can open them. A file that moved
 * leaves a dead pointer that nothing else notices; this test does. A path is a `code span` that
 * starts with one of the repository's top-level folders (a module may be named without its extension); globs, placeholders (`<id>`, `[id]` route
 * segments are real folder names and kept) and a `:line` suffix are allowed.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const TOP = ['app', 'components', 'lib', 'prisma', 'e2e', 'tests', 'docs', 'scripts', 'bench', 'messages', 'content', '.ci'];

function documents(): string[] {
  return [
    'README.md',
    ...readdirSync(path.join(ROOT, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => `docs/${name}`),
  ];
}

function namedPaths(markdown: string): string[] {
  const spans = [...markdown.matchAll(/`([^`\s]+)`/g)].map((match) => match[1]!);
  return spans
    .map((span) => span.replace(/:\d+(-\d+)?$/, '').replace(/[.,;)]+$/, ''))
    .filter((span) => TOP.some((top) => span.startsWith(`${top}/`)))
    .filter((span) => !/[*<>{}]|\.\.\./.test(span));
}

describe('paths named in README.md and docs/', () => {
  it('finds the paths it checks', () => {
    expect(namedPaths('see `lib/app.ts`, `app/api/chats/[id]/route.ts:12`, not `lib/**/x` or `npm test`')).toEqual([
      'lib/app.ts',
      'app/api/chats/[id]/route.ts',
    ]);
  });

  it.each(documents())('%s names only files that exist', (doc) => {
    const exists = (named: string) => ['', '.ts', '.tsx'].some((ext) => existsSync(path.join(ROOT, named + ext)));
    const missing = namedPaths(readFileSync(path.join(ROOT, doc), 'utf8')).filter((named) => !exists(named));
    expect(missing).toEqual([]);
  });
});
