import { useMemo } from 'react';
import type { HealthSummaryArgs } from '../../api/endpoints/healthSummary';
import { runningHealthSummary, useGetHealthSummaryQuery } from '../../api/endpoints/healthSummary';
import { toErrorMessage } from '../../api/errors';
import type { CheckSummary } from '../../api/schemas/healthSummary';
import { isAbortError, useAbortSuperseded } from '../../widgets/useAbortSuperseded';
import type { RefreshRate } from './model/refreshRate';
import { refreshRateMs } from './model/refreshRate';

const EMPTY: readonly CheckSummary[] = [];

export interface HealthSummaryState {
  /** The latest list received (kept while a newer one loads). */
  checks: readonly CheckSummary[];
  /** When that list arrived (epoch ms); 0 before the first. */
  receivedAt: number;
  /** True until the first list arrives. */
  isLoading: boolean;
  /** True while any request runs. */
  isFetching: boolean;
  /** Why the latest request failed, in the user's words; never a cancellation. */
  error: string | undefined;
}

/**
 * The health summary (HEALTH-01), fetched again when the time range changes, when its tag is
 * invalidated (the page's refresh, a check's run) and every `refreshRate` (`none`: never). A
 * request that starts for a new time range cancels the one still running; cancellations are
 * not errors. A
 * poll that comes while a request is still running is skipped (RTK Query's own rule).
 */
export function useHealthSummary(timeRange: string, refreshRate: RefreshRate): HealthSummaryState {
  const args = useMemo<HealthSummaryArgs>(() => ({ timeRange }), [timeRange]);
  useAbortSuperseded(runningHealthSummary, args);

  const { data, isLoading, isFetching, error } = useGetHealthSummaryQuery(args, {
    pollingInterval: refreshRateMs(refreshRate),
    skipPollingIfUnfocused: false,
    // Back to an earlier time range before its entry is dropped: ask again all the same.
    refetchOnMountOrArgChange: true,
  });
  const failure = error && !isAbortError(error) ? toErrorMessage(error) : undefined;
  return {
    checks: data?.checks ?? EMPTY,
    receivedAt: data?.receivedAt ?? 0,
    isLoading,
    isFetching,
    error: failure,
  };
}
