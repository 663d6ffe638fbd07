import { describe, expect, it } from 'vitest';
import { bestSentence } from '@/lib/chat/tools/web-search';
import { citationsOf } from './tool-citations';

describe('the sources an answer shows', () => {
  it('come from any tool result that carries citations; malformed items and other results are left out', () => {
    const good = { n: 1, title: 'Port of Lisbon', url: 'https://example.com/a', quote: 'It grew.', excerpt: 'It grew. A lot.' };
    const citations = citationsOf([
      { role: 'user', content: 'hi' },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'a',
            toolName: 'web_search',
            output: { type: 'json', value: { citations: [good, { n: 'two' }] } },
          },
          { type: 'tool-result', toolCallId: 'b', toolName: 'search_docs', output: { type: 'json', value: { results: [] } } },
          { type: 'tool-result', toolCallId: 'c', toolName: 'web_search', output: { type: 'error-text', value: 'failed' } },
        ],
      },
    ]);
    // only what the person sees is kept (the excerpt was for the model)
    expect(citations).toEqual([{ n: 1, title: 'Port of Lisbon', url: 'https://example.com/a', quote: 'It grew.' }]);
  });

  it('quote the sentence of the page that shares the most words with the query, verbatim', () => {
    const paragraphs = [
      'The Port of Lisbon opened a terminal. Cruise ships brought 560,000 passengers in 2022.',
      'The port handled 13.5 million tonnes of cargo in 2022. Container traffic grew.',
    ];
    expect(bestSentence(paragraphs, 'lisbon cargo tonnes 2022')).toEqual({
      quote: 'The port handled 13.5 million tonnes of cargo in 2022.',
      paragraph: paragraphs[1],
    });
    // nothing in common: the page's first sentence
    expect(bestSentence(paragraphs, 'zebra').quote).toBe('The Port of Lisbon opened a terminal.');
  });
});
