import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layer rules live in one place: biome.json's `noRestrictedImports`
 * overrides, which `npm run lint` enforces on `@/` imports. This test reads the
 * same rules and applies them to every import, relative ones and type-only ones
 * included (`../http/x` escapes the lint's patterns; a type import ties two
 * layers' shapes together all the same). docs/architecture.md says why the
 * layers are what they are.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');

interface LayerRule {
  /** repository paths (folders or files) the rule applies to */
  from: string[];
  /** repository paths (folders or module paths without extension) they may not import */
  forbidden: string[];
  message: string;
}

/** biome.json's overrides as rules: `lib/llm/**` → `lib/llm`, `@/lib/http/**` → `lib/http`, `!**\/*.test.ts` → tests exempt. */
function layerRules(): LayerRule[] {
  const biome = JSON.parse(readFileSync(path.join(ROOT, 'biome.json'), 'utf8'));
  return biome.overrides.flatMap((override: { includes: string[]; linter?: { rules?: Record<string, Record<string, unknown>> } }) => {
    const restricted = override.linter?.rules?.style?.noRestrictedImports as
      | { options: { patterns: Array<{ group: string[]; message: string }> } }
      | undefined;
    if (!restricted) return [];
    expect(override.includes, 'every layer rule exempts tests, which wire layers together').toContain('!**/*.test.ts');
    const from = override.includes.filter((glob) => !glob.startsWith('!')).map((glob) => glob.replace(/\/\*\*$/, ''));
    return restricted.options.patterns.map((pattern) => ({
      from,
      forbidden: pattern.group.map((glob) => glob.replace(/^@\//, '').replace(/\/\*\*$/, '')),
      message: pattern.message,
    }));
  });
}

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

/** The non-test source files under a folder, or the file itself. */
function sourceFiles(where: string): string[] {
  if (/\.tsx?$/.test(where)) return [where];
  return readdirSync(path.join(ROOT, where), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => path.posix.join(where, name.split(path.sep).join('/')));
}

const under = (target: string, place: string) =>
  target === place || target.startsWith(`${place}/`) || target === place.replace(/\.tsx?$/, '');

function crossings(rule: LayerRule): string[] {
  return rule.from.flatMap(sourceFiles).flatMap((file) =>
    importsOf(file)
      .filter((target) => rule.forbidden.some((place) => under(target, place)))
      .map((target) => `${file} imports ${target}`),
  );
}

describe('layer rules (biome.json)', () => {
  const rules = layerRules();

  it('reads the rules and the imports it checks', () => {
    expect(rules.length).toBeGreaterThanOrEqual(5);
    expect(rules.some((rule) => rule.from.includes('lib/chat') && rule.forbidden.includes('lib/documents'))).toBe(true);
    expect(importsOf('lib/app.ts')).toContain('lib/documents/chat-tools');
    expect(importsOf('lib/chat/start-turn.ts')).toContain('lib/chat/turn/prepare-turn');
  });

  it('every list bans routes, UI and test support (Biome applies only the last matching override, so a list without them lifts the ban)', () => {
    for (const rule of rules) expect(rule.forbidden, rule.from.join(', ')).toEqual(expect.arrayContaining(['app', 'components', 'tests']));
  });

  it('finds a crossing written as a relative import', () => {
    const rule = rules.find((r) => r.from.includes('lib/chat'))!;
    expect(crossings({ ...rule, forbidden: ['lib/chat/turn'] }).length).toBeGreaterThan(0);
  });

  it.each(layerRules().map((rule) => [rule.from.join(', '), rule] as const))('%s keep their rule', (_, rule) => {
    expect(crossings(rule), rule.message).toEqual([]);
  });
});
