import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildReplyContext } from './reply-router';
import { SIMULATED_MODELS } from './models';
import { protectedTokensOf } from './tasks/fragment-tokens';
import { rewriteFragment } from './tasks/rewrite-fragment';
import type { SimMessage } from './types';

const message = (role: SimMessage['role'], text: string): SimMessage => ({ role, text, toolCalls: [], toolCallId: null });

/** Runs the task directly: fast-check explores hundreds of fragments, HTTP adds nothing here. */
function rewrite(instruction: string, fragment: string, extra = ''): string {
  const messages = [
    message('system', 'Quire task: rewrite-fragment'),
    message('user', `Instruction: ${instruction}\n${extra}<<<FRAGMENT\n${fragment}\nFRAGMENT>>>`),
  ];
  return rewriteFragment.reply(buildReplyContext(messages, [], SIMULATED_MODELS[0], 2400));
}

const FRAGMENT = 'We really get a lot of big results 🚀 from the new market analysis[^1], and our team is gonna use them.[^2]';

describe('rewrite-fragment', () => {
  it.each([
    ['make it shorter', (out: string) => expect(out.split(' ').length).toBeLessThan(FRAGMENT.split(' ').length)],
    ['more formal please', (out: string) => expect(out).toContain('going to')],
    ['expand this', (out: string) => expect(out).toMatch(/deserves particular attention\.$/)],
    ['translate to Russian', (out: string) => expect(out).toMatch(/рынок|анализ|команда/)],
    ['translate to Chinese', (out: string) => expect(out).toMatch(/市场|分析/)],
    ['UPPERCASE it', (out: string) => expect(out).toContain('WE REALLY GET')],
    ['improve the flow', (out: string) => expect(out).not.toBe(FRAGMENT)],
  ])('%s transforms the text and keeps markers and emoji', (instruction, check) => {
    const out = rewrite(instruction, FRAGMENT);
    check(out);
    expect(protectedTokensOf(out)).toEqual(protectedTokensOf(FRAGMENT));
  });

  it('shortens Russian and Chinese too', () => {
    expect(rewrite('короче', 'Это очень важный вывод из отчёта о рынке[^3].')).toBe('Это очень важный вывод из[^3].');
    const zh = rewrite('更短', '这是关于市场的重要结论[^1]。');
    expect(zh.length).toBeLessThan('这是关于市场的重要结论[^1]。'.length);
    expect(zh).toContain('[^1]');
  });

  it('keeps the fragment outer whitespace, as the splice needs', () => {
    expect(rewrite('uppercase', '  hello world \n')).toBe('  HELLO WORLD \n');
  });

  it('[sim:hallucinate] appends an unsupported figure and name', () => {
    const out = rewrite('rephrase', 'Sales grew.[^1]', '[sim:hallucinate]\n');
    expect(out).toContain('Zebulon Quark');
    expect(rewrite('rephrase', 'Sales grew.[^1]', 'Regeneration: 1\n[sim:hallucinate-once]\n')).not.toContain('Zebulon');
  });

  it('keeps every citation marker and emoji for any fragment and instruction', () => {
    const piece = fc.oneof(
      fc.constantFrom('word', 'Слово', '市场', 'big', 'really', 'важный', 'analysis.', '—', '  ', '\n'),
      fc.integer({ min: 1, max: 99 }).map((n) => `[^${n}]`),
      fc.constantFrom('😀', '👩‍👩‍👧', '👍🏽', '🇪🇸', '❤️', '1️⃣'),
    );
    const fragment = fc.array(piece, { minLength: 1, maxLength: 25 }).map((parts) => parts.join(' '));
    const instruction = fc.constantFrom(
      'shorter',
      'formal',
      'expand',
      'uppercase',
      'translate to English',
      'translate to Chinese',
      'fix it',
    );
    fc.assert(
      fc.property(fragment, instruction, (text, how) => {
        const out = rewrite(how, text);
        expect(protectedTokensOf(out)).toEqual(protectedTokensOf(text));
      }),
      { numRuns: 300 },
    );
  });
});
