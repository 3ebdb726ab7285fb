/*
 * The time-range keys of a check, apart from the date arithmetic of `timeRange.ts` (and its
 * moment): the address of /health names one, and every page's links build that address.
 */

/** The time-range keys of a check's detail view, shortest first. */
export const CHECK_TIME_RANGES = [
  '15m',
  '1h',
  '2h',
  '3h',
  '6h',
  '12h',
  '1d',
  '2d',
  '3d',
  '1w',
  '2w',
  '3w',
  '1mo',
  '2mo',
  '3mo',
  '6mo',
  '1y',
  '2y',
  '3y',
  '5y',
] as const;

export type CheckTimeRange = (typeof CHECK_TIME_RANGES)[number];

/** The time range a check opens with. */
export const DEFAULT_CHECK_TIME_RANGE: CheckTimeRange = '1h';

/** Whether `key` is one of `CHECK_TIME_RANGES`. */
export function isCheckTimeRange(key: string): key is CheckTimeRange {
  return (CHECK_TIME_RANGES as readonly string[]).includes(key);
}
