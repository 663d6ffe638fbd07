import { describe, expect, it } from 'vitest';
import { fencedBlock, labelledLine } from '@/lib/llm/simulator/conversation';
import { CONTEXT_CHARS, fragmentContext, rewritePrompt } from './rewrite-fragment';

const facts = [
  { marker: 1, text: 'The warehouse handles 4,200 orders a day.' },
  { marker: 2, text: 'Delivery times fell\nfrom 5 days to 2 days.' },
];

describe('fragmentContext', () => {
  it('gives at most CONTEXT_CHARS on each side', () => {
    const body = `${'a'.repeat(2000)}FRAGMENT${'b'.repeat(2000)}`;
    const context = fragmentContext(body, 2000, 2008);
    expect(context).toEqual({ before: 'a'.repeat(CONTEXT_CHARS), after: 'b'.repeat(CONTEXT_CHARS) });
  });

  it('never cuts an emoji at the edge of the context', () => {
    const body = `😀😀😀x😀😀😀`;
    // 3 code units before `x` would start inside the first-but-one emoji's pair
    expect(fragmentContext(body, 6, 7, 3)).toEqual({ before: '😀', after: '😀' });
    expect(fragmentContext(body, 6, 7, 4)).toEqual({ before: '😀😀', after: '😀😀' });
  });

  it('is whatever there is near the edges of the text', () => {
    expect(fragmentContext('abc', 0, 3)).toEqual({ before: '', after: '' });
  });
});

describe('rewritePrompt', () => {
  const input = {
    sectionTitle: 'Operations',
    instruction: 'make it\nshorter',
    fragment: '  Sales grew.[^1]\nMore. ',
    context: { before: 'Intro "quoted".\n\n', after: '\n\n- next' },
    facts,
    regeneration: null,
  };

  it('speaks the simulator protocol: task line, labelled lines, the fragment fenced as is', () => {
    const { system, user } = rewritePrompt(input);
    expect(system.split('\n')[0]).toBe('Quire task: rewrite-fragment');
    expect(user.split('\n')).toEqual([
      'Instruction: make it shorter',
      'Section: Operations',
      'Facts:',
      '[^1] The warehouse handles 4,200 orders a day.',
      '[^2] Delivery times fell from 5 days to 2 days.',
      'Context before: "Intro \\"quoted\\".\\n\\n"',
      'Context after: "\\n\\n- next"',
      '<<<FRAGMENT',
      '  Sales grew.[^1]',
      'More. ',
      'FRAGMENT>>>',
    ]);
    expect(fencedBlock(user, '<<<FRAGMENT', 'FRAGMENT>>>')).toBe(input.fragment);
    expect(labelledLine(user, 'Instruction')).toBe('make it shorter');
  });

  it('a regeneration says so and names what to leave out and which markers to keep', () => {
    const { user } = rewritePrompt({ ...input, regeneration: { unsupported: ['73.4%', 'Zebulon Quark'], lostMarkers: ['[^1]'] } });
    expect(user.split('\n').slice(0, 4)).toEqual([
      'Instruction: make it shorter',
      'Regeneration: 1',
      'Not supported by the facts, leave out: 73.4%, Zebulon Quark',
      'Keep these citation markers: [^1]',
    ]);
  });
});
