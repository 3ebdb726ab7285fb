import type { DateInput } from '../../../lib/dates';
import { toDate } from '../../../lib/dates';
import type { CheckTimeRange } from '../../../lib/timeRange';
import {
  DEFAULT_CHECK_TIME_RANGE,
  checkTimeRangeForAge,
  isCheckTimeRange,
} from '../../../lib/timeRange';

/**
 * The range a check opens with: the shortest range from 1h up to 5y that reaches back to its
 * last run, so a check that last ran three days ago opens on `3d` and shows that run. A check
 * that never ran (or whose last run is in the future) opens on `1h`.
 */
export function defaultCheckTimeRange(
  lastRuntime: DateInput,
  now: Date = new Date(),
): CheckTimeRange {
  const last = toDate(lastRuntime);
  if (!last) return DEFAULT_CHECK_TIME_RANGE;
  const ageMinutes = (now.getTime() - last.getTime()) / 60_000;
  if (!(ageMinutes > 0)) return DEFAULT_CHECK_TIME_RANGE;
  return checkTimeRangeForAge(ageMinutes);
}

/** The range in the address when it is one of the check ranges, else the check's default. */
export function effectiveCheckTimeRange(
  fromUrl: string | null,
  lastRuntime: DateInput,
  now: Date = new Date(),
): CheckTimeRange {
  return fromUrl !== null && isCheckTimeRange(fromUrl)
    ? fromUrl
    : defaultCheckTimeRange(lastRuntime, now);
}
