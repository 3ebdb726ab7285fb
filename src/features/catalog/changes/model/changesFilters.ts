import type { CatalogChangesArgs } from '../../../../api/endpoints/catalogChanges';
import type { OwnerFilter } from '../../../../api/endpoints/ownership';
import { ownedSelector } from '../../../../api/endpoints/ownership';
import type { TriStateMap } from '../../../../lib/triState';
import type { UrlStateOf } from '../../../../lib/urlState';
import { boolean, defineUrlState, text, timeRange, triState } from '../../../../lib/urlState';
import { ownedField } from '../../../../widgets/ownedByMyTeams';
import { DEFAULT_CHANGES_RANGE } from '../../item/model/changesState';

/**
 * The changes page's state in the address: its filters (a change goes back to the first page),
 * the time range (the kit's parameters; the last 2 days by default) and `follow=true` (the list
 * reloads on its own and marks the changes that arrive). Tri-states are written `a:1,b:-1`
 * (`lib/triState`); every change is a history entry.
 */
export const CHANGES_STATE = defineUrlState(
  {
    /** One config's changes only; '' for every config. */
    id: text({ default: '', trim: true, filter: true }),
    /** Config types, `::` written `__`. */
    configTypes: triState({ filter: true }),
    /** One config type (older links); `configTypes` wins. '' for none. */
    configType: text({ default: '', trim: true, filter: true }),
    changeTypes: triState({ param: 'changeType', filter: true }),
    /** One severity, or '' for all. */
    severity: text({ default: '', trim: true, filter: true }),
    source: triState({ filter: true }),
    summary: triState({ filter: true }),
    /** People, by id. */
    createdBy: triState({ param: 'created_by', filter: true }),
    /** Authors outside the console, by name. */
    externalCreatedBy: triState({ param: 'external_created_by', filter: true }),
    /** `key=value` tags of the changed configs. */
    tags: triState({ filter: true }),
    timeRange: timeRange({ default: DEFAULT_CHANGES_RANGE, filter: true }),
    /** Undefined: the user's preference. */
    showDeletedConfigs: boolean({ filter: true }),
    /** `mine`: the changes of configs the signed-in user's teams own. */
    owned: ownedField(),
    follow: boolean({ default: false }),
  },
  { history: 'push' },
);

/** The filters of the changes page, as its address says. */
export type ChangesFilters = Omit<UrlStateOf<typeof CHANGES_STATE.fields>, 'follow'>;

/** A change of some filters. */
export type ChangesFiltersChanges = Partial<ChangesFilters>;

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

/**
 * The change search (CAT-19) for the filters, the time bounds and the list's page and sort;
 * with `owners`, `id` is the selector of what their teams own (and of the one config, if
 * chosen), which the backend resolves to configs.
 */
export function changesArgs(
  filters: ChangesFilters,
  bounds: { from: string; to: string },
  list: Pick<CatalogChangesArgs, 'pageIndex' | 'pageSize' | 'sortBy' | 'sortOrder'>,
  includeDeletedConfigs: boolean,
  owners?: OwnerFilter,
): CatalogChangesArgs {
  return {
    id: owners ? ownedSelector(owners, filters.id || undefined) : filters.id || undefined,
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
