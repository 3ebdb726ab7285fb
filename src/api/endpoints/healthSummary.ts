import { baseApi } from '../baseApi';
import type { HealthSummary, HealthSummaryResponse } from '../schemas/healthSummary';
import { HealthSummaryResponseStruct, unwrapHealthSummary } from '../schemas/healthSummary';
import { responseSchema } from '../validate';

/** The path of HEALTH-01. It is sent without a query string. */
export const HEALTH_SUMMARY_URL = '/api/canary/api/summary';

/**
 * What a summary is asked for. The field is not sent (HEALTH-01 has no query string); it makes
 * each time range a request of its own, so a new one can start while an older one is still
 * running (and cancel it, see `runningHealthSummary`).
 */
export interface HealthSummaryArgs {
  /** The page's time-range key (`1h`, `1d`...). */
  timeRange: string;
}

/**
 * The health page's list (HEALTH-01). It provides `Checks/LIST`: the page's refresh button and
 * a check's run invalidate it. Unused entries are dropped at once.
 */
export const healthSummaryApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** HEALTH-01 */
    getHealthSummary: build.query<HealthSummary, HealthSummaryArgs, HealthSummaryResponse>({
      query: () => HEALTH_SUMMARY_URL,
      rawResponseSchema: responseSchema(HealthSummaryResponseStruct, `GET ${HEALTH_SUMMARY_URL}`),
      transformResponse: (response: HealthSummaryResponse) => unwrapHealthSummary(response),
      keepUnusedDataFor: 0,
      providesTags: [{ type: 'Checks', id: 'LIST' }],
    }),
  }),
});

export const { useGetHealthSummaryQuery } = healthSummaryApi;

/**
 * A thunk giving the running summary request of `args`, if there is one:
 * `dispatch(runningHealthSummary(args))?.abort()` cancels it.
 */
export function runningHealthSummary(args: HealthSummaryArgs) {
  return healthSummaryApi.util.getRunningQueryThunk('getHealthSummary', args);
}
