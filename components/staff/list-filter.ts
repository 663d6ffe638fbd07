/**
 * A staff list's From and To filters are whole days (`YYYY-MM-DD`, what a date
 * input sends): From starts at that day's first moment, To ends at its last.
 * The days are the staff member's own when the form sent their browser's time
 * zone (`tz`), so "today" is their today, the day the times in the list show;
 * without one (a form sent without script, an older link) they are UTC days.
 */
export interface DayRangeQuery {
  from?: string;
  to?: string;
  tz?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The IANA zone name if this runtime knows it, else undefined (the days are then UTC days). */
export function knownTimeZone(value: string | undefined): string | undefined {
  if (!value || value.length > 64) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** The date and time a clock in `timeZone` shows at `instant`, written as if it were UTC. */
function wallClock(instant: number, timeZone: string): number {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClocks.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, Number(p.value)]));
  return Date.UTC(part.year!, part.month! - 1, part.day!, part.hour, part.minute, part.second) + (instant % 1000);
}

const dateAt = (instant: number, timeZone: string) => new Date(wallClock(instant, timeZone)).toISOString().slice(0, 10);

/** Midnight UTC of a real calendar day, or undefined (`2026-02-30` is not one; Date would roll it into March). */
function utcMidnight(day: string | undefined): number | undefined {
  if (!day || !DAY.test(day)) return undefined;
  const at = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(at) || new Date(at).toISOString().slice(0, 10) !== day ? undefined : at;
}

/**
 * The first moment of `day` in `timeZone`. The zone's offset at its midnight
 * is not known before the moment is (a clock change that night), so both
 * offsets around it are tried; where midnight itself is skipped (a clock that
 * jumps from 00:00 to 01:00) the day starts at the first moment that is on it.
 */
function dayStart(midnight: number, timeZone: string): number {
  const day = new Date(midnight).toISOString().slice(0, 10);
  const first = midnight - (wallClock(midnight, timeZone) - midnight);
  const second = midnight - (wallClock(first, timeZone) - first);
  const onDay = [first, second].filter((instant) => dateAt(instant, timeZone) === day);
  return onDay.length > 0 ? Math.min(...onDay) : Math.max(first, second);
}

/** The filter's bounds: From's first moment and To's last, each undefined when absent or not a date. */
export function dayRange(query: DayRangeQuery): { from?: Date; to?: Date } {
  const zone = knownTimeZone(query.tz) ?? 'UTC';
  const from = utcMidnight(query.from);
  const to = utcMidnight(query.to);
  return {
    ...(from === undefined ? {} : { from: new Date(dayStart(from, zone)) }),
    ...(to === undefined ? {} : { to: new Date(dayStart(to + 86_400_000, zone) - 1) }),
  };
}

/** `path` with a filter's set values as its query (dates as ISO 8601 instants, which the API routes read). */
export function withFilterQuery(path: string, filter: Record<string, string | Date | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) {
    if (value !== undefined && value !== '') params.set(name, value instanceof Date ? value.toISOString() : value);
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
