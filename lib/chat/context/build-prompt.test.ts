import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildPrompt } from './build-prompt';
import { countTokens, MESSAGE_OVERHEAD_TOKENS, REPLY_PRIMING_TOKENS } from '@/lib/text/token-count';
import type { ContextMessage, PromptMessage } from './types';

const sentence = fc.constantFrom(
  'The export failed again. ',
  'У меня снова ошибка синхронизации. ',
  '我手机上装不了。',
  'Open Settings, then Diagnostics! ',
  'Is the table broken? ',
  'Версия 3.4.2 вышла вчера. ',
  'Emoji 🎉 and more text here. ',
  'word '.repeat(40),
);
const text = fc.array(sentence, { minLength: 1, maxLength: 12 }).map((parts) => parts.join(''));
const chat = fc
  .array(text, { maxLength: 40 })
  .map((texts) => texts.map((t, i): ContextMessage => ({ id: `m${i}`, role: i % 2 === 0 ? 'user' : 'assistant', text: t })));

function recount(messages: PromptMessage[]): number {
  return messages.reduce((sum, m) => sum + countTokens(m.content) + MESSAGE_OVERHEAD_TOKENS, 0) + REPLY_PRIMING_TOKENS;
}

const keyFacts = [{ key: 'os', value: 'Windows 11' }];

describe('buildPrompt', () => {
  it('never exceeds the budget, unless the system part and the current message alone do', () => {
    fc.assert(
      fc.property(chat, text, fc.integer({ min: 50, max: 3_000 }), (history, currentText, budgetTokens) => {
        const current: ContextMessage = { id: 'now', role: 'user', text: currentText };
        const prompt = buildPrompt({ system: 'You are Quire.', slots: keyFacts, history, current, budgetTokens });
        expect(prompt.inputTokens).toBe(recount(prompt.messages));
        if (!prompt.budgetExceeded) expect(prompt.inputTokens).toBeLessThanOrEqual(budgetTokens);
        else expect(prompt.includedIds).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it("keeps the person's instructions in every prompt, whole, however long the chat and tight the budget, and counts them as their own part", () => {
    const instructions = {
      aboutMe: 'I run a bakery in Porto.',
      answerStyle: 'Answer in Portuguese, in three sentences at most.',
      chat: '',
    };
    fc.assert(
      fc.property(chat, text, fc.integer({ min: 50, max: 3_000 }), (history, currentText, budgetTokens) => {
        const current: ContextMessage = { id: 'now', role: 'user', text: currentText };
        const prompt = buildPrompt({ system: 'You are Quire.', instructions, slots: keyFacts, history, current, budgetTokens });
        const system = prompt.messages[0]!.content;
        expect(system).toContain('I run a bakery in Porto.');
        expect(system).toContain('Answer in Portuguese, in three sentences at most.');
        // after Quire's own prompt, before the key facts
        expect(system.indexOf('You are Quire.')).toBeLessThan(system.indexOf('bakery'));
        expect(system.indexOf('bakery')).toBeLessThan(system.indexOf('Windows 11'));
        expect(prompt.parts.instructions).toBeGreaterThan(0);
        expect(Object.values(prompt.parts).reduce((a, b) => a + b, 0)).toBe(prompt.inputTokens);
      }),
      { numRuns: 200 },
    );
  });

  it('sends no instructions block when the person wrote none', () => {
    const current: ContextMessage = { id: 'now', role: 'user', text: 'Hello' };
    const prompt = buildPrompt({
      system: 'You are Quire.',
      instructions: { aboutMe: ' ', answerStyle: '', chat: '' },
      slots: [],
      history: [],
      current,
      budgetTokens: 1_000,
    });
    expect(prompt.messages[0]!.content).toBe('You are Quire.');
    expect(prompt.parts.instructions).toBe(0);
  });

  it('never drops the current message, and keeps it whole', () => {
    fc.assert(
      fc.property(chat, text, fc.integer({ min: 1, max: 2_000 }), (history, currentText, budgetTokens) => {
        const current: ContextMessage = { id: 'now', role: 'user', text: currentText };
        const prompt = buildPrompt({ system: 'You are Quire.', slots: keyFacts, history, current, budgetTokens });
        expect(prompt.messages.at(-1)).toEqual({ role: 'user', content: currentText });
        expect(prompt.messages[0].content).toContain('OS: Windows 11');
      }),
      { numRuns: 200 },
    );
  });

  it('keeps a contiguous run of the newest history and accounts for every message', () => {
    fc.assert(
      fc.property(chat, fc.integer({ min: 100, max: 3_000 }), (history, budgetTokens) => {
        const prompt = buildPrompt({ system: 'S', slots: [], history, current: { id: 'now', role: 'user', text: 'Hi' }, budgetTokens });
        const ids = history.map((m) => m.id);
        expect(prompt.includedIds).toEqual(ids.slice(ids.length - prompt.includedIds.length));
        expect([...prompt.droppedIds, ...prompt.includedIds]).toEqual(ids);
        expect(prompt.needsSummary).toBe(prompt.droppedIds.length > 0);
      }),
      { numRuns: 200 },
    );
  });

  it('sends every message whole or not at all: nothing is cut at a fixed size', () => {
    fc.assert(
      fc.property(chat, text, fc.integer({ min: 200, max: 5_000 }), (history, currentText, budgetTokens) => {
        const prompt = buildPrompt({
          system: 'S',
          slots: keyFacts,
          history,
          current: { id: 'now', role: 'user', text: currentText },
          budgetTokens,
        });
        const texts = new Set(history.map((m) => m.text));
        for (const message of prompt.messages.slice(1)) expect(texts.has(message.content) || message.content === currentText).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('stays flat as the chat grows: the window has a fixed size, older turns are left to the summary', () => {
    const turn = (i: number): ContextMessage[] => [
      { id: `u${i}`, role: 'user', text: `Question ${i} about the export. ` },
      { id: `a${i}`, role: 'assistant', text: `Answer ${i}. ${'Check the settings and try again. '.repeat(6)}` },
    ];
    const at = (turns: number) =>
      buildPrompt({
        system: 'S',
        slots: keyFacts,
        history: Array.from({ length: turns }, (_, i) => turn(i)).flat(),
        current: { id: 'now', role: 'user', text: 'Next?' },
        budgetTokens: 24_000,
      });
    expect(at(200).inputTokens).toBe(at(10).inputTokens);
    expect(at(200).includedIds).toEqual(['u198', 'a198', 'u199', 'a199']);
    expect(at(200).needsSummary).toBe(true);
  });

  it('keeps the newest message whole even when it alone is over the window cap, and stops the window there', () => {
    const long = 'First point stands here. '.repeat(200);
    const history: ContextMessage[] = [
      { id: 'q', role: 'user', text: 'And then?' },
      { id: 'old', role: 'assistant', text: long },
    ];
    const prompt = buildPrompt({ system: 'S', slots: [], history, current: { id: 'now', role: 'user', text: 'Ok' }, budgetTokens: 4_000 });
    expect(prompt.includedIds).toEqual(['old']);
    expect(prompt.messages[1].content).toBe(long);
  });

  it('puts recalled older messages in whole, with the words that recalled them', () => {
    const history: ContextMessage[] = Array.from({ length: 10 }, (_, i) => ({
      id: `m${i}`,
      role: i % 2 ? 'assistant' : 'user',
      text: `Message ${i}.`,
    }));
    const recalled = [{ id: 'm1', role: 'assistant' as const, text: 'Order QX-7781 ships on Friday.', matched: ['qx', '7781'] }];
    const prompt = buildPrompt({
      system: 'S',
      slots: [],
      history,
      recalled,
      current: { id: 'now', role: 'user', text: 'When does QX-7781 ship?' },
      budgetTokens: 4_000,
    });
    expect(prompt.messages[0].content).toContain('Order QX-7781 ships on Friday.');
    expect(prompt.recalled).toEqual([{ id: 'm1', role: 'assistant', tokens: expect.any(Number), matched: ['qx', '7781'], excerpt: false }]);
    expect(prompt.parts.recalled).toBeGreaterThan(0);
    expect(Object.values(prompt.parts).reduce((a, b) => a + b, 0)).toBe(prompt.inputTokens);
  });

  it('keeps an over-budget current message whole and reports the budget exceeded', () => {
    const current: ContextMessage = { id: 'now', role: 'user', text: 'Very long question. '.repeat(200) };
    const prompt = buildPrompt({ system: 'S', slots: [], history: [{ id: 'x', role: 'user', text: 'hi' }], current, budgetTokens: 100 });
    expect(prompt.budgetExceeded).toBe(true);
    expect(prompt.messages.at(-1)?.content).toBe(current.text);
    expect(prompt.droppedIds).toEqual(['x']);
  });

  it('does not resend what the summary covers and shows the summary instead', () => {
    const history: ContextMessage[] = ['a', 'b', 'c', 'd'].map((id) => ({ id, role: 'user', text: `message ${id}` }));
    const prompt = buildPrompt({
      system: 'S',
      slots: [],
      summary: 'The user asked about a and b.',
      summarizedThroughId: 'b',
      history,
      current: { id: 'now', role: 'user', text: 'next' },
      budgetTokens: 5_000,
    });
    expect(prompt.includedIds).toEqual(['c', 'd']);
    expect(prompt.needsSummary).toBe(false);
    expect(prompt.droppedIds).toEqual(['a', 'b']);
    expect(prompt.messages[0].content).toContain('The user asked about a and b.');
  });

  it('builds a 500-message prompt from cached counts (speed is measured in bench/context-bench.ts)', () => {
    const history = Array.from(
      { length: 500 },
      (_, i): ContextMessage => ({ id: `m${i}`, role: i % 2 ? 'assistant' : 'user', text: `Message ${i}. `.repeat(30) }),
    );
    const first = buildPrompt({
      system: 'S',
      slots: keyFacts,
      history,
      current: { id: 'now', role: 'user', text: 'q' },
      budgetTokens: 24_000,
    });
    const again = buildPrompt({
      system: 'S',
      slots: keyFacts,
      history,
      current: { id: 'now', role: 'user', text: 'q' },
      budgetTokens: 24_000,
    });
    expect(again).toEqual(first);
    expect(first.includedIds.at(-1)).toBe('m499');
    expect(first.droppedIds).toHaveLength(500 - first.includedIds.length);
  });
});
