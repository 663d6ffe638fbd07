import { describe, expect, it } from 'vitest';
import { documentTitle } from './document-title';

describe('the title the pipeline stores', () => {
  it('is the model’s title, tidied', () => {
    expect(documentTitle('"Composting for beginners…"', 'Write a guide to composting')).toBe('Composting for beginners');
  });

  it('falls back to the request when the model gave nothing usable', () => {
    expect(documentTitle('  …  ', 'Write a guide to composting')).toBe('Guide to composting');
    expect(documentTitle('', '')).toBe('Untitled document');
  });
});
