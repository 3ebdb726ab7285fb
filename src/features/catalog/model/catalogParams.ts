import type { UrlStateOf } from '../../../lib/urlState';
import { boolean, defineUrlState, list, text, triState } from '../../../lib/urlState';
import { ownedField } from '../../../widgets/ownedByMyTeams';

/** The summary's grouping when the address names none (api.md CAT-02). */
export const DEFAULT_GROUP_BY = ['config_class', 'type'] as const;

/**
 * The catalog's filters in the address; a change goes back to the first page and is a
 * history entry. `configType`: the one type listed; `status`, `health` and `labels`:
 * tri-state selections (`labels` of `key:value` items, `app____web:1`); `showDeleted`
 * overrides the preference when present; `owned=mine`: the items the user's teams own (a list,
 * as the summary cannot be narrowed by a label); `groupBy`: the summary's grouping, comma-separated,
 * left out when it is the default.
 */
export const CATALOG_FILTERS = defineUrlState(
  {
    configType: text({ filter: true }),
    search: text({ default: '', trim: true, filter: true }),
    status: triState({ filter: true }),
    health: triState({ filter: true }),
    labels: triState({ filter: true }),
    showDeleted: boolean({ filter: true }),
    owned: ownedField(),
    groupBy: list({ default: DEFAULT_GROUP_BY, filter: true }),
  },
  { history: 'push' },
);

/** The catalog's filters, as kept in the address. */
export type CatalogFilters = UrlStateOf<typeof CATALOG_FILTERS.fields>;

/** Whether the address asks for a list of items rather than the summary by type (a type, a search, labels or owned). */
export function isListView(filters: CatalogFilters): boolean {
  return (
    filters.configType !== undefined ||
    filters.search.trim() !== '' ||
    Object.keys(filters.labels).length > 0 ||
    filters.owned !== undefined
  );
}

/** The tag key the summary is grouped by besides class and type, if any. */
export function summaryTagKey(groupBy: readonly string[]): string | undefined {
  return groupBy.find((column) => column !== 'config_class' && column !== 'type');
}
