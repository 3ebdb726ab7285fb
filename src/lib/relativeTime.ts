import type { DateInput } from './dates';
import { toDate } from './dates';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/** Dates closer to now than this are shown as an age, older ones as a date. */
export const RELATIVE_TIME_CUTOFF_MS = 7 * DAY;

/** The label of a distance under one minute. */
export const UNDER_A_MINUTE = '<1m';

/** A distance in milliseconds as a short label: `<1m`, `59m`, `5h`, `3d`, `2mo`, `1y`. */
export function shortDuration(ms: number): string {
  const abs = Math.abs(ms);
  if (abs < MINUTE) return UNDER_A_MINUTE;
  if (abs < HOUR) return `${Math.floor(abs / MINUTE)}m`;
  if (abs < DAY) return `${Math.floor(abs / HOUR)}h`;
  if (abs < MONTH) return `${Math.floor(abs / DAY)}d`;
  if (abs < YEAR) return `${Math.floor(abs / MONTH)}mo`;
  return `${Math.floor(abs / YEAR)}y`;
}

/**
 * How long ago `from` was, as a short label (`<1m`, `1m`, `5h`, `3d`, `2mo`, `1y`), rounded
 * down. Months are 30 days and years 365. A date in the future gives its distance from now.
 * Empty, invalid and year-0001 dates give the empty string.
 */
export function shortAge(from: DateInput, now: Date = new Date()): string {
  const date = toDate(from);
  if (!date) return '';
  return shortDuration(now.getTime() - date.getTime());
}

/**
 * A date within 7 days of now as an age (`just now`, `5m ago`, `3h ago`, `6d ago`; `in 2h`
 * for a future date), any other as `formatDate(from)`. Empty, invalid and year-0001 dates
 * give the empty string.
 */
export function relativeOrDate(
  from: DateInput,
  formatDate: (d: DateInput) => string,
  now: Date = new Date(),
): string {
  const date = toDate(from);
  if (!date) return '';
  const diff = now.getTime() - date.getTime();
  if (Math.abs(diff) >= RELATIVE_TIME_CUTOFF_MS) return formatDate(from);
  if (Math.abs(diff) < MINUTE) return 'just now';
  const label = shortDuration(diff);
  return diff >= 0 ? `${label} ago` : `in ${label}`;
}
