/**
 * Job history (api.md §14): the runs of scheduled jobs a page at a time (JOB-01) and the names
 * of the jobs that ran (JOB-02).
 */
import type { TriStateMap } from '../../lib/triState';
import { triStateToQuery } from '../../lib/triState';
import type { TimeRangeValue } from '../../lib/timeRange';
import { resolveTimeRange } from '../../lib/timeRange';
import type { SortOrder } from '../../lib/listState';
import { baseApi } from '../baseApi';
import type { RequestArgs } from '../baseQuery';
import { pg, pgCondition } from '../postgrest';
import type { JobHistoryRow, JobName, JobProperty, JobSummary } from '../schemas/jobHistory';
import {
  JobHistoryRowsStruct,
  JobNamesStruct,
  JobPropertiesStruct,
  JobSummariesStruct,
} from '../schemas/jobHistory';
import { responseSchema } from '../validate';
import { pageOf } from '../pages';

/** The relation of JOB-01. */
const HISTORY_VIEW = 'job_histories';

/** The column JOB-01 sorts by when the list names none, newest first. */
export const DEFAULT_JOB_SORT = { sortBy: 'created_at', sortOrder: 'desc' } as const;

// ----------------------------------------------------------------------------------- JOB-01

/** What a job history list asks JOB-01 for. */
export interface JobHistoryArgs {
  /** Zero-based page. */
  pageIndex: number;
  /** Rows per page. */
  pageSize: number;
  /** Kind of resource the jobs ran for (`resource_type.filter`), e.g. `canary`. */
  resourceType?: string;
  /** Only this resource's jobs (`resource_id=eq.`). */
  resourceId?: string;
  /** Job names, included (1) or excluded (-1). */
  name?: TriStateMap;
  /** Statuses, included or excluded. */
  status?: TriStateMap;
  /** The sorted column; `created_at` without one. */
  sortBy?: string;
  /** `desc` without one. */
  sortOrder?: SortOrder;
  /**
   * When the runs were created. Resolved to absolute instants each time the request is made,
   * so a refetch of a relative range reads up to the moment it is sent.
   */
  timeRange?: TimeRangeValue;
  /** The zone calendar ranges are resolved in (the user's preference). */
  timezone?: string;
  /** Only runs that took at least this many milliseconds (`duration_millis=gte.`). */
  minDurationMs?: number;
}

const hasItems = (map: TriStateMap | undefined): map is TriStateMap =>
  map !== undefined && Object.keys(map).length > 0;

/**
 * The instants of a time range at `now` as ISO strings; undefined for a range that cannot be
 * read or that has no end (such a range filters nothing).
 */
export function jobTimeWindow(
  range: TimeRangeValue,
  now: Date,
  timezone?: string,
): { from: string; to: string } | undefined {
  try {
    const { from, to } = resolveTimeRange(range, now, timezone);
    return to ? { from: from.toISOString(), to: to.toISOString() } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * JOB-01 exactly as api.md writes it, parameters in its order and with its leading `?&`:
 * `?&select=*&limit&offset[&resource_type.filter][&resource_id=eq.][&name.filter]
 * [&status.filter]&order={sortBy}.{sortOrder}[&and=(created_at.gt.{from},created_at.lt.{to})]
 * [&duration_millis=gte.{ms}]`, with `Prefer: count=exact` for the total. The time range is
 * resolved at `now`.
 */
export function jobHistoryRequest(args: JobHistoryArgs, now: Date = new Date()): RequestArgs {
  let query = pg(HISTORY_VIEW).select('*').range(args.pageIndex, args.pageSize);
  if (args.resourceType) query = query.filter('resource_type', args.resourceType);
  if (args.resourceId) query = query.eq('resource_id', args.resourceId);
  if (hasItems(args.name)) query = query.filter('name', triStateToQuery(args.name));
  if (hasItems(args.status)) query = query.filter('status', triStateToQuery(args.status));
  query = query.order(
    args.sortBy || DEFAULT_JOB_SORT.sortBy,
    args.sortOrder ?? DEFAULT_JOB_SORT.sortOrder,
  );
  const window = args.timeRange && jobTimeWindow(args.timeRange, now, args.timezone);
  if (window) {
    query = query.and([
      pgCondition('created_at', 'gt', window.from),
      pgCondition('created_at', 'lt', window.to),
    ]);
  }
  if (args.minDurationMs !== undefined && args.minDurationMs > 0) {
    query = query.gte('duration_millis', args.minDurationMs);
  }
  const request = query.count().toRequest();
  // The reference's request starts its query with an empty parameter (`?&select=*`).
  return { ...request, url: request.url.replace('?', '?&') };
}

/** One page of job history. */
export interface JobHistoryPage {
  rows: JobHistoryRow[];
  /** From `Content-Range`; the page's length when the backend sends no total. */
  total: number;
}

// ----------------------------------------------------------------------------------- JOB-02

/** JOB-02: `job_history_names?order=name.asc`. */
export function jobNamesRequest(): RequestArgs {
  return pg('job_history_names').order('name', 'asc').toRequest();
}

/** The properties that override a job (`jobs.<name>.*`), by name. */
export function jobPropertiesRequest(name: string): RequestArgs {
  return pg('properties')
    .select('name', 'value')
    .like('name', `jobs.${name}.*`)
    .order('name', 'asc')
    .toRequest();
}

/** Every job's runs summed up, by name (`job_history_summary`); one job's with `name`. */
export function jobSummariesRequest(name?: string): RequestArgs {
  let query = pg('job_history_summary').select('*').order('name', 'asc');
  if (name !== undefined) query = query.eq('name', name);
  return query.toRequest();
}

// --------------------------------------------------------------------------------- endpoints

const jobHistoryApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** JOB-01: runs of jobs, a page at a time, with the filters of the list. */
    getJobHistory: build.query<JobHistoryPage, JobHistoryArgs, JobHistoryRow[]>({
      query: (args) => jobHistoryRequest(args),
      rawResponseSchema: responseSchema(JobHistoryRowsStruct, `GET /api/db/${HISTORY_VIEW}`),
      transformResponse: pageOf('rows', 'total'),
      providesTags: [{ type: 'Jobs', id: 'LIST' }],
    }),
    /** JOB-02: the names of the jobs that ran, for the name filter. */
    getJobNames: build.query<string[], void, JobName[]>({
      query: jobNamesRequest,
      rawResponseSchema: responseSchema(JobNamesStruct, 'GET /api/db/job_history_names'),
      transformResponse: (names: JobName[]) =>
        names.map((row) => row.name ?? '').filter((name) => name !== ''),
      providesTags: [{ type: 'Jobs', id: 'NAMES' }],
    }),
    /** The properties overriding one job (`jobs.<name>.*`). */
    getJobProperties: build.query<JobProperty[], string>({
      query: jobPropertiesRequest,
      responseSchema: responseSchema(JobPropertiesStruct, 'GET /api/db/properties'),
      providesTags: ['Properties'],
    }),
    /** Each job's runs summed up, or one job's (its name given). */
    getJobSummaries: build.query<JobSummary[], string | void>({
      query: (name) => jobSummariesRequest(name ?? undefined),
      responseSchema: responseSchema(JobSummariesStruct, 'GET /api/db/job_history_summary'),
      providesTags: [{ type: 'Jobs', id: 'LIST' }],
    }),
  }),
});

export { jobHistoryApi };
export const {
  useGetJobHistoryQuery,
  useGetJobNamesQuery,
  useGetJobSummariesQuery,
  useGetJobPropertiesQuery,
} = jobHistoryApi;

// ---------------------------------------------------------------- page tags

/** What the job history page's Refresh reloads: the runs and the job names. */
export const jobHistoryTags = [
  { type: 'Jobs', id: 'LIST' },
  { type: 'Jobs', id: 'NAMES' },
] as const;
