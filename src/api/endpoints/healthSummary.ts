import { baseApi } from '../baseApi';
import type { HealthSummary, HealthSummaryResponse } from '../schemas/healthSummary';
import { HealthSummaryResponseStruct, unwrapHealthSummary } from '../schemas/healthSummary';
import { responseSchema } from '../validate';

/** The path of HEALTH-01. It is sent without a query string. */
export const HEALTH_SUMMARY_URL = '/api/canary/api/summary';

/**
 * What a summary is asked for. Neither field is sent (HEALTH-01 has no query string); they
 * make each time range and each refresh a request of its own, so a new one can start while an
 * older one is still running (and cancel it, see `runningHealthSummary`).
 */
export interface HealthSummaryArgs {
  /** The page's time-range key (`1h`, `1d`...). */
  timeRange: string;
  /** The page's refresh counter. */
  refresh: number;
}

/**
 * The health page's list (HEALTH-01). It provides `Checks/LIST`, so running a check refreshes
 * it; unused entries are dropped at once because every refresh has an entry of its own.
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
