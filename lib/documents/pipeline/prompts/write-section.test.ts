import { describe, expect, it } from 'vitest';
import { countTokens } from '@/lib/billing/tokens';
import { askService } from '@/tests/support/sse-test-client';
import { report } from '@/lib/documents/kinds/report';
import { buildWritePrompt, OUTLINE_WINDOW } from './write-section';

const sectionsOf = (n: number) => Array.from({ length: n }, (_, i) => ({ position: i + 1, title: `Section title number ${i + 1}` }));

function promptFor(position: number, total: number) {
  const all = sectionsOf(total);
  return buildWritePrompt({
    type: report,
    documentTitle: 'Lisbon warehouse',
    request: 'Write a report on the Lisbon warehouse',
    sectionsTotal: total,
    section: { position, title: all[position - 1].title, brief: 'What this section covers' },
    outline: all.filter((s) => Math.abs(s.position - position) <= OUTLINE_WINDOW),
    previous:
      position > 1 ? { title: all[position - 2].title, digest: 'A two-sentence digest of the previous section. It stays short.' } : null,
    next: position < total ? { title: all[position].title, brief: 'What the next section covers' } : null,
    facts: [
      {
        marker: 1,
        text: 'The warehouse handles 4,200 orders a day.',
        sourceId: 's1',
        paragraph: 1,
        quote: 'The warehouse handles 4,200 orders a day.',
      },
    ],
  });
}

describe('a section is written from its own brief, facts and a short context', () => {
  it('numbers the facts as citation markers and says which section is being written', () => {
    const { system, user } = promptFor(3, 10);
    expect(system.split('\n')[0]).toBe('Quire task: write-section');
    expect(user).toContain('Section: Section title number 3');
    expect(user).toContain('[^1] The warehouse handles 4,200 orders a day.');
    expect(user).not.toContain('Section title number 9');
  });

  it('does not grow with the document: the last section of 400 costs what section 2 of 10 does', () => {
    const tokens = ({ system, user }: { system: string; user: string }) => countTokens(system) + countTokens(user);
    expect(tokens(promptFor(400, 400))).toBeLessThanOrEqual(1.2 * tokens(promptFor(2, 10)));
  });

  it('gets Markdown back that cites the facts it was given, without repeating the title as a heading', async () => {
    const reply = await askService(promptFor(3, 10));
    expect(reply.content).toContain('[^1]');
    expect(reply.content).not.toMatch(/^#+ Section title number 3/m);
  });

  it('a regeneration names what the fact check flagged', () => {
    const { user } = buildWritePrompt({ ...promptInputOf(), regenerationOf: ['73.4%', 'Zebulon Quark'] });
    expect(user).toMatch(/Regeneration: 1\nNot supported by the facts, leave out: 73.4%, Zebulon Quark/);
  });
});

function promptInputOf() {
  return {
    type: report,
    documentTitle: 'T',
    request: 'R',
    sectionsTotal: 1,
    section: { position: 1, title: 'Only', brief: 'B' },
    outline: [{ position: 1, title: 'Only' }],
    previous: null,
    next: null,
    facts: [],
  };
}
