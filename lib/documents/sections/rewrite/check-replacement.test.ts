import { describe, expect, it } from 'vitest';
import { checkReplacement } from './check-replacement';

const facts = [
  { marker: 1, text: 'The warehouse handles 4,200 orders a day.' },
  { marker: 2, text: 'Customer complaints dropped by 31 percent after Northwind Traders opened it.' },
];
const base = { fragment: 'Orders rose.[^1]', instruction: 'rephrase', sectionTitle: 'Operations', facts };

describe('checkReplacement', () => {
  it('passes figures and names from the facts, the fragment and the instruction', () => {
    expect(checkReplacement({ ...base, replacement: 'Northwind Traders ships 4,200 orders a day.[^1]' })).toEqual([]);
    expect(checkReplacement({ ...base, instruction: 'say it rose by 17%', replacement: 'Orders rose by 17%.[^1]' })).toEqual([]);
    expect(checkReplacement({ ...base, fragment: 'Orders rose by 9 percent.[^1]', replacement: 'Orders grew 9 percent.[^1]' })).toEqual([]);
  });

  it('flags an invented figure and name with their place in the replacement', () => {
    const replacement = 'Orders rose.[^1] In 73.4% of cases Zebulon Quark agreed.';
    const flags = checkReplacement({ ...base, replacement });
    const figure = flags.find((flag) => flag.kind === 'number')!;
    expect(replacement.slice(figure.start, figure.end)).toBe('73.4%');
    expect(flags.some((flag) => flag.kind === 'name' && flag.token.includes('Quark'))).toBe(true);
  });

  it('flags a citation marker the replacement lost, empty at the end', () => {
    const replacement = 'Orders rose.';
    expect(checkReplacement({ ...base, replacement })).toEqual([
      { token: '[^1]', kind: 'citation', start: replacement.length, end: replacement.length },
    ]);
  });

  it('flags a marker that names no fact, but accepts any of the section’s facts', () => {
    expect(checkReplacement({ ...base, replacement: 'Orders rose.[^1][^2]' })).toEqual([]);
    expect(checkReplacement({ ...base, replacement: 'Orders rose.[^1][^9]' })).toEqual([
      { token: '[^9]', kind: 'citation', start: 16, end: 20 },
    ]);
  });

  it('takes figures and names from the sentence a fact was quoted from, a web page’s like a file’s', () => {
    const web = [
      {
        marker: 1,
        text: 'The port handled 13.5 million tonnes.',
        quote: 'The Port of Lisbon handled 13.5 million tonnes of cargo in 2022.',
      },
    ];
    const replacement = 'In 2022 the Port of Lisbon moved 13.5 million tonnes.[^1]';
    expect(checkReplacement({ ...base, facts: web, replacement })).toEqual([]);
    // without the quote, the year and the name come from nowhere
    expect(checkReplacement({ ...base, facts: [{ marker: 1, text: web[0].text }], replacement }).map((flag) => flag.token)).toEqual(
      expect.arrayContaining(['2022']),
    );
  });
});
