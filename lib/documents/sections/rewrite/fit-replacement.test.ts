import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentArbitrary } from '@/tests/support/canvas/canvas-arbitraries';
import { canonicalize, serializeSection } from '@/lib/documents/canvas/serialize-section';
import { validateRange } from '@/lib/documents/canvas/splice';
import { escapeMarkup, fitReplacement } from './fit-replacement';

const rangeOf = (body: string, part: string) => [body.indexOf(part), body.indexOf(part) + part.length] as const;

describe('fitReplacement', () => {
  it('replaces a Cyrillic and emoji range and reports where the replacement sits', () => {
    const body = canonicalize('Отчёт 🚀 о складе[^1] в Лиссабоне 👍🏽.\n\n- пункт один\n- пункт два 😀');
    const [start, end] = rangeOf(body, 'о складе[^1] в Лиссабоне 👍🏽');
    const fitted = fitReplacement(body, start, end, 'о новом складе 🎉[^1]');
    expect(fitted).toEqual({
      body: `${body.slice(0, start)}о новом складе 🎉[^1]${body.slice(end)}`,
      range: { start, end: start + 'о новом складе 🎉[^1]'.length },
      replacement: 'о новом складе 🎉[^1]',
    });
  });

  it.each([
    ['a stray ** inside bold', 'Hello **world** and more.', 'world', 'big* world', 'big\\* world'],
    ['a paragraph break inside bold', 'Hello **world** and more.', 'world', 'new\n\npara', 'new para'],
    ['a | inside a table cell', '| a | b |\n| --- | --- |\n| c | d |', 'c', 'x | y', 'x \\| y'],
  ])(
    'falls back to a plainer replacement when its markup would pair with the neighbours (%s)',
    (_case, markdown, part, replacement, expected) => {
      const body = canonicalize(markdown);
      const [start, end] = rangeOf(body, part);
      const fitted = fitReplacement(body, start, end, replacement);
      expect(fitted?.replacement).toBe(expected);
      expect(fitted?.body.slice(0, start)).toBe(body.slice(0, start));
      expect(fitted?.body.slice(fitted.range.end)).toBe(body.slice(end));
    },
  );

  it('keeps a paragraph break the fragment itself spanned', () => {
    const body = canonicalize('First paragraph.\n\nSecond paragraph.\n\nThird.');
    const [start, end] = rangeOf(body, 'First paragraph.\n\nSecond paragraph.');
    expect(fitReplacement(body, start, end, 'One.\n\nTwo.')?.body).toBe('One.\n\nTwo.\n\nThird.');
  });

  it('refuses (null) a range that cuts markup no replacement can mend', () => {
    const body = canonicalize('Hello **world** and more.');
    const [start, end] = rangeOf(body, 'Hello **');
    expect(fitReplacement(body, start, end, 'Hi ')).toBeNull();
  });

  it('never changes text outside the range, for any canonical section, range and replacement', () => {
    const replacement = fc
      .array(
        fc.constantFrom('word', ' ', 'Слово', '市场', '😀', '*', '**', '_', '|', '[^1]', '\n', '\n\n', '# ', '- ', '1. ', '\\', '`', '>'),
        { maxLength: 8 },
      )
      .map((parts) => parts.join(''));
    const scenario = documentArbitrary.chain((doc) => {
      const body = serializeSection(doc);
      return fc.tuple(fc.constant(body), fc.nat(body.length), fc.nat(body.length), replacement);
    });
    let fitted = 0;
    fc.assert(
      fc.property(scenario, ([body, a, b, text]) => {
        const [start, end] = [Math.min(a, b), Math.max(a, b)];
        fc.pre(validateRange(body, start, end).ok);
        const result = fitReplacement(body, start, end, text);
        if (!result) return;
        fitted++;
        expect(result.body.slice(0, start)).toBe(body.slice(0, start));
        expect(result.body.slice(result.range.end)).toBe(body.slice(end));
        expect(result.body.slice(result.range.start, result.range.end)).toBe(result.replacement);
        expect(canonicalize(result.body)).toBe(result.body);
      }),
      { numRuns: 100 },
    );
    expect(fitted).toBeGreaterThan(0);
  });
});

describe('escapeMarkup', () => {
  it('escapes markup but keeps citation markers and existing escapes', () => {
    expect(escapeMarkup('a*b_c [^2] x|y \\* [link]')).toBe('a\\*b\\_c [^2] x\\|y \\* \\[link\\]');
  });
});
