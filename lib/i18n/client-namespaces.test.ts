import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import { CLIENT_NAMESPACES, clientMessages } from './client-namespaces';

const ROOTS = ['components', 'app'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('the messages a page sends to the browser', () => {
  it('hold every namespace a browser-side translation uses (a namespace in no area would show its keys)', () => {
    const provided = new Set<string>(Object.values(CLIENT_NAMESPACES).flat());
    const missing = ROOTS.flatMap(sourceFiles).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/useTranslations\(\s*['"]([\w]+)/g)]
        .map((match) => match[1]!)
        .filter((namespace) => !provided.has(namespace))
        .map((namespace) => `${file}: ${namespace}`),
    );
    expect(missing).toEqual([]);
  });

  it('are the base namespaces and the areas’ own, not the whole catalog', () => {
    const chat = clientMessages(en, ['app']);
    expect(Object.keys(chat).sort()).toEqual(['chat', 'common', 'context', 'insights', 'instructions', 'shell', 'wallet']);
    expect(JSON.stringify(chat).length).toBeLessThan(JSON.stringify(en).length * 0.75);
    expect(Object.keys(clientMessages(en, ['app', 'documents']))).toEqual(expect.arrayContaining(['canvas', 'documents', 'chat']));
  });
});
