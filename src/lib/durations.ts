import type { DateInput } from './dates';
import { toDate } from './dates';

/** The message shown for a custom history duration that is not in ms or s. */
export const DURATION_ERROR = 'duration is allowed only in milli seconds & seconds';

const DURATION = /^(\d+(?:\.\d+)?)\s*(ms|s)$/i;

/**
 * A custom duration in milliseconds: a non-negative number followed by `ms` or `s`
 * (`250ms` → 250, `1.5s` → 1500), rounded to whole milliseconds. Anything else gives null
 * (show `DURATION_ERROR`).
 */
export function parseDurationToMs(input: string): number | null {
  const match = DURATION.exec(input.trim());
  if (!match) return null;
  const value = Number(match[1]);
  const unit = match[2]?.toLowerCase();
  return Math.round(unit === 's' ? value * 1000 : value);
}

function oneDecimal(value: number): string {
  return String(Number(value.toFixed(1)));
}

/**
 * A latency for people: whole milliseconds under one second (`245ms`), seconds with one
 * decimal under a minute (`1.2s`), then minutes with one decimal (`2.5m`). Missing and
 * non-finite values give the empty string.
 */
export function formatLatency(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '';
  const rounded = Math.round(ms);
  if (rounded < 1000) return `${rounded}ms`;
  if (Number((ms / 1000).toFixed(1)) < 60) return `${oneDecimal(ms / 1000)}s`;
  return `${oneDecimal(ms / 60_000)}m`;
}

/**
 * The share of passed runs as a percentage with two decimals, without a `%` sign
 * (`99.50`); null when there were no runs.
 */
export function uptimePercent(passed: number, failed: number): string | null {
  const total = passed + failed;
  if (!Number.isFinite(total) || total <= 0) return null;
  return ((passed / total) * 100).toFixed(2);
}

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long something ran, from `start` to `end` (or to `now` while it has no end): `850ms`,
 * `42s`, `3m 5s`, `2h 10m`, `3d 4h`. No start, or an end before it, gives the empty string.
 */
export function runDuration(start: DateInput, end: DateInput, now: Date = new Date()): string {
  const from = toDate(start);
  if (!from) return '';
  const ms = (toDate(end) ?? now).getTime() - from.getTime();
  if (ms < 0) return '';
  if (ms < SECOND) return `${ms}ms`;
  if (ms < MINUTE) return `${Math.floor(ms / SECOND)}s`;
  const pair = (big: number, bigUnit: string, small: number, smallUnit: string) =>
    small > 0 ? `${big}${bigUnit} ${small}${smallUnit}` : `${big}${bigUnit}`;
  if (ms < HOUR) return pair(Math.floor(ms / MINUTE), 'm', Math.floor((ms % MINUTE) / SECOND), 's');
  if (ms < DAY) return pair(Math.floor(ms / HOUR), 'h', Math.floor((ms % HOUR) / MINUTE), 'm');
  return pair(Math.floor(ms / DAY), 'd', Math.floor((ms % DAY) / HOUR), 'h');
}
