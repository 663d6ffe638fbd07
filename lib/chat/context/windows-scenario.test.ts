import { describe, expect, it } from 'vitest';
import { WINDOWS_20_TURNS } from '@/bench/fixtures/windows-20-turns';
import { buildTurnPrompt, type TurnPrompt } from '@/lib/chat/turn/turn-prompt';
import { SIMULATED_MODELS } from '@/lib/llm/simulator';
import { applyKeyFactUpdates } from './apply-key-fact-updates';
import { extractKeyFacts } from './extract-key-facts';
import type { ContextMessage, KeyFactState } from './types';

const model = { ...SIMULATED_MODELS[0]!, simulated: true };

/** Replays the scripted chat through the prompt builder the chat route runs (no summary, no search). */
function replay(): { prompts: TurnPrompt[]; slots: KeyFactState[]; messages: ContextMessage[] } {
  const messages = WINDOWS_20_TURNS.turns.flatMap((turn, i): ContextMessage[] => [
    { id: `u${i + 1}`, role: 'user', text: turn.user },
    { id: `a${i + 1}`, role: 'assistant', text: turn.assistant },
  ]);
  let keyFacts: KeyFactState[] = [];
  const prompts = WINDOWS_20_TURNS.turns.map((_, i) => {
    const now = new Date(Date.UTC(2026, 0, 5, 9, i));
    const current = messages[2 * i]!;
    keyFacts = applyKeyFactUpdates(keyFacts, extractKeyFacts(current.text), { messageId: current.id, at: now }).next;
    return buildTurnPrompt({
      model,
      slots: keyFacts,
      summary: null,
      summarizedThroughId: null,
      history: messages.slice(0, 2 * i),
      current,
      now,
    });
  });
  return { prompts, slots: keyFacts, messages };
}

describe('the Windows scenario (OS in turn 2, an unrelated error in turns 3–17)', () => {
  const { prompts, slots: keyFacts, messages } = replay();

  it('carries the OS into the prompt of turn 18 as a slot', () => {
    const turn18 = prompts[17]!;
    expect(turn18.messages[0]!.content).toContain('OS: Windows 11');
    expect(turn18.droppedIds).toContain('u2'); // the message that said it is long gone
  });

  it('would have lost it with a "last 6 messages" window', () => {
    const lastSix = [...messages.slice(0, 34).slice(-6), messages[34]!].map((m) => m.text).join('\n');
    expect(lastSix).not.toMatch(/Windows/);
  });

  it("does not take the colleague's Linux for the user's", () => {
    expect(keyFacts.find((keyFact) => keyFact.key === 'os')?.value).toBe('Windows 11');
    expect(keyFacts.map((keyFact) => keyFact.key).sort()).toEqual(['app_version', 'os', 'plan']);
  });

  it('keeps the newest message in every prompt, and the prompt stops growing once the window is full', () => {
    for (const [i, prompt] of prompts.entries()) expect(prompt.messages.at(-1)?.content).toBe(WINDOWS_20_TURNS.turns[i]!.user);
    const settled = prompts.slice(4).map((prompt) => prompt.inputTokens);
    expect(Math.max(...settled) - Math.min(...settled)).toBeLessThan(300);
  });
});
