import type { DateInput } from '../../../../lib/dates';
import { toDate } from '../../../../lib/dates';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long a run took, from its start to its end (or to `now` while it runs): `850ms`, `42s`,
 * `3m 5s`, `2h 10m`, `3d 4h`. Empty without a start, or with an end before the start.
 */
export function runDuration(start: DateInput, end: DateInput, now: Date = new Date()): string {
  const from = toDate(start);
  if (!from) return '';
  const to = toDate(end) ?? now;
  const ms = to.getTime() - from.getTime();
  if (ms < 0) return '';
  if (ms < SECOND) return `${ms}ms`;
  if (ms < MINUTE) return `${Math.floor(ms / SECOND)}s`;
  const pair = (big: number, bigUnit: string, small: number, smallUnit: string) =>
    small > 0 ? `${big}${bigUnit} ${small}${smallUnit}` : `${big}${bigUnit}`;
  if (ms < HOUR) {
    return pair(Math.floor(ms / MINUTE), 'm', Math.floor((ms % MINUTE) / SECOND), 's');
  }
  if (ms < DAY) return pair(Math.floor(ms / HOUR), 'h', Math.floor((ms % HOUR) / MINUTE), 'm');
  return pair(Math.floor(ms / DAY), 'd', Math.floor((ms % DAY) / HOUR), 'h');
}

/** A status or health word for people: `healthy` → `Healthy`, `pending_approval` → `Pending approval`. */
export function statusWord(value: string | null | undefined): string {
  const text = (value ?? '').trim().replace(/_/g, ' ');
  return text === '' ? '' : text.charAt(0).toUpperCase() + text.slice(1);
}

/** External ids as a list: the backend sends an array (or, from older rows, one text). */
export function externalIds(value: readonly string[] | string | null | undefined): string[] {
  if (!value) return [];
  return (typeof value === 'string' ? [value] : [...value]).filter((id) => id !== '');
}
