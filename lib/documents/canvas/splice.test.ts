import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { citationMarkers, missingCitations, spliceRange, validateRange } from './splice';

describe('validateRange', () => {
  const body = 'ab😀cd';
  it('accepts a range inside the text', () => {
    expect(validateRange(body, 0, 2)).toEqual({ ok: true });
    expect(validateRange(body, 2, 4)).toEqual({ ok: true });
  });
  it('names what is wrong with a bad range', () => {
    expect(validateRange(body, -1, 2)).toMatchObject({ ok: false, code: 'range_out_of_bounds' });
    expect(validateRange(body, 0, 99)).toMatchObject({ ok: false, code: 'range_out_of_bounds' });
    expect(validateRange(body, 1.5, 2)).toMatchObject({ ok: false, code: 'range_out_of_bounds' });
    expect(validateRange(body, 3, 1)).toMatchObject({ ok: false, code: 'range_reversed' });
    expect(validateRange(body, 2, 2)).toMatchObject({ ok: false, code: 'range_empty' });
    expect(validateRange(body, 3, 5)).toMatchObject({ ok: false, code: 'range_splits_surrogate' });
    expect(validateRange(body, 0, 3)).toMatchObject({ ok: false, code: 'range_splits_surrogate' });
  });
});

describe('spliceRange', () => {
  it('replaces exactly the range', () => {
    expect(spliceRange('Привет, мир', 8, 11, 'world')).toBe('Привет, world');
  });
  it('refuses a range that cuts an emoji', () => {
    expect(() => spliceRange('a😀', 0, 2, 'x')).toThrow(/range_splits_surrogate/);
  });
  it('keeps the text outside the range byte for byte', () => {
    const scenario = fc
      .string({ unit: 'grapheme', minLength: 1 })
      .chain((body) => fc.tuple(fc.constant(body), fc.nat(body.length), fc.nat(body.length), fc.string({ unit: 'grapheme' })));
    fc.assert(
      fc.property(scenario, ([body, a, b, replacement]) => {
        const [start, end] = [Math.min(a, b), Math.max(a, b)];
        fc.pre(validateRange(body, start, end).ok || start === end);
        fc.pre(!/[\uDC00-\uDFFF]/.test(body[start] ?? '') && !/[\uDC00-\uDFFF]/.test(body[end] ?? ''));
        const result = spliceRange(body, start, end, replacement);
        expect(result.slice(0, start)).toBe(body.slice(0, start));
        expect(result.slice(start + replacement.length)).toBe(body.slice(end));
        expect(result.slice(start, start + replacement.length)).toBe(replacement);
      }),
    );
  });
});

describe('citation markers', () => {
  it('finds markers and ignores escaped ones', () => {
    expect(citationMarkers('a[^1] b[^src2] \\[^3] c[^1]')).toEqual(['[^1]', '[^src2]', '[^1]']);
  });
  it('reports the markers a rewrite lost', () => {
    expect(missingCitations('x[^1] y[^2] z[^2]', 'rewritten[^2]')).toEqual(['[^1]']);
    expect(missingCitations('x[^1]', 'kept[^1] and more')).toEqual([]);
  });
});
