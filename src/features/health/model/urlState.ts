import { DEFAULT_CHECK_TIME_RANGE, isCheckTimeRange } from '../../../lib/timeRange';
import type { TriStateMap } from '../../../lib/triState';
import type { GroupBy } from './groupChecks';
import { DEFAULT_GROUP_BY, isGroupBy } from './groupChecks';
import type { RefreshRate } from './refreshRate';
import { REFRESH_OFF, refreshRateMs } from './refreshRate';
import { DEFAULT_SORT } from './sortRows';
import type { TabBy } from './tabs';
import { DEFAULT_TAB_BY, isTabBy } from './tabs';
import type { SortColumn, SortState } from './types';
import { SORT_COLUMNS } from './types';

/** The query parameters of /health, by the name used in code. */
export const HEALTH_PARAMS = {
  /** The check open in the detail dialog. */
  checkId: 'checkId',
  /** A check time-range key; default 1h. */
  timeRange: 'timeRange',
  /** `table` (default) or `card`. */
  layout: 'layout',
  /** The search text. */
  query: 'query',
  /** The sorted column: name, status, uptime, latency or last_transition_time. */
  sortBy: 'sortBy',
  /** `true` for descending. */
  sortDesc: 'sortDesc',
  /** JSON map of label id (`canary:{key}:{value}`) to 1 (include) or -1 (exclude). */
  labels: 'labels',
  /** Pivot settings, kept as they are. */
  pivotBy: 'pivotBy',
  pivotLabel: 'pivotLabel',
  pivotCellType: 'pivotCellType',
  /** no-group, canary_name (default), name, description, type or `label:{key}`. */
  groupBy: 'groupBy',
  /** namespace (default), agent or `label:{key}`. */
  tabBy: 'tabBy',
  /** The selected tab's value; absent for All. */
  tab: 'tab',
  /** `false` shows passing checks too; default true. */
  hidePassing: 'hidePassing',
  /** How often the summary refetches (`30s`, `5m`, `1h`...); `none` or absent for never. */
  refreshRate: 'refreshRate',
} as const;

export type HealthParam = keyof typeof HEALTH_PARAMS;

export type HealthLayout = 'table' | 'card';

/** The page state that lives in the URL, with defaults filled in. */
export interface HealthUrlState {
  checkId: string | undefined;
  timeRange: string;
  layout: HealthLayout;
  query: string;
  sort: SortState;
  labels: TriStateMap;
  groupBy: GroupBy;
  tabBy: TabBy;
  /** null: All. */
  tab: string | null;
  hidePassing: boolean;
  refreshRate: RefreshRate;
  pivotBy: string | undefined;
  pivotLabel: string | undefined;
  pivotCellType: string | undefined;
}

/** Where a label-filter parse failure is reported. */
export type ParseLogger = (message: string, error: unknown) => void;

const warn: ParseLogger = (message, error) => console.warn(message, error);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (first) {
    // Links written by the older console encoded the JSON once more.
    let decoded: string;
    try {
      decoded = decodeURIComponent(text);
    } catch {
      throw first;
    }
    if (decoded === text) throw first;
    return JSON.parse(decoded);
  }
}

/**
 * The label selection of the URL: a JSON object of label id → 1 or -1 (numbers or numeric
 * strings). Other entries are dropped; text that is not such an object is logged and ignored.
 */
export function parseLabelsParam(
  value: string | null | undefined,
  log: ParseLogger = warn,
): TriStateMap {
  const map: TriStateMap = {};
  if (!value) return map;
  let parsed: unknown;
  try {
    parsed = parseJson(value);
  } catch (error) {
    log('Ignoring the labels filter: it is not valid JSON', error);
    return map;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    log('Ignoring the labels filter: it is not a JSON object', parsed);
    return map;
  }
  for (const [id, state] of Object.entries(parsed)) {
    const number = Number(state);
    if (number === 1 || number === -1) map[id] = number;
  }
  return map;
}

/** The URL form of a label selection; undefined (no parameter) when empty. */
export function labelsParam(map: TriStateMap): string | undefined {
  return Object.keys(map).length > 0 ? JSON.stringify(map) : undefined;
}

function isSortColumn(value: string): value is SortColumn {
  return (SORT_COLUMNS as readonly string[]).includes(value);
}

const text = (value: string | null) => (value === null || value === '' ? undefined : value);

/** The page state of a query string; unknown or invalid values fall back to the defaults. */
export function parseHealthParams(
  params: URLSearchParams,
  log: ParseLogger = warn,
): HealthUrlState {
  const get = (name: HealthParam) => params.get(HEALTH_PARAMS[name]);
  const timeRange = get('timeRange') ?? '';
  const sortBy = get('sortBy') ?? '';
  const groupBy = get('groupBy') ?? '';
  const tabBy = get('tabBy') ?? '';
  const refreshRate = get('refreshRate') ?? '';
  return {
    checkId: text(get('checkId')),
    timeRange: isCheckTimeRange(timeRange) ? timeRange : DEFAULT_CHECK_TIME_RANGE,
    layout: get('layout') === 'card' ? 'card' : 'table',
    query: get('query') ?? '',
    sort: isSortColumn(sortBy)
      ? { column: sortBy, desc: get('sortDesc') === 'true' }
      : DEFAULT_SORT,
    labels: parseLabelsParam(get('labels'), log),
    groupBy: isGroupBy(groupBy) ? groupBy : DEFAULT_GROUP_BY,
    tabBy: isTabBy(tabBy) ? tabBy : DEFAULT_TAB_BY,
    tab: get('tab'),
    hidePassing: get('hidePassing') !== 'false',
    refreshRate: refreshRateMs(refreshRate) > 0 ? refreshRate : REFRESH_OFF,
    pivotBy: text(get('pivotBy')),
    pivotLabel: text(get('pivotLabel')),
    pivotCellType: text(get('pivotCellType')),
  };
}

/** New values of some parameters; undefined or '' removes one. */
export type HealthParamChanges = Partial<Record<HealthParam, string | undefined>>;

/** A copy of `params` with the changes applied; every other parameter is kept. */
export function withHealthParams(
  params: URLSearchParams,
  changes: HealthParamChanges,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(changes) as Array<[HealthParam, string | undefined]>) {
    if (value === undefined || value === '') next.delete(HEALTH_PARAMS[name]);
    else next.set(HEALTH_PARAMS[name], value);
  }
  return next;
}

/** The sort after clicking a column header: a new column sorts ascending, the same one flips. */
export function nextSort(current: SortState, column: SortColumn): SortState {
  return current.column === column ? { column, desc: !current.desc } : { column, desc: false };
}

/** The parameters of a sort. */
export function sortParams(sort: SortState): HealthParamChanges {
  return { sortBy: sort.column, sortDesc: sort.desc ? 'true' : 'false' };
}

/** Closing the detail dialog: no open check, and the time range back to 1h. */
export const CLOSE_CHECK_CHANGES: HealthParamChanges = {
  checkId: undefined,
  timeRange: DEFAULT_CHECK_TIME_RANGE,
};
