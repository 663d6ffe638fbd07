import { describe, expect, it } from 'vitest';
import { csvField } from '@/lib/text/csv';

describe('csvField', () => {
  it('neutralises a cell a spreadsheet would run as a formula', () => {
    for (const value of ['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1']) expect(csvField(value).replace(/^"/, '')).toMatch(/^'/);
  });

  it('quotes a cell holding a comma, a quote or a line break, doubling the quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('one\ntwo')).toBe('"one\ntwo"');
    expect(csvField('=cmd|"/c calc"!A0')).toBe('"\'=cmd|""/c calc""!A0"');
  });

  it('leaves plain text as it is and writes null as an empty cell', () => {
    expect(csvField('staff@example.com')).toBe('staff@example.com');
    expect(csvField('2026-12-05T10:00:00.000Z')).toBe('2026-12-05T10:00:00.000Z');
    expect(csvField(null)).toBe('');
  });
});
