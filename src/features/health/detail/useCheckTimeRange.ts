import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { DateInput } from '../../../lib/dates';
import type { CheckTimeRange } from '../../../lib/timeRange';
import { effectiveCheckTimeRange } from './defaultTimeRange';

/** The address parameter that holds the time range of the open check. */
export const TIME_RANGE_PARAM = 'timeRange';

export interface CheckTimeRangeState {
  /** The range in the address, or the check's default. */
  timeRange: CheckTimeRange;
  /** Writes a range into the address (replacing the entry, as a filter change). */
  setTimeRange: (next: CheckTimeRange) => void;
}

/**
 * The time range of the check detail, kept in the address as `timeRange`. Without a valid one
 * there, the default follows the age of the check's last run (and is not written back).
 */
export function useCheckTimeRange(lastRuntime: DateInput): CheckTimeRangeState {
  const [params, setParams] = useSearchParams();
  const timeRange = effectiveCheckTimeRange(params.get(TIME_RANGE_PARAM), lastRuntime);
  const setTimeRange = useCallback(
    (next: CheckTimeRange) =>
      setParams(
        (previous) => {
          const updated = new URLSearchParams(previous);
          updated.set(TIME_RANGE_PARAM, next);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { timeRange, setTimeRange };
}
