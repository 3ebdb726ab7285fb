import { useCallback } from 'react';
import type { DateInput } from '../../../lib/dates';
import type { CheckTimeRange } from '../../../lib/timeRange';
import { useUrlState } from '../../../widgets/useUrlState';
import { HEALTH_STATE } from '../model/urlState';
import { effectiveCheckTimeRange } from './defaultTimeRange';

export interface CheckTimeRangeState {
  /** The range in the address, or the check's default. */
  timeRange: CheckTimeRange;
  /** Writes a range into the address (replacing the entry, as a filter change). */
  setTimeRange: (next: CheckTimeRange) => void;
}

/**
 * The time range of the check detail, kept in the address as `timeRange`. Without a valid one
 * there, the default follows the age of the check's last run (and is not written back).
 * Another range starts the history at its first page.
 */
export function useCheckTimeRange(lastRuntime: DateInput): CheckTimeRangeState {
  const { state, set } = useUrlState(HEALTH_STATE);
  const timeRange = effectiveCheckTimeRange(state.timeRange ?? null, lastRuntime);
  const setTimeRange = useCallback(
    (next: CheckTimeRange) => set('timeRange', next, { history: 'replace' }),
    [set],
  );
  return { timeRange, setTimeRange };
}
