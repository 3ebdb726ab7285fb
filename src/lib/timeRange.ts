import type { CheckTimeRange } from './checkTimeRanges';
import { CHECK_TIME_RANGES, DEFAULT_CHECK_TIME_RANGE } from './checkTimeRanges';
import type { TimeRangeValue } from './timeRangeParams';
import { INDEFINITELY, parseRelative, relativeRangeLabel } from './timeRangeParams';
import type { CalendarPeriod, CalendarUnit } from './zonedCalendar';
import { addCalendar, endOfPeriod, startOfPeriod } from './zonedCalendar';

export type { MappedRangeName, TimeRangeValue } from './timeRangeParams';
export {
  INDEFINITELY,
  MAPPED_RANGES,
  TIME_RANGE_PARAMS,
  isMappedRangeName,
  isValidRelativeRange,
  relativeRangeLabel,
  timeRangeFromSearchParams,
  timeRangeToSearchParams,
} from './timeRangeParams';

/** A relative range choice: its datemath expression and its label. */
export interface RelativeRangeOption {
  range: string;
  label: string;
}

/** Units of a relative range: a fixed length in milliseconds, or calendar units in the zone. */
const RELATIVE_UNITS: Record<string, number | CalendarUnit> = {
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 'days',
  w: 'weeks',
  M: 'months',
  y: 'years',
};

const STEPS = ['5m', '15m', '30m', '1h', '3h', '6h', '12h', '24h', '2d', '7d', '30d', '90d'];
const LONG_STEPS = ['6M', '1y', '2y', '5y'];

function relativeOptions(sign: '-' | '+'): RelativeRangeOption[] {
  return [...STEPS, ...LONG_STEPS].map((step) => {
    const range = `now${sign}${step}`;
    return { range, label: relativeRangeLabel(range) };
  });
}

/** Past relative ranges: 5m, 15m, 30m, 1h, 3h, 6h, 12h, 24h, 2d, 7d, 30d, 90d, 6M, 1y, 2y, 5y. */
export const PAST_RELATIVE_RANGES: readonly RelativeRangeOption[] = relativeOptions('-');

/** Future relative ranges: Indefinitely, then +5m … +5y. */
export const FUTURE_RELATIVE_RANGES: readonly RelativeRangeOption[] = [
  { range: INDEFINITELY, label: 'Indefinitely' },
  ...relativeOptions('+'),
];

export type { CheckTimeRange } from './checkTimeRanges';
export { CHECK_TIME_RANGES, DEFAULT_CHECK_TIME_RANGE, isCheckTimeRange } from './checkTimeRanges';

/** Minutes per unit of a time-range key; a month is 30 days and a year 12 such months. */
const KEY_MINUTES: Record<string, number> = {
  m: 1,
  h: 60,
  d: 1440,
  w: 10_080,
  mo: 43_200,
  y: 518_400,
};

/**
 * The length of a time-range key (`15m`, `1h`, `3d`, `2w`, `6mo`, `1y`) in minutes:
 * 15m = 15, 1h = 60, 1d = 1440, 1w = 10080, 1mo = 43200, 1y = 518400. Throws for any other
 * text.
 */
export function timeRangeKeyToMinutes(key: string): number {
  const match = /^(\d+)(mo|m|h|d|w|y)$/.exec(key.trim());
  const per = match ? KEY_MINUTES[match[2] ?? ''] : undefined;
  if (!match || per === undefined) throw new Error(`Invalid time range key: ${key}`);
  return Number(match[1]) * per;
}

/**
 * The shortest check time range that covers `ageMinutes` (at least 1h, at most 5y): the
 * default range of a check whose last run was that long ago.
 */
export function checkTimeRangeForAge(ageMinutes: number): CheckTimeRange {
  const floor = timeRangeKeyToMinutes(DEFAULT_CHECK_TIME_RANGE);
  const found = CHECK_TIME_RANGES.find((key) => {
    const minutes = timeRangeKeyToMinutes(key);
    return minutes >= floor && minutes >= ageMinutes;
  });
  return found ?? '5y';
}

/** Label of a time range for buttons: `Last 1 hour`, `Yesterday`, `Custom`, or `fallback`. */
export function timeRangeLabel(
  value: TimeRangeValue | undefined,
  formatAbsolute?: (from: string, to: string) => string,
  fallback = 'Time range',
): string {
  if (!value) return fallback;
  if (value.type === 'relative') return relativeRangeLabel(value.range);
  if (value.type === 'mapped') return value.name;
  return formatAbsolute ? formatAbsolute(value.from, value.to) : 'Custom';
}

/** A whole period containing `at`, or from its start until `until`. */
function period(
  at: number,
  unit: CalendarPeriod,
  timezone: string | undefined,
  until?: Date,
): { from: Date; to: Date } {
  return {
    from: new Date(startOfPeriod(at, unit, timezone)),
    to: until ?? new Date(endOfPeriod(at, unit, timezone)),
  };
}

function resolveMapped(name: string, now: Date, timezone?: string): { from: Date; to: Date } {
  const at = now.getTime();
  const whole = (unit: CalendarPeriod, amount = 0, by: CalendarUnit = 'days') =>
    period(addCalendar(at, -amount, by, timezone), unit, timezone);
  const soFar = (unit: CalendarPeriod) => period(at, unit, timezone, now);
  switch (name) {
    case 'Yesterday':
      return whole('day', 1);
    case 'Day before yesterday':
      return whole('day', 2);
    case 'This day last week':
      return whole('day', 7);
    case 'Previous week':
      return whole('isoWeek', 1, 'weeks');
    case 'Previous month':
      return whole('month', 1, 'months');
    case 'Previous year':
      return whole('year', 1, 'years');
    case 'Today':
      return whole('day');
    case 'Today so far':
      return soFar('day');
    case 'This week':
      return whole('isoWeek');
    case 'This week so far':
      return soFar('isoWeek');
    case 'This month':
      return whole('month');
    case 'This month so far':
      return soFar('month');
    case 'This year':
      return whole('year');
    case 'This year so far':
      return soFar('year');
    default:
      throw new Error('Invalid mapped time range');
  }
}

function parseAbsolute(value: string, end: 'from' | 'to'): Date {
  const date = new Date(value);
  if (value.trim() === '' || Number.isNaN(date.getTime())) {
    throw new Error(`Invalid absolute time range: ${end} is not a date`);
  }
  return date;
}

/**
 * The instants of a time range at `now`. Relative past ranges run from the past instant to
 * now; future ones from now to the future instant (`to` is null for `indefinitely`). Mapped
 * ranges are whole calendar periods in `timezone` (`browser`, empty or unknown: the browser's
 * zone) from the first to the last millisecond; weeks start on Monday; "so far" ranges end
 * now. Throws `Invalid mapped time range` for an unknown name and `Invalid relative time
 * range` for a range it cannot read; callers log these.
 */
export function resolveTimeRange(
  value: TimeRangeValue,
  now: Date,
  timezone?: string,
): { from: Date; to: Date | null } {
  switch (value.type) {
    case 'mapped':
      return resolveMapped(value.name, now, timezone);
    case 'absolute':
      return { from: parseAbsolute(value.from, 'from'), to: parseAbsolute(value.to, 'to') };
    case 'relative': {
      if (value.range.trim() === INDEFINITELY) return { from: now, to: null };
      const parsed = parseRelative(value.range);
      const unit = parsed && RELATIVE_UNITS[parsed.unit];
      if (!parsed || !unit) throw new Error('Invalid relative time range');
      const amount = parsed.sign * parsed.amount;
      const other = new Date(
        typeof unit === 'number'
          ? now.getTime() + amount * unit
          : addCalendar(now.getTime(), amount, unit, timezone),
      );
      return parsed.sign < 0 ? { from: other, to: now } : { from: now, to: other };
    }
  }
}
