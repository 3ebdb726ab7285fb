import { toDate } from '../../../lib/dates';
import { shortAge } from '../../../lib/relativeTime';

const HOUR = 60 * 60 * 1000;
const WEEK = 7 * 24 * HOUR;

/**
 * How long ago a check last ran, for the Health column: shown only when that is more than an
 * hour and less than seven days (`3h`, `2d`); otherwise, and for a missing date, empty.
 */
export function healthAge(lastRuntime: string | null | undefined, now: Date = new Date()): string {
  const date = toDate(lastRuntime);
  if (!date) return '';
  const age = now.getTime() - date.getTime();
  return age > HOUR && age < WEEK ? shortAge(date, now) : '';
}
