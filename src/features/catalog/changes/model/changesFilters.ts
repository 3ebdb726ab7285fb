import type { CatalogChangesArgs } from '../../../../api/endpoints/catalogChanges';
import type { TimeRangeValue } from '../../../../lib/timeRange';
import { timeRangeFromSearchParams, timeRangeToSearchParams } from '../../../../lib/timeRange';
import type { TriStateMap } from '../../../../lib/triState';
import { triStateFromUrl, triStateToUrl } from '../../../../lib/triState';
import { DEFAULT_CHANGES_RANGE } from '../../item/model/changesState';

/**
 * The URL parameters of the changes page's filters (the time range has its own,
 * `lib/timeRange`). Tri-states are written `a:1,b:-1` (`lib/triState`).
 */
export const CHANGES_FILTER_PARAMS = {
  /** One config's changes only. */
  id: 'id',
  /** Config types, `::` written `__`. */
  configTypes: 'configTypes',
  /** One config type (older links); `configTypes` wins. */
  configType: 'configType',
  changeTypes: 'changeType',
  severity: 'severity',
  source: 'source',
  summary: 'summary',
  /** People, by id. */
  createdBy: 'created_by',
  /** Authors outside the console, by name. */
  externalCreatedBy: 'external_created_by',
  /** `key=value` tags of the changed configs. */
  tags: 'tags',
  /** `true` or `false`; without it the user's preference applies. */
  showDeletedConfigs: 'showDeletedConfigs',
} as const;

/** `follow=true`: the list reloads on its own and marks the changes that arrive. */
export const FOLLOW_PARAM = 'follow';

/** The filters of the changes page, as its URL says. */
export interface ChangesFilters {
  /** A config's id, or '' for every config. */
  id: string;
  configTypes: TriStateMap;
  /** '' for none. */
  configType: string;
  changeTypes: TriStateMap;
  /** One severity, or '' for all. */
  severity: string;
  source: TriStateMap;
  summary: TriStateMap;
  createdBy: TriStateMap;
  externalCreatedBy: TriStateMap;
  tags: TriStateMap;
  /** The last 2 days unless chosen. */
  timeRange: TimeRangeValue;
  /** Undefined: the user's preference. */
  showDeletedConfigs?: boolean;
}

/** A change of some filters; `timeRange: undefined` goes back to the default range. */
export type ChangesFiltersChanges = Partial<ChangesFilters>;

/** The tri-state filters, by their key in `ChangesFilters`. */
const TRI_STATE_KEYS = [
  'configTypes',
  'changeTypes',
  'source',
  'summary',
  'createdBy',
  'externalCreatedBy',
  'tags',
] as const;

/** The text filters, by their key in `ChangesFilters`. */
const TEXT_KEYS = ['id', 'configType', 'severity'] as const;

type TriStateKey = (typeof TRI_STATE_KEYS)[number];

/** The filters in `params`; missing parameters give no filter and the default range. */
export function readChangesFilters(params: URLSearchParams): ChangesFilters {
  const text = (key: (typeof TEXT_KEYS)[number]) =>
    params.get(CHANGES_FILTER_PARAMS[key])?.trim() ?? '';
  const triState = (key: TriStateKey) => triStateFromUrl(params.get(CHANGES_FILTER_PARAMS[key]));
  const filters: ChangesFilters = {
    id: text('id'),
    configTypes: triState('configTypes'),
    configType: text('configType'),
    changeTypes: triState('changeTypes'),
    severity: text('severity'),
    source: triState('source'),
    summary: triState('summary'),
    createdBy: triState('createdBy'),
    externalCreatedBy: triState('externalCreatedBy'),
    tags: triState('tags'),
    timeRange: timeRangeFromSearchParams(params) ?? DEFAULT_CHANGES_RANGE,
  };
  const deleted = params.get(CHANGES_FILTER_PARAMS.showDeletedConfigs);
  if (deleted === 'true' || deleted === 'false') filters.showDeletedConfigs = deleted === 'true';
  return filters;
}

function setOrDelete(params: URLSearchParams, key: string, value: string | undefined): void {
  if (value === undefined || value === '') params.delete(key);
  else params.set(key, value);
}

/**
 * A copy of `params` with the changes written in. Other parameters stay (sort, page size, the
 * open change, follow), but the list goes back to its first page: its rows are not the same.
 */
export function writeChangesFilters(
  params: URLSearchParams,
  changes: ChangesFiltersChanges,
): URLSearchParams {
  let next = new URLSearchParams(params);
  for (const key of TEXT_KEYS) {
    const value = changes[key];
    if (value !== undefined) setOrDelete(next, CHANGES_FILTER_PARAMS[key], value.trim());
  }
  for (const key of TRI_STATE_KEYS) {
    const value = changes[key];
    if (value !== undefined) setOrDelete(next, CHANGES_FILTER_PARAMS[key], triStateToUrl(value));
  }
  if ('showDeletedConfigs' in changes) {
    const value = changes.showDeletedConfigs;
    setOrDelete(
      next,
      CHANGES_FILTER_PARAMS.showDeletedConfigs,
      value === undefined ? undefined : String(value),
    );
  }
  if ('timeRange' in changes) next = timeRangeToSearchParams(changes.timeRange, next);
  next.delete('pageIndex');
  return next;
}

/** Whether any filter differs from the page's defaults (the time range included). */
export function hasChangesFilters(filters: ChangesFilters): boolean {
  if (TEXT_KEYS.some((key) => filters[key] !== '')) return true;
  if (TRI_STATE_KEYS.some((key) => Object.keys(filters[key]).length > 0)) return true;
  if (filters.showDeletedConfigs !== undefined) return true;
  return JSON.stringify(filters.timeRange) !== JSON.stringify(DEFAULT_CHANGES_RANGE);
}

/** `params` without any filter or time range, on the first page; sort, size and follow stay. */
export function clearChangesFilters(params: URLSearchParams): URLSearchParams {
  const next = timeRangeToSearchParams(undefined, params);
  for (const name of Object.values(CHANGES_FILTER_PARAMS)) next.delete(name);
  next.delete('pageIndex');
  return next;
}

/** Whether the list follows new changes (`follow=true`). */
export function readFollow(params: URLSearchParams): boolean {
  return params.get(FOLLOW_PARAM) === 'true';
}

/** `params` with following turned on or off; the page stays. */
export function writeFollow(params: URLSearchParams, follow: boolean): URLSearchParams {
  const next = new URLSearchParams(params);
  if (follow) next.set(FOLLOW_PARAM, 'true');
  else next.delete(FOLLOW_PARAM);
  return next;
}

/** The selection with `item` included; its other items stay as they are. */
export function includeItem(map: TriStateMap, item: string): TriStateMap {
  return { ...map, [item]: 1 };
}

/** The selection with `item` included, or without it when it was included already. */
export function toggleIncluded(map: TriStateMap, item: string): TriStateMap {
  if (map[item] !== 1) return includeItem(map, item);
  const next: TriStateMap = {};
  for (const [key, state] of Object.entries(map)) if (key !== item) next[key] = state;
  return next;
}

/** A config type as an item of the `configTypes` filter: `::` written `__`. */
export function configTypeItem(type: string): string {
  return type.replaceAll('::', '__');
}

/**
 * The config types chosen, as the dropdown shows them: the tri-state, or else the single type
 * of an older link as an included item. Writing a new selection should clear `configType`.
 */
export function configTypeSelection(
  filters: Pick<ChangesFilters, 'configTypes' | 'configType'>,
): TriStateMap {
  if (Object.keys(filters.configTypes).length > 0 || !filters.configType) {
    return filters.configTypes;
  }
  return { [configTypeItem(filters.configType)]: 1 };
}

/** The change search (CAT-19) for the filters, the time bounds and the list's page and sort. */
export function changesArgs(
  filters: ChangesFilters,
  bounds: { from: string; to: string },
  list: Pick<CatalogChangesArgs, 'pageIndex' | 'pageSize' | 'sortBy' | 'sortOrder'>,
  includeDeletedConfigs: boolean,
): CatalogChangesArgs {
  return {
    id: filters.id || undefined,
    configTypes: filters.configTypes,
    configType: filters.configType || undefined,
    changeTypes: filters.changeTypes,
    createdBy: filters.createdBy,
    externalCreatedBy: filters.externalCreatedBy,
    summary: filters.summary,
    source: filters.source,
    from: bounds.from,
    to: bounds.to,
    severity: filters.severity || undefined,
    pageIndex: list.pageIndex,
    pageSize: list.pageSize,
    sortBy: list.sortBy,
    sortOrder: list.sortOrder,
    tags: filters.tags,
    includeDeletedConfigs,
  };
}

/** The prefixes of the "Created by" choices: people by id, outside authors by name. */
export const PERSON_ITEM = 'person:';
export const EXTERNAL_ITEM = 'external:';

/** One "Created by" selection of both kinds of author, each item prefixed with its kind. */
export function creatorSelection(
  filters: Pick<ChangesFilters, 'createdBy' | 'externalCreatedBy'>,
): TriStateMap {
  const map: TriStateMap = {};
  for (const [id, state] of Object.entries(filters.createdBy)) map[`${PERSON_ITEM}${id}`] = state;
  for (const [name, state] of Object.entries(filters.externalCreatedBy)) {
    map[`${EXTERNAL_ITEM}${name}`] = state;
  }
  return map;
}

/** A "Created by" selection split back into people (`created_by`) and outside authors. */
export function splitCreatorSelection(
  map: TriStateMap,
): Pick<ChangesFilters, 'createdBy' | 'externalCreatedBy'> {
  const createdBy: TriStateMap = {};
  const externalCreatedBy: TriStateMap = {};
  for (const [item, state] of Object.entries(map)) {
    if (item.startsWith(PERSON_ITEM)) createdBy[item.slice(PERSON_ITEM.length)] = state;
    else if (item.startsWith(EXTERNAL_ITEM)) {
      externalCreatedBy[item.slice(EXTERNAL_ITEM.length)] = state;
    }
  }
  return { createdBy, externalCreatedBy };
}
