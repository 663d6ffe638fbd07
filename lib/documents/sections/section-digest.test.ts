import { describe, expect, it } from 'vitest';
import { normalizeFact } from '../pipeline/research-facts';
import { sectionDigest } from './section-digest';

describe('small pure pieces of the pipeline', () => {
  it('a section digest drops markup and citations and stays short', () => {
    const body = `## Heading\n\n**Bold** claim[^1]. ${'Another sentence here. '.repeat(40)}`;
    const digest = sectionDigest(body);
    expect(digest.startsWith('Heading Bold claim.')).toBe(true);
    expect(digest).not.toMatch(/\[\^|\*\*|##/);
    expect(digest.length).toBeLessThanOrEqual(281);
  });

  it('the same fact found twice normalizes to one key', () => {
    expect(normalizeFact('The warehouse handles 4,200 orders a day.')).toBe(normalizeFact('  the WAREHOUSE handles 4,200 orders a day '));
    expect(normalizeFact('Склад открыт в 2021 году.')).toBe('склад открыт в 2021 году');
  });
});
