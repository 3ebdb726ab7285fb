import { timeRangeKeyToMinutes } from '../../lib/timeRange';
import { baseApi } from '../baseApi';
import { firstRowOrNull } from '../pages';
import { defineOutcomes } from '../outcomes';
import type { RequestArgs } from '../baseQuery';
import { pg } from '../postgrest';
import type {
  CanarySpec,
  CheckDetail,
  CheckGraph,
  CheckStatusPage,
  RunCheckResult,
} from '../schemas/checks';
import {
  CanarySpecRowsStruct,
  CheckDetailRowsStruct,
  CheckGraphStruct,
  CheckStatusRowsStruct,
  RunCheckResultStruct,
} from '../schemas/checks';
import { responseSchema } from '../validate';

/** History page size and first page (spec 001 §9). */
export const CHECK_HISTORY_PAGE_SIZE = 50;
/** Seconds a history page stays fresh (spec 001 §9). */
export const CHECK_HISTORY_STALE_SECONDS = 10;

/** The relations HEALTH-02 embeds, exactly as the backend names them. */
const CHECK_DETAIL_SELECT = [
  '*',
  'canaries!checks_canary_id_fkey(id,name,source)',
  'agents!checks_agent_id_fkey(id, name)',
  'components:check_component_relationships(components(id,name,icon))',
  // `deleted_at` of the config is added to HEALTH-02's list so a deleted config can say when
  // it was deleted; the `configs` view has the column on every backend version.
  'configs:check_config_relationships(configs(id,name,type,deleted_at))',
];

/** HEALTH-02: a check with its canary, agent, components and configs. */
export function checkDetailRequest(checkId: string): RequestArgs {
  return pg('checks')
    .eq('id', checkId)
    .select(...CHECK_DETAIL_SELECT)
    .toRequest();
}

/** History status filter: Healthy is 1, Unhealthy 0 (spec 001 §5). */
export type CheckStatusFilter = 0 | 1;

export interface CheckStatusesArgs {
  checkId: string;
  /** A time-range key (`1h`, `3d`, `6mo`...): runs after now minus that much are listed. */
  timeRange: string;
  /** Only passing (1) or failing (0) runs; all when absent. */
  status?: CheckStatusFilter;
  /** Only runs that took at least this many milliseconds. */
  minDurationMs?: number;
  /** From 0. */
  pageIndex: number;
  /** Default 50. */
  pageSize?: number;
}

/** Minutes of a time-range key; an unknown key counts as one hour. */
function rangeMinutes(key: string): number {
  try {
    return timeRangeKeyToMinutes(key);
  } catch {
    return 60;
  }
}

/** Start of the history window: now minus the range, as ISO 8601. */
export function historySince(timeRange: string, now: Date = new Date()): string {
  return new Date(now.getTime() - rangeMinutes(timeRange) * 60_000).toISOString();
}

/**
 * HEALTH-05: one page of a check's runs, newest first, with the total count
 * (`Prefer: count=exact`). The start time is taken when the request is sent, so a refetch
 * moves the window along.
 */
export function checkStatusesRequest(args: CheckStatusesArgs, now: Date = new Date()): RequestArgs {
  let query = pg('check_statuses')
    .eq('check_id', args.checkId)
    .gt('time', historySince(args.timeRange, now))
    .order('time', 'desc');
  if (args.status !== undefined) query = query.eq('status', args.status);
  if (args.minDurationMs !== undefined) query = query.gte('duration', args.minDurationMs);
  return query
    .range(args.pageIndex, args.pageSize ?? CHECK_HISTORY_PAGE_SIZE)
    .count()
    .toRequest();
}

export interface CheckGraphArgs {
  checkId: string;
  /** A time-range key. */
  timeRange: string;
}

/**
 * The `start` of HEALTH-06: the key as it is (`1h`, `1w`, `1y`), except month keys, which go as
 * the ISO time that many months back.
 */
export function checkGraphStart(timeRange: string, now: Date = new Date()): string {
  const months = /^(\d+)mo$/.exec(timeRange);
  if (!months) return timeRange;
  const start = new Date(now.getTime());
  start.setUTCMonth(start.getUTCMonth() - Number(months[1]));
  return start.toISOString();
}

/** HEALTH-06: `/api/canary/api/graph?check=&count=300&start=`. */
export function checkGraphUrl(args: CheckGraphArgs, now: Date = new Date()): string {
  const query = new URLSearchParams({
    check: args.checkId,
    count: '300',
    start: checkGraphStart(args.timeRange, now),
  });
  return `/api/canary/api/graph?${query.toString()}`;
}

/** HEALTH-09: the canary of a check, by `canary_id`. */
export function canarySpecRequest(canaryId: string): RequestArgs {
  return pg('canaries').eq('id', canaryId).select('id,source,spec,name,namespace').toRequest();
}

/** HEALTH-08: `POST /api/canary/run/check/{id}`. */
export function runCheckRequest(checkId: string): RequestArgs {
  return { url: `/api/canary/run/check/${encodeURIComponent(checkId)}`, method: 'POST' };
}

/** What a successful run makes stale: the check and its graph, its history and the health list. */
export function runCheckInvalidates(checkId: string) {
  return [
    { type: 'Checks' as const, id: checkId },
    { type: 'CheckStatuses' as const, id: checkId },
    HEALTH_LIST_TAG,
  ];
}

/** The tag of the health list (HEALTH-01): the page's refresh invalidates it. */
export const HEALTH_LIST_TAG = { type: 'Checks' as const, id: 'LIST' };

/** What the health page's Refresh reloads: the check list. */
export const healthTags = [HEALTH_LIST_TAG] as const;

/**
 * The health-check detail calls. The detail and the graph of a check are tagged with the
 * check's id, its history with `CheckStatuses` and the id; a run of the check invalidates all
 * three.
 */
export const checksApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** HEALTH-02; null when there is no such check. */
    getCheckDetail: build.query<CheckDetail | null, string>({
      query: checkDetailRequest,
      rawResponseSchema: responseSchema(CheckDetailRowsStruct, 'GET /api/db/checks'),
      transformResponse: firstRowOrNull,
      providesTags: (_result, _error, checkId) => [{ type: 'Checks', id: checkId }],
    }),
    /** HEALTH-05 */
    getCheckStatuses: build.query<CheckStatusPage, CheckStatusesArgs>({
      query: (args) => checkStatusesRequest(args),
      rawResponseSchema: responseSchema(CheckStatusRowsStruct, 'GET /api/db/check_statuses'),
      transformResponse: (rows: CheckStatusPage['data'], meta) => ({
        data: rows,
        totalEntries: meta?.totalEntries,
      }),
      keepUnusedDataFor: CHECK_HISTORY_STALE_SECONDS,
      providesTags: (_result, _error, args) => [{ type: 'CheckStatuses', id: args.checkId }],
    }),
    /** HEALTH-06 */
    getCheckGraph: build.query<CheckGraph, CheckGraphArgs>({
      query: (args) => checkGraphUrl(args),
      responseSchema: responseSchema(CheckGraphStruct, 'GET /api/canary/api/graph'),
      providesTags: (_result, _error, args) => [{ type: 'Checks', id: args.checkId }],
    }),
    /** HEALTH-09; null when the canary is gone. */
    getCanarySpec: build.query<CanarySpec | null, string>({
      query: canarySpecRequest,
      rawResponseSchema: responseSchema(CanarySpecRowsStruct, 'GET /api/db/canaries'),
      transformResponse: firstRowOrNull,
      providesTags: (_result, _error, canaryId) => [{ type: 'Canaries', id: canaryId }],
    }),
    /** HEALTH-08 */
    runCheck: build.mutation<RunCheckResult, string>({
      query: runCheckRequest,
      responseSchema: responseSchema(RunCheckResultStruct, 'POST /api/canary/run/check'),
      invalidatesTags: (_result, error, checkId) => (error ? [] : runCheckInvalidates(checkId)),
    }),
    /**
     * HEALTH-08 for one of many checks run together: neither a toast nor a reload per run; the
     * caller reloads once the runs are done (`runCheckInvalidates` of the checks that ran).
     */
    runCheckInBulk: build.mutation<RunCheckResult, string>({
      query: runCheckRequest,
      responseSchema: responseSchema(RunCheckResultStruct, 'POST /api/canary/run/check'),
    }),
  }),
});

// Run Now (HEALTH-08): a failure shows the server's reason; the refreshed check shows success.
defineOutcomes(checksApi, { runCheck: { failure: 'toast' } });

export const {
  useGetCheckDetailQuery,
  useGetCheckStatusesQuery,
  useGetCheckGraphQuery,
  useGetCanarySpecQuery,
  useRunCheckMutation,
} = checksApi;
