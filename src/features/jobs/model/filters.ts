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
import { triStateFromUrl, triStateToUrl } from '../../../lib/triState';
import type { TimeRangeValue } from '../../../lib/timeRange';
import { timeRangeFromSearchParams, timeRangeToSearchParams } from '../../../lib/timeRange';

/** The address parameters of the list's own filters (the time range uses the kit's). */
export const JOB_FILTER_PARAMS = {
  name: 'name',
  status: 'status',
  runDuration: 'runDuration',
  resourceType: 'resource_type',
} as const;

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

/** The list's filters, as read from the address. */
export interface JobFilters {
  name: TriStateMap;
  status: TriStateMap;
  /** The duration value as written (`1m`); undefined for none. */
  runDuration?: string;
  timeRange: TimeRangeValue;
  /** Undefined for every type. */
  resourceType?: string;
}

const read = (params: URLSearchParams, name: string): string | undefined => {
  const value = params.get(name)?.trim();
  return value ? value : undefined;
};

/** The filters written in `params`, with the defaults for what it leaves out. */
export function readJobFilters(params: URLSearchParams): JobFilters {
  const status = params.get(JOB_FILTER_PARAMS.status);
  const filters: JobFilters = {
    name: triStateFromUrl(params.get(JOB_FILTER_PARAMS.name)),
    status: status === null ? { ...DEFAULT_JOB_STATUS } : triStateFromUrl(status),
    timeRange: timeRangeFromSearchParams(params) ?? DEFAULT_JOB_TIME_RANGE,
  };
  const runDuration = read(params, JOB_FILTER_PARAMS.runDuration);
  if (runDuration && runDurationMs(runDuration) !== undefined) filters.runDuration = runDuration;
  const resourceType = read(params, JOB_FILTER_PARAMS.resourceType);
  if (resourceType) filters.resourceType = resourceType;
  return filters;
}

/**
 * A copy of `params` with `changes` written in and the list back at its first page; other
 * parameters are kept. An empty name list or no duration, type or range removes its
 * parameter (the range then reads as the default); an empty status list is written as
 * `status=` so that it stays "all statuses" rather than the default.
 */
export function writeJobFilters(
  params: URLSearchParams,
  changes: Partial<JobFilters>,
): URLSearchParams {
  let next = new URLSearchParams(params);
  const setOrDelete = (name: string, value: string | undefined) => {
    if (value) next.set(name, value);
    else next.delete(name);
  };
  if ('name' in changes) setOrDelete(JOB_FILTER_PARAMS.name, triStateToUrl(changes.name ?? {}));
  if ('status' in changes) next.set(JOB_FILTER_PARAMS.status, triStateToUrl(changes.status ?? {}));
  if ('runDuration' in changes) {
    setOrDelete(JOB_FILTER_PARAMS.runDuration, changes.runDuration);
  }
  if ('resourceType' in changes) {
    setOrDelete(JOB_FILTER_PARAMS.resourceType, changes.resourceType);
  }
  if ('timeRange' in changes) next = timeRangeToSearchParams(changes.timeRange, next);
  next.delete('pageIndex');
  return next;
}

/** A list's fixed scope: the resource its editor shows (the Job History tab). */
export interface JobListScope {
  resourceType?: string;
  resourceId?: string;
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
  const filters = readJobFilters(params);
  const args: JobHistoryArgs = {
    pageIndex: list.pageIndex,
    pageSize: list.pageSize,
    name: filters.name,
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
