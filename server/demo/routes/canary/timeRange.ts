/**
 * Time parameters of the canary endpoints: durations such as the console's time-range keys
 * (`15m`, `1h`, `1d`, `1w`, `1mo`, `1y`) or Go durations (`90m`, `1h30m`, `1.5h`, `250ms`), and
 * ISO 8601 timestamps.
 */
import { DURATION_UNITS } from '../../../../contracts/playbooks';

/** Go's units and days, weeks and years (as a playbook's duration takes them), and months. */
const UNIT_MS: Record<string, number> = { ...DURATION_UNITS, mo: 30 * 86_400_000 };

const TERM = /(\d+(?:\.\d+)?)(mo|ms|ns|us|µs|[smhdwy])/y;
const ISO_TIME =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/**
 * Milliseconds of a duration text, or null when it is not one. A month counts 30 days and a
 * year 365. A bare `0` is zero, as in Go.
 */
export function parseDuration(text: string): number | null {
  const value = text.trim();
  if (value === '0') return 0;
  if (value === '') return null;
  let total = 0;
  TERM.lastIndex = 0;
  while (TERM.lastIndex < value.length) {
    const at = TERM.lastIndex;
    const match = TERM.exec(value);
    if (!match || match.index !== at) return null;
    total += Number(match[1]) * (UNIT_MS[match[2] as string] as number);
  }
  return Number.isFinite(total) ? total : null;
}

/** A timestamp text as a Date, or null. A space before the zone offset is read as `+`. */
export function parseTimestamp(text: string): Date | null {
  const value = text
    .trim()
    .replace(/(\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?) (\d{2}(?::?\d{2})?)$/, '$1+$2');
  if (!ISO_TIME.test(value)) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time);
}

/**
 * A moment given as "this long before now" (a duration) or as a timestamp; null when the text
 * is neither.
 */
export function parseMoment(text: string, now: Date): Date | null {
  const duration = parseDuration(text);
  if (duration !== null) return new Date(now.getTime() - duration);
  return parseTimestamp(text);
}

export interface TimeWindow {
  start: Date;
  end: Date;
}

/** Length of a graph's window when neither `start` nor `since` is given. */
export const DEFAULT_GRAPH_RANGE = '1h';

/**
 * The window of a graph request from its `start`/`since` and `end`/`until` texts (either may be
 * empty); an error message when one cannot be read or the window is empty.
 */
export function graphWindow(
  startText: string | undefined,
  endText: string | undefined,
  now: Date,
): TimeWindow | { error: string } {
  const startValue = startText?.trim() || DEFAULT_GRAPH_RANGE;
  const endValue = endText?.trim() || '0s';
  const start = parseMoment(startValue, now);
  if (!start) return { error: `invalid start "${startValue}": expected a duration or a timestamp` };
  const end = parseMoment(endValue, now);
  if (!end) return { error: `invalid end "${endValue}": expected a duration or a timestamp` };
  if (start.getTime() >= end.getTime()) {
    return { error: `start ${start.toISOString()} must be before end ${end.toISOString()}` };
  }
  return { start, end };
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * How the graph aggregates a window of the given length: raw statuses up to 3 hours, then
 * buckets that keep the series to a few hundred points.
 */
const BUCKETS: ReadonlyArray<readonly [maxRangeMs: number, bucket: string, bucketMs: number]> = [
  [DAY_MS, '5 minutes', 5 * MINUTE_MS],
  [3 * DAY_MS, '15 minutes', 15 * MINUTE_MS],
  [7 * DAY_MS, '1 hour', HOUR_MS],
  [31 * DAY_MS, '3 hours', 3 * HOUR_MS],
  [93 * DAY_MS, '12 hours', 12 * HOUR_MS],
  [366 * DAY_MS, '1 day', DAY_MS],
];
export const RAW_RANGE_MS = 3 * HOUR_MS;

/** The bucket of a window (a Postgres interval and its length), or null for raw statuses. */
export function bucketOf(rangeMs: number): { interval: string; ms: number } | null {
  if (rangeMs <= RAW_RANGE_MS) return null;
  for (const [max, interval, ms] of BUCKETS) {
    if (rangeMs <= max) return { interval, ms };
  }
  return { interval: '7 days', ms: 7 * DAY_MS };
}
