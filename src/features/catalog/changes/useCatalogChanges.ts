import { useMemo } from 'react';
import {
  runningCatalogChanges,
  useGetCatalogChangesQuery,
} from '../../../api/endpoints/catalogChanges';
import { useAppSelector } from '../../../shell/hooks';
import { selectPreferences } from '../../../shell/preferencesSlice';
import { useOwnerFilter } from '../../../widgets/ownedByMyTeams';
import { isAbortError, useAbortSuperseded } from '../../../widgets/useAbortSuperseded';
import type { ListPage } from '../../../widgets/useListPage';
import { changesTimeBounds } from '../item/model/changesState';
import { useShowDeletedConfigs } from '../useShowDeletedConfigs';
import type { ChangesFilters } from './model/changesFilters';
import { changesArgs } from './model/changesFilters';
import { followPolling, useFreshChanges } from './useFollowedChanges';

/** The answer shown when the user's teams are none: no change, no summary. */
const NOTHING_OWNED = { rows: [], totalEntries: 0, summary: {} };

export interface CatalogChangesOptions {
  filters: ChangesFilters;
  /** The list's page and sort. */
  list: ListPage;
  /** Reload every `followInterval` ms and mark the changes that arrive. */
  follow: boolean;
  followInterval: number;
}

/**
 * The change search (CAT-19) of the changes page: the filters, the time range resolved once per
 * range (an ISO range must not move, and refetch, on every render), the page and sort, deleted
 * configs from the address or else the preference; polled while following, with the ids of
 * the changes that arrived since the previous answer.
 */
export function useCatalogChanges({
  filters,
  list,
  follow,
  followInterval,
}: CatalogChangesOptions) {
  const { timezone } = useAppSelector(selectPreferences);
  const preferDeleted = useShowDeletedConfigs();
  const includeDeletedConfigs = filters.showDeletedConfigs ?? preferDeleted;
  const { pageIndex, pageSize, sortBy, sortOrder } = list.state;
  const rangeKey = JSON.stringify(filters.timeRange);
  const bounds = useMemo(
    () => changesTimeBounds(JSON.parse(rangeKey), new Date(), timezone),
    [rangeKey, timezone],
  );
  const { owners, pending } = useOwnerFilter(filters.owned);
  const args = useMemo(
    () =>
      changesArgs(
        filters,
        bounds,
        { pageIndex, pageSize, sortBy, sortOrder },
        includeDeletedConfigs,
        owners,
      ),
    [filters, bounds, pageIndex, pageSize, sortBy, sortOrder, includeDeletedConfigs, owners],
  );
  // Owned by my teams, and the user is in no team: nothing is owned, nothing is asked.
  const ownsNothing = owners !== undefined && owners.teams.length === 0;
  const query = useGetCatalogChangesQuery(args, {
    ...followPolling(follow, followInterval),
    skip: pending || ownsNothing,
  });
  // Another filter chosen before the answer came: the earlier search is cancelled.
  useAbortSuperseded(runningCatalogChanges, args);
  // Turning following on starts from the rows shown then: they are not new.
  const fresh = useFreshChanges(args, query.currentData?.rows, follow);
  // A cancelled search is no failure: its arguments are asked again if they come back.
  const aborted = query.isError && isAbortError(query.error);
  return {
    ...query,
    ...(aborted ? { error: undefined, isError: false, isFetching: true } : {}),
    ...(ownsNothing ? { data: NOTHING_OWNED, currentData: NOTHING_OWNED, isSuccess: true } : {}),
    fresh,
    includeDeletedConfigs,
  };
}
