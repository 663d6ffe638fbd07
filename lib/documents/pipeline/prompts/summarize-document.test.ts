import { describe, expect, it } from 'vitest';
import { askService } from '@/tests/support/sse-test-client';
import { summarizeDocumentPrompt } from './summarize-document';

describe('the finalize step summary prompt', () => {
  it("sends headings and each section's digest, never its text", () => {
    const prompt = summarizeDocumentPrompt({
      title: 'Lisbon warehouse',
      sections: [
        { title: 'Operations', summary: 'The warehouse handles 4,200 orders a day.' },
        { title: 'Outlook', summary: null },
      ],
    });
    expect(prompt.system.split('\n')[0]).toBe('Quire task: summarize-document');
    expect(prompt.user).toBe('# Lisbon warehouse\n\n## Operations\n\nThe warehouse handles 4,200 orders a day.\n\n## Outlook\n\n');
  });

  it('gets a short plain-text summary back', async () => {
    const prompt = summarizeDocumentPrompt({
      title: 'Lisbon warehouse',
      sections: [{ title: 'Operations', summary: 'The warehouse handles 4,200 orders a day.' }],
    });
    const reply = await askService(prompt);
    expect(reply.content.trim().length).toBeGreaterThan(0);
    expect(reply.content).not.toMatch(/^\s*\{/);
  });
});
