import { describe, expect, it } from 'vitest';
import { WINDOWS_20_TURNS } from '@/bench/fixtures/windows-20-turns';
import { prepareTurnContext, type TurnContext } from './turn-context';
import type { ContextMessage, SlotState } from './types';

/** Replays the scripted chat through the same per-turn step the chat route uses. */
function replay(budgetTokens: number): { contexts: TurnContext[]; messages: ContextMessage[] } {
  const messages = WINDOWS_20_TURNS.turns.flatMap((turn, i): ContextMessage[] => [
    { id: `u${i + 1}`, role: 'user', text: turn.user },
    { id: `a${i + 1}`, role: 'assistant', text: turn.assistant },
  ]);
  let slots: SlotState[] = [];
  const contexts = WINDOWS_20_TURNS.turns.map((_, i) => {
    const context = prepareTurnContext({
      system: WINDOWS_20_TURNS.system, slots, summary: null, history: messages.slice(0, 2 * i), current: messages[2 * i],
      budgetTokens, now: new Date(Date.UTC(2026, 0, 5, 9, i)),
    });
    slots = context.slots;
    return context;
  });
  return { contexts, messages };
}

describe('the Windows scenario (OS in turn 2, an unrelated error in turns 3–17)', () => {
  const { contexts, messages } = replay(450);

  it('carries the OS into the prompt of turn 18 as a slot', () => {
    const turn18 = contexts[17].prompt;
    expect(turn18.messages[0].content).toContain('OS: Windows 11');
    expect(turn18.droppedIds).toContain('u2'); // the message that said it is long gone
  });

  it('would have lost it with a "last 6 messages" window', () => {
    const lastSix = [...messages.slice(0, 34).slice(-6), messages[34]].map((m) => m.text).join('\n');
    expect(lastSix).not.toMatch(/Windows/);
  });

  it("does not take the colleague's Linux for the user's", () => {
    expect(contexts[19].slots.find((slot) => slot.key === 'os')?.value).toBe('Windows 11');
    expect(contexts[19].slots.map((slot) => slot.key).sort()).toEqual(['app_version', 'os', 'plan']);
  });

  it('keeps the newest message in every prompt and stays within budget', () => {
    contexts.forEach((context, i) => {
      expect(context.prompt.messages.at(-1)?.content).toBe(WINDOWS_20_TURNS.turns[i].user);
      expect(context.prompt.inputTokens).toBeLessThanOrEqual(450);
    });
  });
});
