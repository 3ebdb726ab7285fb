/**
 * The job history list's state as it sits in the address (spec 002 §2.1, §9; api.md JOB-01):
 * the page (`pageIndex`, `pageSize`, default 150), the sort (`sortBy`, `sortOrder`), the job
 * names and statuses as tri-state lists (`name`, `status`; the status list defaults to
 * `SUCCESS:-1` while the address has no `status` at all, and an empty `status=` is the user's
 * explicit "all statuses"), the least run time (`runDuration`), the time range (the kit's
 * parameters; last 2 days by default) and the resource type (`resource_type`). Pure.
 */
import type { JobHistoryArgs } from '../../../api/endpoints/jobHistory';
import type { ListState } from '../../../lib/listState';
import { readListState } from '../../../lib/listState';
import type { TriStateMap } from '../../../lib/triState';
import type { TimeRangeValue } from '../../../lib/timeRange';
import type { UrlStateOf } from '../../../lib/urlState';
import { defineUrlState, dialogId, oneOf, text, timeRange, triState } from '../../../lib/urlState';

/** Rows per page unless the address says otherwise (spec 002 §9). */
export const JOB_PAGE_SIZE = 150;

/** The statuses left out while the address names none (spec 002 §9). */
export const DEFAULT_JOB_STATUS: TriStateMap = { SUCCESS: -1 };

/** The time range while the address names none (spec 002 §9: last 2 days). */
export const DEFAULT_JOB_TIME_RANGE: TimeRangeValue = { type: 'relative', range: 'now-2d' };

/** The least run times offered (spec 002 §9), in milliseconds; "none" is no filter. */
export const RUN_DURATIONS = [
  { value: '15s', label: '15s', ms: 15_000 },
  { value: '30s', label: '30s', ms: 30_000 },
  { value: '1m', label: '1m', ms: 60_000 },
  { value: '2m', label: '2m', ms: 120_000 },
  { value: '3m', label: '3m', ms: 180_000 },
  { value: '5m', label: '5m', ms: 300_000 },
  { value: '10m', label: '10m', ms: 600_000 },
  { value: '15m', label: '15m', ms: 900_000 },
] as const;

/** The resource types the list can be narrowed to (spec 002 §9). */
export const JOB_RESOURCE_TYPES = [
  { value: 'canary', label: 'Canary' },
  { value: 'topology', label: 'Topology' },
  { value: 'config_scraper', label: 'Config Scraper' },
] as const;

const UNIT_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };

/**
 * A run duration in milliseconds: one of the offered values, or any `{n}ms|s|m|h` (links may
 * carry `60s`); undefined for none, `none` or anything unreadable.
 */
export function runDurationMs(value: string | null | undefined): number | undefined {
  const match = /^(\d+)(ms|s|m|h)$/.exec(value?.trim() ?? '');
  if (!match) return undefined;
  const ms = Number(match[1]) * (UNIT_MS[match[2] ?? ''] ?? 0);
  return ms > 0 ? ms : undefined;
}

const isRunDuration = (value: string): value is string => runDurationMs(value) !== undefined;

/**
 * The list's filters and open run in the address; a filter change goes back to the first page and is a history
 * entry. An empty status list is written `status=`, so it stays "all statuses" rather than
 * the default.
 */
export const JOB_FILTERS = defineUrlState(
  {
    name: triState({ filter: true }),
    status: triState({ default: DEFAULT_JOB_STATUS, filter: true }),
    /** The duration value as written (`1m`); unset for none. */
    runDuration: oneOf(isRunDuration, { filter: true }),
    timeRange: timeRange({ default: DEFAULT_JOB_TIME_RANGE, filter: true }),
    /** Unset for every type. */
    resourceType: text({ param: 'resource_type', filter: true }),
    /** The run whose details dialog is open. */
    jobId: dialogId(),
  },
  { history: 'push' },
);

/** The list's filters, as read from the address. */
export type JobFilters = UrlStateOf<typeof JOB_FILTERS.fields>;

/** A list's fixed scope: the resource its editor shows (the Job History tab), or one job. */
export interface JobListScope {
  resourceType?: string;
  resourceId?: string;
  /** One job's runs only (its page), whatever the address's name filter says. */
  name?: string;
}

/** The page and sort of the list in `params` (150 rows a page by default). */
export function readJobListState(params: URLSearchParams): ListState {
  return readListState(params, { pageSize: JOB_PAGE_SIZE });
}

/**
 * JOB-01's arguments from the address: the page and sort, the filters with their defaults,
 * and the scope. A list given a resource type uses it, whatever the address says.
 */
export function jobHistoryArgs(
  params: URLSearchParams,
  scope: JobListScope = {},
  timezone?: string,
): JobHistoryArgs {
  const list = readJobListState(params);
  const filters = JOB_FILTERS.read(params);
  const args: JobHistoryArgs = {
    pageIndex: list.pageIndex,
    pageSize: list.pageSize,
    name: scope.name !== undefined ? { [scope.name]: 1 } : filters.name,
    status: filters.status,
    timeRange: filters.timeRange,
  };
  if (list.sortBy) {
    args.sortBy = list.sortBy;
    args.sortOrder = list.sortOrder ?? 'asc';
  }
  const resourceType = scope.resourceType ?? filters.resourceType;
  if (resourceType) args.resourceType = resourceType;
  if (scope.resourceId) args.resourceId = scope.resourceId;
  const minDurationMs = runDurationMs(filters.runDuration);
  if (minDurationMs !== undefined) args.minDurationMs = minDurationMs;
  if (timezone) args.timezone = timezone;
  return args;
}
