import type { DateInput } from '../../../../lib/dates';

/** Access is stale when its user has not signed in for this many days, or never has. */
export const STALE_AFTER_DAYS = 90;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether access last used at `lastSignedIn` is stale at `now`: no sign-in at all, or the last
 * one more than `STALE_AFTER_DAYS` days before `now`. An unreadable time counts as none.
 */
export function isStale(lastSignedIn: DateInput, now: Date): boolean {
  if (lastSignedIn === null || lastSignedIn === undefined || lastSignedIn === '') return true;
  const time = new Date(lastSignedIn).getTime();
  if (Number.isNaN(time)) return true;
  return now.getTime() - time > STALE_AFTER_DAYS * DAY_MS;
}
