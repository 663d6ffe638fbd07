import { describe, expect, it } from 'vitest';

import { factCheck } from './fact-check';
import { normalizeNumber } from './fact-tokens';

const tokens = (result: ReturnType<typeof factCheck>) => result.flags.map((flag) => `${flag.kind}:${flag.token}`);

describe('factCheck', () => {
  it('flags an invented number and an invented name', () => {
    const result = factCheck({
      text: 'Revenue grew by 42% last year, said analyst Zebulon Quark.',
      facts: ['Revenue grew by 12% in 2023.'],
      allowedSources: ['Revenue grew last year.', 'make it punchier'],
    });
    expect(tokens(result)).toEqual(['number:42%', 'name:Zebulon Quark']);
    const flag = result.flags[1];
    expect('Revenue grew by 42% last year, said analyst Zebulon Quark.'.slice(flag.start, flag.end)).toBe('Zebulon Quark');
  });

  it('passes numbers present in the facts or in the instruction, in any notation', () => {
    const result = factCheck({
      text: 'The plant employs 1,200 people and 3,5 % of them work nights; 250 joined in 2024.',
      facts: ['The plant employs 1 200 people; 3.5% work nights.'],
      allowedSources: ['The plant is large.', 'mention that 250 joined in 2024'],
    });
    expect(result.flags).toEqual([]);
  });

  it('does not treat citation markers or list numbers as numbers', () => {
    const result = factCheck({ text: '1. Output rose[^7].\n2. It fell[^8].', facts: ['Output rose.'], allowedSources: [] });
    expect(result.flags).toEqual([]);
  });

  it('checks dates and codes', () => {
    const result = factCheck({
      text: 'Certified to ISO-9001 on 12 March 2021, firmware v2.4.1 and part A1B2-33.',
      facts: ['Certified ISO 9001 on 2021-03-12.', 'Part A1B2-33.'],
      allowedSources: [],
    });
    expect(tokens(result)).toEqual(['code:v2.4.1']);
  });

  it('flags Cyrillic names not in the facts and accepts inflected ones that are', () => {
    const result = factCheck({
      text: 'Завод в Москве открыл Иван Петров, а продукцию хвалит Аркадий Громов.',
      facts: ['Завод в Москва открыл Иван Петров.'],
      allowedSources: [],
    });
    expect(tokens(result)).toEqual(['name:Аркадий Громов']);
  });

  it('flags Chinese quoted names absent from the facts', () => {
    const result = factCheck({
      text: '该项目由「星辰科技」与“华夏集团”合作完成。',
      facts: ['该项目由星辰科技完成。'],
      allowedSources: [],
    });
    expect(tokens(result)).toEqual(['name:华夏集团']);
  });

  it('does not flag the capitalised first word of a sentence', () => {
    const result = factCheck({ text: 'Growth slowed. However, margins held.', facts: ['growth slowed, margins held'], allowedSources: [] });
    expect(result.flags).toEqual([]);
  });
});

describe('normalizeNumber', () => {
  it('reads en and ru thousands and decimals alike', () => {
    expect(normalizeNumber('1,200')).toBe('1200');
    expect(normalizeNumber('1 200')).toBe('1200');
    expect(normalizeNumber('1200')).toBe('1200');
    expect(normalizeNumber('3,5')).toBe('3.5');
    expect(normalizeNumber('3.50')).toBe('3.5');
    expect(normalizeNumber('15 %')).toBe('15');
  });
});
