import type { CheckTimeRange } from './checkTimeRanges';
import { CHECK_TIME_RANGES, DEFAULT_CHECK_TIME_RANGE } from './checkTimeRanges';
import { moment } from './moment';
import type { TimeRangeValue } from './timeRangeParams';
import { INDEFINITELY, parseRelative, relativeRangeLabel } from './timeRangeParams';

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

const MOMENT_UNITS: Record<string, moment.unitOfTime.DurationConstructor> = {
  s: 'seconds',
  m: 'minutes',
  h: 'hours',
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

function inZone(now: Date, timezone: string | undefined): moment.Moment {
  if (timezone && timezone !== 'browser' && moment.tz.zone(timezone)) {
    return moment.tz(now.getTime(), timezone);
  }
  return moment(now.getTime());
}

type Period = 'day' | 'isoWeek' | 'month' | 'year';

/** A whole period containing `at`, or from its start until `until`. */
function period(at: moment.Moment, unit: Period, until?: Date): { from: Date; to: Date } {
  return {
    from: at.clone().startOf(unit).toDate(),
    to: until ?? at.clone().endOf(unit).toDate(),
  };
}

function resolveMapped(name: string, now: Date, timezone?: string): { from: Date; to: Date } {
  const zoned = inZone(now, timezone);
  const back = (amount: number, unit: moment.unitOfTime.DurationConstructor) =>
    zoned.clone().subtract(amount, unit);
  switch (name) {
    case 'Yesterday':
      return period(back(1, 'days'), 'day');
    case 'Day before yesterday':
      return period(back(2, 'days'), 'day');
    case 'This day last week':
      return period(back(7, 'days'), 'day');
    case 'Previous week':
      return period(back(1, 'weeks'), 'isoWeek');
    case 'Previous month':
      return period(back(1, 'months'), 'month');
    case 'Previous year':
      return period(back(1, 'years'), 'year');
    case 'Today':
      return period(zoned, 'day');
    case 'Today so far':
      return period(zoned, 'day', now);
    case 'This week':
      return period(zoned, 'isoWeek');
    case 'This week so far':
      return period(zoned, 'isoWeek', now);
    case 'This month':
      return period(zoned, 'month');
    case 'This month so far':
      return period(zoned, 'month', now);
    case 'This year':
      return period(zoned, 'year');
    case 'This year so far':
      return period(zoned, 'year', now);
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
      const unit = parsed && MOMENT_UNITS[parsed.unit];
      if (!parsed || !unit) throw new Error('Invalid relative time range');
      const other = inZone(now, timezone)
        .add(parsed.sign * parsed.amount, unit)
        .toDate();
      return parsed.sign < 0 ? { from: other, to: now } : { from: now, to: other };
    }
  }
}
