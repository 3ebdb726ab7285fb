import type { ListSort } from '../../../lib/listState';
import { DEFAULT_CHECK_TIME_RANGE } from '../../../lib/timeRange';
import type { UrlStateOf } from '../../../lib/urlState';
import { HEALTH_LINK_STATE } from '../../../shell/paths';
import { ownedField } from '../../../widgets/ownedByMyTeams';
import {
  boolean,
  defineUrlState,
  number,
  oneOf,
  sort,
  text,
  triState,
} from '../../../lib/urlState';
import { DEFAULT_GROUP_BY, isGroupBy } from './groupChecks';
import { DEFAULT_PIVOT_CELL_TYPE, NO_PIVOT, PIVOT_CELL_TYPES, isPivotBy } from './pivot';
import type { RefreshRate } from './refreshRate';
import { REFRESH_OFF, refreshRateMs } from './refreshRate';
import { DEFAULT_SORT } from './sortRows';
import { DEFAULT_TAB_BY, isTabBy } from './tabs';
import type { SortColumn, SortState } from './types';
import { SORT_COLUMNS } from './types';

const isRefreshRate = (value: string): value is RefreshRate => refreshRateMs(value) > 0;

/**
 * The state of /health in the address. Every change is a history entry unless the field says
 * otherwise. The time range is
 * left unset unless the address names one: the list then shows the last hour, an open check
 * the range that fits its last run.
 */
export const HEALTH_STATE = defineUrlState(
  {
    /** The check open in the detail dialog (as links write it). */
    checkId: HEALTH_LINK_STATE.fields.checkId,
    /** A check time-range key; another range starts the check's history at its first page. */
    timeRange: HEALTH_LINK_STATE.fields.timeRange,
    /** The page of the open check's history. */
    historyPage: number({ default: 0, integer: true, min: 0, history: 'replace' }),
    layout: oneOf(['table', 'card'], { default: 'table' }),
    /** The search text. */
    query: text({ default: '' }),
    /** The sorted column (`sortBy`) and `sortDesc=true` for descending. */
    sort: sort({
      columns: SORT_COLUMNS,
      default: { sortBy: DEFAULT_SORT.column, sortOrder: 'asc' },
      orderParam: 'sortDesc',
      orderStyle: 'desc-flag',
    }),
    /** Label id (`canary:{key}:{value}`) → 1 (include) or -1 (exclude), as JSON (spec 001 §5). */
    labels: triState({ format: 'json' }),
    /** no-group, canary_name (default), name, description, type or `label:{key}`. */
    groupBy: oneOf(isGroupBy, { default: DEFAULT_GROUP_BY }),
    /** namespace (default), agent or `label:{key}`. */
    tabBy: oneOf(isTabBy, { default: DEFAULT_TAB_BY }),
    /** The selected tab's value; unset for All. */
    tab: text(),
    /** `false` shows passing checks too. */
    hidePassing: boolean({ default: true }),
    /** `mine`: the checks of the user's teams (their owner label, or an owned component or config). */
    owned: ownedField(),
    /** How often the summary refetches (`30s`, `5m`, `1h`...); `none` for never. */
    refreshRate: oneOf(isRefreshRate, { default: REFRESH_OFF }),
    /** The pivot's columns: none (default), namespace, type or labels (`label` read alike). */
    pivotBy: oneOf(isPivotBy, { default: NO_PIVOT }),
    /** The label key whose values are the columns when pivoting by labels. */
    pivotLabel: text({ trim: true }),
    /** What a pivot cell shows: checkStatuses (Health, default), uptime or latency. */
    pivotCellType: oneOf(PIVOT_CELL_TYPES, { default: DEFAULT_PIVOT_CELL_TYPE }),
  },
  { history: 'push', pageParam: 'historyPage' },
);

/** The fields of /health as written in the address. */
export type HealthFields = UrlStateOf<typeof HEALTH_STATE.fields>;

export type HealthLayout = HealthFields['layout'];

/** The page state with the list's defaults filled in and the sort in the table's terms. */
export interface HealthUrlState extends Omit<HealthFields, 'sort' | 'timeRange'> {
  timeRange: string;
  sort: SortState;
}

/** The table's sort of the address's one. */
export function sortStateOf(value: ListSort): SortState {
  const column = (value.sortBy ?? DEFAULT_SORT.column) as SortColumn;
  return { column, desc: value.sortOrder === 'desc' };
}

/** The address's sort of the table's one. */
export function listSortOf(value: SortState): ListSort {
  return { sortBy: value.column, sortOrder: value.desc ? 'desc' : 'asc' };
}

/** The sort after clicking a column header: a new column sorts ascending, the same one flips. */
export function nextSort(current: SortState, column: SortColumn): SortState {
  return current.column === column ? { column, desc: !current.desc } : { column, desc: false };
}

/** Closing the detail dialog: no open check, its history's first page, the time range 1h. */
export const CLOSE_CHECK_CHANGES: Partial<HealthFields> = {
  checkId: undefined,
  historyPage: 0,
  timeRange: DEFAULT_CHECK_TIME_RANGE,
};
