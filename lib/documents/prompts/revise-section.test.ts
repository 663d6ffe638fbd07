import { describe, expect, it } from 'vitest';
import { askService } from '@/lib/llm/simulator/sse-test-client';
import { fencedBlock, labelledLine } from '@/lib/llm/simulator/conversation';
import { reviseSectionPrompt } from './revise-section';

const body = 'The warehouse handles 4,200 orders a day.[^1]\n\n- Staff: 180 people[^2]';
const input = {
  instruction: 'make it\nshorter',
  body,
  facts: [
    { marker: 1, text: 'The warehouse handles 4,200 orders a day.' },
    { marker: 2, text: 'The company employs 180 people in Lisbon.' },
  ],
  regenerationOf: null,
};

describe('the revise_section prompt', () => {
  it('is a fragment rewrite of the whole section: the body fenced exactly as stored', () => {
    const prompt = reviseSectionPrompt(input);
    expect(prompt.system.split('\n')[0]).toBe('Quire task: rewrite-fragment');
    expect(prompt.system).toContain('Keep every citation marker');
    expect(labelledLine(prompt.user, 'Instruction')).toBe('make it shorter');
    expect(fencedBlock(prompt.user, '<<<FRAGMENT', 'FRAGMENT>>>')).toBe(body);
    expect(prompt.user).toContain('[^2] The company employs 180 people in Lisbon.');
    expect(prompt.user).not.toContain('Regeneration');
  });

  it('a regeneration names what the fact check flagged', () => {
    const prompt = reviseSectionPrompt({ ...input, regenerationOf: ['73.4%', 'Zebulon Quark'] });
    expect(prompt.user).toContain('Regeneration: 1\nNot supported by the facts, leave out: 73.4%, Zebulon Quark');
  });

  it('the reply keeps the citation markers', async () => {
    const reply = await askService(reviseSectionPrompt(input));
    expect(reply.content).toContain('[^1]');
    expect(reply.content).toContain('[^2]');
  });
});
