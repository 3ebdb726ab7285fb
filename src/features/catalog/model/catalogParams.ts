import type { TriStateMap } from '../../../lib/triState';
import { triStateFromUrl, triStateToUrl } from '../../../lib/triState';

/** The summary's grouping when the address names none (api.md CAT-02). */
export const DEFAULT_GROUP_BY = ['config_class', 'type'] as const;

/** The catalog's filters, as kept in the address. */
export interface CatalogFilters {
  /** `configType`: the one type listed. */
  configType?: string;
  /** `search` */
  search: string;
  /** `status` and `health`: tri-state selections (`a:1,b:-1`). */
  status: TriStateMap;
  health: TriStateMap;
  /** `labels`: tri-state selection of `key:value` items (`app____web:1`). */
  labels: TriStateMap;
  /** `showDeleted`: overrides the preference when present. */
  showDeleted?: boolean;
  /** `groupBy`: the summary's grouping, comma-separated. */
  groupBy: string[];
}

export function readCatalogFilters(params: URLSearchParams): CatalogFilters {
  const showDeleted = params.get('showDeleted');
  const groupBy = (params.get('groupBy') ?? '')
    .split(',')
    .map((column) => column.trim())
    .filter((column) => column !== '');
  const filters: CatalogFilters = {
    search: params.get('search') ?? '',
    status: triStateFromUrl(params.get('status')),
    health: triStateFromUrl(params.get('health')),
    labels: triStateFromUrl(params.get('labels')),
    groupBy: groupBy.length > 0 ? groupBy : [...DEFAULT_GROUP_BY],
  };
  const configType = params.get('configType');
  if (configType) filters.configType = configType;
  if (showDeleted === 'true' || showDeleted === 'false')
    filters.showDeleted = showDeleted === 'true';
  return filters;
}

function setOrDelete(params: URLSearchParams, key: string, value: string | undefined): void {
  if (value === undefined || value === '') params.delete(key);
  else params.set(key, value);
}

/**
 * The address after changing some filters: other parameters stay, the list goes back to its
 * first page, and the default grouping is left out of the address.
 */
export function writeCatalogFilters(
  current: URLSearchParams,
  changes: Partial<CatalogFilters>,
): URLSearchParams {
  const params = new URLSearchParams(current);
  if ('configType' in changes) setOrDelete(params, 'configType', changes.configType);
  if (changes.search !== undefined) setOrDelete(params, 'search', changes.search.trim());
  if (changes.status) setOrDelete(params, 'status', triStateToUrl(changes.status));
  if (changes.health) setOrDelete(params, 'health', triStateToUrl(changes.health));
  if (changes.labels) setOrDelete(params, 'labels', triStateToUrl(changes.labels));
  if ('showDeleted' in changes) {
    setOrDelete(
      params,
      'showDeleted',
      changes.showDeleted === undefined ? undefined : String(changes.showDeleted),
    );
  }
  if (changes.groupBy) {
    const text = changes.groupBy.join(',');
    setOrDelete(params, 'groupBy', text === DEFAULT_GROUP_BY.join(',') ? undefined : text);
  }
  params.delete('pageIndex');
  return params;
}

/** Whether the address asks for a list of items rather than the summary by type. */
export function isListView(filters: CatalogFilters): boolean {
  return (
    filters.configType !== undefined ||
    filters.search.trim() !== '' ||
    Object.keys(filters.labels).length > 0
  );
}

/** The tag key the summary is grouped by besides class and type, if any. */
export function summaryTagKey(groupBy: readonly string[]): string | undefined {
  return groupBy.find((column) => column !== 'config_class' && column !== 'type');
}
