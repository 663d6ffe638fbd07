import { describe, expect, it } from 'vitest';
import { quoteFor } from './research-facts';
import { researchQueries } from '../sources/gather-public-sources';

describe('the quote a citation shows', () => {
  const paragraph =
    'The Port of Lisbon handled 13.5 million tonnes of cargo in 2022. Container traffic grew by 7 percent that year. Cruise ships docked 300 times.';

  it('is the sentence of the paragraph the fact was taken from, verbatim (a decimal point does not end it)', () => {
    expect(quoteFor('The Port of Lisbon handled 13.5 million tonnes of cargo in 2022.', paragraph)).toBe(
      'The Port of Lisbon handled 13.5 million tonnes of cargo in 2022.',
    );
    expect(quoteFor('container traffic grew by 7 percent', paragraph)).toBe('Container traffic grew by 7 percent that year.');
  });

  it('is the closest sentence when the model reworded the fact', () => {
    expect(quoteFor('In 2022 cruise ships made 300 calls at the port.', paragraph)).toBe('Cruise ships docked 300 times.');
  });

  it('splits CJK text at its own sentence ends', () => {
    expect(quoteFor('港口有420名员工', '里斯本港口在2022年处理了1350万吨货物。港口有420名员工。')).toBe('港口有420名员工。');
  });
});

describe('the queries a section searches for', () => {
  it('are its title in the document’s context, then its brief, one per round', () => {
    expect(
      researchQueries('Port of Lisbon report', { title: 'Cargo volumes', brief: 'How much cargo the port handled. Also trends.' }),
    ).toEqual(['Cargo volumes Port of Lisbon report', 'How much cargo the port handled.']);
  });
});
