import { describe, expect, it } from 'vitest';
import { askService, jsonSchemaFormat } from '@/tests/support/sse-test-client';
import { labelledLine } from '@/lib/llm/simulator/conversation';
import { parseStructuredJson } from '../steps/model-json';
import { factsReply, researchRoundPrompt } from './research-round';

const material = [
  { sourceId: 'src-a', number: 1, text: 'Solar capacity in Spain reached 25 GW in 2023.\nMost of it is in Andalusia.' },
  { sourceId: 'src-b', number: 4, text: 'Developers plan 4 GW of storage by 2030.' },
];
const input = { section: { title: 'Market', brief: 'How big the market is' }, round: 2, answered: [], material };

describe('the research step prompt', () => {
  it('numbers each source paragraph on one line so a fact can cite it', () => {
    const prompt = researchRoundPrompt(input);
    expect(prompt.system.split('\n')[0]).toBe('Quire task: research-round');
    expect(prompt.user).toContain('[src-a#1] Solar capacity in Spain reached 25 GW in 2023. Most of it is in Andalusia.');
    expect(prompt.user).toContain('[src-b#4] Developers plan 4 GW of storage by 2030.');
    expect(labelledLine(prompt.user, 'Round')).toBe('2');
    expect(prompt.user).not.toContain('Clarifying questions');
  });

  it("lists the person's answers as context, and says a question is never a fact", () => {
    const prompt = researchRoundPrompt({ ...input, answered: ['Q: Who reads it? A: Investors.'] });
    expect(prompt.user).toContain("Clarifying questions and the person's answers (context, not material):\nQ: Who reads it? A: Investors.");
    expect(prompt.system).toContain('a question is never a fact');
  });

  it('gets facts back as the JSON its schema describes, each citing a paragraph it was sent', async () => {
    const prompt = researchRoundPrompt(input);
    const reply = await askService(prompt, { responseFormat: jsonSchemaFormat(prompt.reply) });
    const { facts } = parseStructuredJson('research', reply.content, factsReply);
    expect(facts.length).toBeGreaterThan(0);
    for (const fact of facts) expect(material.some((p) => p.sourceId === fact.sourceId && p.number === fact.paragraph)).toBe(true);
  });
});
