import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The domains depend on each other one way only (docs/architecture.md,
 * "Domains and their dependencies"). A wrong import compiles and works, so
 * nothing but this scan notices it; type-only imports count too, since they
 * tie the two domains' shapes together all the same.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Every module a file imports or re-exports, as a repository path without extension where it is ours. */
function importsOf(file: string): string[] {
  const source = readFileSync(path.join(ROOT, file), 'utf8');
  const specifiers = [
    ...source.matchAll(
      /(?:^|[\s;])(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm,
    ),
  ].map((match) => match[1] ?? match[2] ?? match[3] ?? '');
  return specifiers.map((specifier) => {
    if (specifier.startsWith('@/')) return specifier.slice(2);
    if (specifier.startsWith('.')) return path.posix.join(path.posix.dirname(file), specifier);
    return specifier;
  });
}

function sourceFiles(dir: string): string[] {
  return (
    readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      // tests wire several domains together, as lib/app.ts does: the boundaries are for the code they test
      .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
      .map((name) => path.posix.join(dir, name.split(path.sep).join('/')))
  );
}

/** `file imports target` for every import of a module under one of `forbidden` from a file under `from`. */
function crossings(from: string, forbidden: string[]): string[] {
  return sourceFiles(from).flatMap((file) =>
    importsOf(file)
      .filter((target) => forbidden.some((dir) => target === dir || target.startsWith(`${dir}/`)))
      .map((target) => `${file} imports ${target}`),
  );
}

describe('domain boundaries', () => {
  it('finds the imports it checks (the composition root wires the document tools into the chat)', () => {
    expect(importsOf('lib/app.ts')).toContain('lib/documents/chat-tools');
    expect(importsOf('lib/chat/start-turn.ts')).toContain('lib/chat/turn/prepare-turn');
  });

  it('the chat imports nothing from the documents domain: lib/app.ts hands it the document tools', () => {
    expect(crossings('lib/chat', ['lib/documents'])).toEqual([]);
  });

  it('auth and billing import nothing from the chat: shared helpers live in lib/cache and lib/text', () => {
    expect(crossings('lib/auth', ['lib/chat'])).toEqual([]);
    expect(crossings('lib/billing', ['lib/chat'])).toEqual([]);
  });

  it('no domain reads a request body: the readers in lib/http are for route handlers', () => {
    const readers = ['lib/http/handler', 'lib/http/read-capped-body', 'lib/http/read-document-request'];
    expect(['lib/chat', 'lib/documents', 'lib/billing'].flatMap((domain) => crossings(domain, readers))).toEqual([]);
  });

  it('lib/ never imports the UI or the route handlers', () => {
    expect(crossings('lib', ['components', 'app'])).toEqual([]);
  });
});
