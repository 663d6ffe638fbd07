import { describe, expect, it } from 'vitest';
import { dayRange, knownTimeZone, withFilterQuery } from '@/components/staff/list-filter';

const iso = (range: { from?: Date; to?: Date }) => ({ from: range.from?.toISOString(), to: range.to?.toISOString() });

describe("a staff list's From and To days", () => {
  it('are UTC days without a time zone: From from its first moment, To to its last', () => {
    expect(iso(dayRange({ from: '2026-03-05', to: '2026-03-06' }))).toEqual({
      from: '2026-03-05T00:00:00.000Z',
      to: '2026-03-06T23:59:59.999Z',
    });
  });

  it("are the staff member's own days when the form sent their zone", () => {
    expect(iso(dayRange({ from: '2026-03-05', to: '2026-03-05', tz: 'Asia/Shanghai' }))).toEqual({
      from: '2026-03-04T16:00:00.000Z',
      to: '2026-03-05T15:59:59.999Z',
    });
    expect(iso(dayRange({ from: '2026-07-01', tz: 'Europe/Moscow' }))).toEqual({ from: '2026-06-30T21:00:00.000Z', to: undefined });
  });

  it('follow a clock change within the day', () => {
    // New York moves from UTC−5 to UTC−4 at 02:00 on 8 March 2026: that day is 23 hours long
    expect(iso(dayRange({ from: '2026-03-08', to: '2026-03-08', tz: 'America/New_York' }))).toEqual({
      from: '2026-03-08T05:00:00.000Z',
      to: '2026-03-09T03:59:59.999Z',
    });
    // Santiago skips midnight on 8 September 2024 (00:00 becomes 01:00, UTC−4 to UTC−3): the day starts at 01:00
    expect(iso(dayRange({ from: '2024-09-08', to: '2024-09-07', tz: 'America/Santiago' }))).toEqual({
      from: '2024-09-08T04:00:00.000Z',
      to: '2024-09-08T03:59:59.999Z',
    });
  });

  it('leave out what is not a calendar day, and read an unknown zone as UTC', () => {
    expect(dayRange({ from: '2026-02-30', to: 'yesterday' })).toEqual({});
    expect(iso(dayRange({ from: '2026-03-05', tz: 'Mars/Olympus' }))).toEqual({ from: '2026-03-05T00:00:00.000Z', to: undefined });
    expect(knownTimeZone('Mars/Olympus')).toBeUndefined();
    expect(knownTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
  });
});

describe('a filtered list address', () => {
  it('carries only the filters that are set, dates as instants', () => {
    expect(withFilterQuery('/api/staff/audit', {})).toBe('/api/staff/audit');
    expect(
      withFilterQuery('/api/staff/audit', { action: 'credits_granted', actor: '', from: new Date('2026-03-05T00:00:00Z'), to: undefined }),
    ).toBe('/api/staff/audit?action=credits_granted&from=2026-03-05T00%3A00%3A00.000Z');
  });
});
