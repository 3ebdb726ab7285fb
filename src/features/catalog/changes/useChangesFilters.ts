import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ChangesFilters, ChangesFiltersChanges } from './model/changesFilters';
import {
  clearChangesFilters,
  readChangesFilters,
  readFollow,
  writeChangesFilters,
  writeFollow,
} from './model/changesFilters';

export interface ChangesFiltersState {
  filters: ChangesFilters;
  /** Changes some filters (and goes back to the first page). */
  update: (changes: ChangesFiltersChanges) => void;
  /** Removes every filter and the chosen time range. */
  clear: () => void;
  /** Whether the list follows new changes. */
  follow: boolean;
  setFollow: (follow: boolean) => void;
}

/** The changes page's filters and its follow switch, read from and written to the URL. */
export function useChangesFilters(): ChangesFiltersState {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readChangesFilters(params), [params]);
  const follow = readFollow(params);
  const update = useCallback(
    (changes: ChangesFiltersChanges) =>
      setParams((current) => writeChangesFilters(current, changes)),
    [setParams],
  );
  const clear = useCallback(
    () => setParams((current) => clearChangesFilters(current)),
    [setParams],
  );
  const setFollow = useCallback(
    (on: boolean) => setParams((current) => writeFollow(current, on)),
    [setParams],
  );
  return { filters, update, clear, follow, setFollow };
}
