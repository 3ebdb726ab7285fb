import type { AccessFilters, AccessListName } from '../../../../api/endpoints/configAccess';
import type { AccessFilterOptions } from '../../../../api/schemas/configAccess';
import type { UrlStateOf } from '../../../../lib/urlState';
import { defineUrlState, oneOf, sort, text } from '../../../../lib/urlState';

/** How the review groups access: by user, group or item, or not at all (every row). */
export const ACCESS_GROUPINGS = [
  { value: 'users', label: 'Users' },
  { value: 'groups', label: 'Groups' },
  { value: 'catalog', label: 'Catalog' },
  { value: 'flat', label: 'All access' },
] as const satisfies ReadonlyArray<{ value: AccessListName; label: string }>;

export type AccessGrouping = AccessListName;

const filter = () => text({ trim: true, filter: true, history: 'push' });

/**
 * What `/catalog/access` shows, in the address: the grouping (`groupBy`, users by default) and
 * the group opened to its rows (`drill`: a user's, group's or item's id, by the grouping).
 * Each is a new history entry (Back closes a drill-down) and goes back to the first page with
 * the list's own sort (`sort`, the list's `sortBy` and `sortOrder`, cleared with them).
 */
export const ACCESS_VIEW = defineUrlState({
  groupBy: oneOf(
    ACCESS_GROUPINGS.map((grouping) => grouping.value),
    { default: 'users', filter: true, history: 'push' },
  ),
  drill: filter(),
  sort: sort(),
});

export type AccessView = UrlStateOf<typeof ACCESS_VIEW.fields>;

/**
 * The review's filters in the address: `configType`, `user` (an external user's id), `role`
 * and `userType`. A change goes back to the first page.
 */
export const ACCESS_FILTERS = defineUrlState({
  configType: filter(),
  user: filter(),
  role: filter(),
  userType: filter(),
});

export type AccessUrlFilters = UrlStateOf<typeof ACCESS_FILTERS.fields>;

/** The filters of the address as the endpoints take them. */
export function accessFilters(state: AccessUrlFilters): AccessFilters {
  return {
    configType: state.configType,
    userId: state.user,
    role: state.role,
    userType: state.userType,
  };
}

/**
 * Most ids a grouped list is narrowed to by `{id}=in.(…)`: more would make an address longer
 * than servers take (a UUID is 36 characters).
 */
export const MAX_NARROWING_IDS = 200;

/** How a grouped list is narrowed by the filters its view has no column for. */
export type GroupNarrowing =
  /** Its view's columns say it all (config type; a user on the by-user view). */
  | { kind: 'none' }
  /** The filter options have not answered yet. */
  | { kind: 'waiting' }
  /** Only these groups: those the filter options found for every filter. */
  | { kind: 'ids'; ids: string[] }
  /** Too many groups match to name them: the list is narrowed by its own columns only. */
  | { kind: 'tooMany'; count: number };

/**
 * The groups a grouped list may show when a filter is set that its view has no column for
 * (role and user type; a user for the group and item lists): those the filter options found
 * for every filter, up to `MAX_NARROWING_IDS`.
 */
export function groupNarrowing(
  grouping: Exclude<AccessGrouping, 'flat'>,
  filters: AccessFilters,
  options: AccessFilterOptions | undefined,
): GroupNarrowing {
  const needed = Boolean(
    filters.role || filters.userType || (filters.userId && grouping !== 'users'),
  );
  if (!needed) return { kind: 'none' };
  if (!options) return { kind: 'waiting' };
  const ids = facetIds(grouping, options);
  return ids.length > MAX_NARROWING_IDS
    ? { kind: 'tooMany', count: ids.length }
    : { kind: 'ids', ids };
}

function facetIds(
  grouping: Exclude<AccessGrouping, 'flat'>,
  options: AccessFilterOptions,
): string[] {
  switch (grouping) {
    case 'users':
      return (options.users ?? []).map((user) => user.external_user_id);
    case 'groups':
      return (options.groups ?? []).map((group) => group.external_group_id);
    case 'catalog':
      return (options.catalogs ?? []).map((config) => config.config_id);
  }
}
