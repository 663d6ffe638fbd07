import { describe, expect, it } from 'vitest';
import { repeatedTailEnd, restartedLine } from './scenarios/continuation-artifacts';
import { locateTailEnd } from './scenarios/continue-answer';
import { numberedListText } from './scenarios/numbered-list';
import { chat, TOOL, user } from '@/tests/support/sse-test-client';

const continuationMessage = (tail: string) =>
  `Quire task: continue-answer\nContinue the answer exactly where it stopped.\n<<<ANSWER TAIL\n${tail}\nANSWER TAIL>>>`;

async function fullAnswer(original: string) {
  return (await chat({ messages: [user(original)] })).content;
}

/** The continuation Quire would request after `soFar`, sending at most the last 5,800 characters. */
async function continueAfter(original: string, soFar: string, maxTokens?: number) {
  return chat({
    messages: [user(original), { role: 'assistant', content: soFar }, user(continuationMessage(soFar.slice(-5_800)))],
    tools: [TOOL('search_docs')],
    ...(maxTokens ? { max_tokens: maxTokens } : {}),
  });
}

describe('continuation requests', () => {
  it('[sim:artifact=none] streams exactly the rest of the intended answer', async () => {
    const original = 'list 60 rivers [sim:artifact=none]';
    const full = await fullAnswer(original);
    const first = await chat({ messages: [user(original)], max_tokens: 120 });
    expect(first.finishReason).toBe('length');
    const next = await continueAfter(original, first.content);
    expect(next.finishReason).toBe('stop');
    expect(first.content + next.content).toBe(full);
  });

  it('[sim:artifact=repeat-tail] first repeats the end of the tail', async () => {
    const original = 'list 60 rivers [sim:artifact=repeat-tail]';
    const full = await fullAnswer(original);
    const first = await chat({ messages: [user(original)], max_tokens: 121 });
    const next = (await continueAfter(original, first.content)).content;
    const repeated = repeatedTailEnd(first.content);
    expect(repeated.length).toBeGreaterThanOrEqual(1);
    expect(repeated.length).toBeLessThanOrEqual(60);
    expect(next.startsWith(repeated)).toBe(true);
    expect(first.content.endsWith(repeated)).toBe(true);
    expect(first.content + next.slice(repeated.length)).toBe(full);
  });

  it('a short repeat starts at a word boundary, so a merge may remove it', () => {
    for (const tail of ['102. ии', 'Лучшие серви', 'abc def ghijklmnopqrstu', 'x'.repeat(100)]) {
      const repeated = repeatedTailEnd(tail);
      const start = tail.length - repeated.length;
      const atBoundary = start === 0 || /\s/.test(tail[start - 1]);
      expect(atBoundary || repeated.length >= 12, tail).toBe(true);
    }
  });

  it('[sim:artifact=restart-line] restarts the cut line from its beginning', async () => {
    const original = 'перечисли 60 рек [sim:artifact=restart-line]';
    const full = await fullAnswer(original);
    const first = await chat({ messages: [user(original)], max_tokens: 143 });
    const cutLine = first.content.slice(first.content.lastIndexOf('\n') + 1);
    expect(cutLine.length).toBeGreaterThan(0);
    const next = (await continueAfter(original, first.content)).content;
    expect(next.startsWith(cutLine)).toBe(true);
    expect(first.content.slice(0, -cutLine.length) + next).toBe(full);
  });

  it('a very long cut line restarts from its last sentence, not from the top of the page', () => {
    const tail = `${'First sentence goes on and on. '.repeat(20)}Last one is cut mid`;
    expect(restartedLine(tail)).toBe('Last one is cut mid');
    expect(restartedLine('a\nshort line')).toBe('short line');
  });

  it('[sim:artifact=no-newline] starts the next list item without its line break', async () => {
    const original = 'list 20 rivers [sim:artifact=no-newline]';
    const full = await fullAnswer(original);
    const soFar = full.slice(0, full.indexOf('\n6. Item 6'));
    const next = (await continueAfter(original, soFar)).content;
    expect(next.startsWith('6. Item 6')).toBe(true);
    expect(`${soFar}\n${next}`).toBe(full);
  });

  it('without a directive, acts out every artifact across continuations', async () => {
    const original = 'list 40 mountains';
    const full = await fullAnswer(original);
    const seen = new Set<string>();
    for (let item = 5; item <= 14; item += 1) {
      const lineEnd = full.indexOf(`\n${item}. Item ${item}`);
      for (const cut of [lineEnd - 2, lineEnd - 1, lineEnd]) {
        const soFar = full.slice(0, cut);
        const rest = full.slice(cut);
        const next = (await continueAfter(original, soFar)).content;
        const extra = next.endsWith(rest) ? next.slice(0, next.length - rest.length) : null;
        if (next === rest) seen.add('none');
        else if (next === rest.replace(/^\n/, '')) seen.add('no-newline');
        else if (extra !== null && extra === soFar.slice(soFar.lastIndexOf('\n') + 1)) seen.add('restart-line');
        else if (extra !== null && soFar.endsWith(extra)) seen.add('repeat-tail');
        else seen.add(`unexpected: ${JSON.stringify(next.slice(0, 40))}`);
      }
    }
    expect([...seen].sort()).toEqual(['no-newline', 'none', 'repeat-tail', 'restart-line']);
  });

  it('finds the tail when only the last 5,800 characters of a long answer are sent', async () => {
    const original = 'list 400 stars [sim:artifact=none]';
    // Longer than one response can carry (2,400 tokens), so built directly.
    const full = numberedListText(400, 'list 400 stars', 'en');
    const soFar = full.slice(0, 9_001);
    const next = await continueAfter(original, soFar, 50);
    expect(next.finishReason).toBe('length');
    expect(next.usage.completion_tokens).toBe(50);
    expect(full.startsWith(soFar + next.content)).toBe(true);
  });

  it('[sim:endless] makes every continuation run into the ceiling too', async () => {
    const original = 'Explain compound interest [sim:endless] [sim:artifact=none]';
    let soFar = (await chat({ messages: [user(original)], max_tokens: 300 })).content;
    for (let round = 0; round < 4; round += 1) {
      const next = await continueAfter(original, soFar, 300);
      expect(next.finishReason).toBe('length');
      expect(next.content.length).toBeGreaterThan(100);
      soFar += next.content;
    }
    expect(soFar).toMatch(/Point \d+: one more detail/);
  });

  it('locates the tail by its longest suffix found in the intended answer', () => {
    expect(locateTailEnd('alpha beta gamma delta', 'XXalpha beta')).toBe(10);
    expect(locateTailEnd('alpha beta gamma', 'nothing like it')).toBeNull();
  });
});
