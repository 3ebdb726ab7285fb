/**
 * Calendar arithmetic in a time zone with the browser's own `Intl` zone data: the start and
 * end of a day, ISO week, month or year, and adding calendar units, as an operator in that
 * zone reads a wall clock. No zone library is needed.
 *
 * A zone is an IANA name (`Europe/Berlin`); `browser`, an empty value or a name `Intl` does
 * not know mean the browser's zone.
 */

/** Units that move the wall clock (the time of day is kept, days past a month's end clamp). */
export type CalendarUnit = 'days' | 'weeks' | 'months' | 'years';

/** Periods a range can cover; weeks start on Monday. */
export type CalendarPeriod = 'day' | 'isoWeek' | 'month' | 'year';

interface WallClock {
  year: number;
  /** 0 to 11. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The formatter writing an instant's wall clock in `zone` (the browser's zone for ''). */
function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone || undefined,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The zone `Intl` will use for `zone`: the name itself, or '' for the browser's zone. */
export function knownZone(zone: string | undefined): string {
  if (!zone || zone === 'browser') return '';
  if (formatters.has(zone)) return zone;
  try {
    formatterFor(zone);
    return zone;
  } catch {
    return '';
  }
}

function wallClock(instant: number, zone: string): WallClock {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(zone).formatToParts(instant)) parts[part.type] = part.value;
  const year = Number(parts.year);
  return {
    year: parts.era === 'BC' ? 1 - year : year,
    month: Number(parts.month) - 1,
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    millisecond: ((instant % 1000) + 1000) % 1000,
  };
}

/** A wall clock read as if it were UTC: milliseconds comparable with instants. */
function wallTime(wall: WallClock): number {
  const date = new Date(0);
  date.setUTCFullYear(wall.year, wall.month, wall.day);
  date.setUTCHours(wall.hour, wall.minute, wall.second, wall.millisecond);
  return date.getTime();
}

/** How far `zone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, zone: string): number {
  return wallTime(wallClock(instant, zone)) - instant;
}

/**
 * The instant `zone`'s clock shows `wall`. A time the clock skips (moving forward) is read
 * with the offset before the change, so it lands as far past the change as it was into the
 * gap; a time the clock shows twice (moving back) is the occurrence with offset `keep` when
 * there is one (moving a clock by days keeps its offset where it can), else the first.
 */
function instantOf(wall: WallClock, zone: string, keep?: number): number {
  const local = wallTime(wall);
  const before = offsetAt(local - DAY, zone);
  const after = offsetAt(local + DAY, zone);
  const fits = [local - before, local - after].filter((t) => offsetAt(t, zone) === local - t);
  const kept = fits.find((t) => local - t === keep);
  if (kept !== undefined) return kept;
  if (fits.length > 0) return Math.min(...fits);
  return local - before;
}

/** Days in a month (0-based) of a year. */
function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/** `instant` moved by `amount` calendar units on `zone`'s wall clock. */
export function addCalendar(
  instant: number,
  amount: number,
  unit: CalendarUnit,
  zoneSetting?: string,
): number {
  const zone = knownZone(zoneSetting);
  const wall = wallClock(instant, zone);
  const keep = wallTime(wall) - instant;
  if (unit === 'days' || unit === 'weeks') {
    const days = unit === 'weeks' ? amount * 7 : amount;
    const moved = new Date(Date.UTC(wall.year, wall.month, wall.day + days));
    return instantOf(
      {
        ...wall,
        year: moved.getUTCFullYear(),
        month: moved.getUTCMonth(),
        day: moved.getUTCDate(),
      },
      zone,
      keep,
    );
  }
  const months = wall.year * 12 + wall.month + (unit === 'years' ? amount * 12 : amount);
  const year = Math.floor(months / 12);
  const month = months - year * 12;
  return instantOf(
    { ...wall, year, month, day: Math.min(wall.day, daysInMonth(year, month)) },
    zone,
    keep,
  );
}

/** The first wall-clock instant of the period holding `wall`. */
function periodStart(wall: WallClock, period: CalendarPeriod): WallClock {
  const midnight = { ...wall, hour: 0, minute: 0, second: 0, millisecond: 0 };
  switch (period) {
    case 'day':
      return midnight;
    case 'isoWeek': {
      const weekday = new Date(Date.UTC(wall.year, wall.month, wall.day)).getUTCDay();
      const monday = new Date(Date.UTC(wall.year, wall.month, wall.day - ((weekday + 6) % 7)));
      return {
        ...midnight,
        year: monday.getUTCFullYear(),
        month: monday.getUTCMonth(),
        day: monday.getUTCDate(),
      };
    }
    case 'month':
      return { ...midnight, day: 1 };
    case 'year':
      return { ...midnight, month: 0, day: 1 };
  }
}

/** The start of the period holding `instant` in `zone`. */
export function startOfPeriod(
  instant: number,
  period: CalendarPeriod,
  zoneSetting?: string,
): number {
  const zone = knownZone(zoneSetting);
  return instantOf(periodStart(wallClock(instant, zone), period), zone);
}

/** The last millisecond of the period holding `instant` in `zone`. */
export function endOfPeriod(instant: number, period: CalendarPeriod, zoneSetting?: string): number {
  const zone = knownZone(zoneSetting);
  const start = periodStart(wallClock(instant, zone), period);
  const next = new Date(Date.UTC(start.year, start.month, start.day));
  if (period === 'day') next.setUTCDate(next.getUTCDate() + 1);
  if (period === 'isoWeek') next.setUTCDate(next.getUTCDate() + 7);
  if (period === 'month') next.setUTCMonth(next.getUTCMonth() + 1);
  if (period === 'year') next.setUTCFullYear(next.getUTCFullYear() + 1);
  const following = {
    ...start,
    year: next.getUTCFullYear(),
    month: next.getUTCMonth(),
    day: next.getUTCDate(),
  };
  return instantOf(following, zone) - 1;
}
