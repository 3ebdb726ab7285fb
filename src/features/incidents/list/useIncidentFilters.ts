import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { IncidentUrlFilters } from './model/incidentListParams';
import {
  clearIncidentFilters,
  readIncidentFilters,
  writeIncidentFilters,
} from './model/incidentListParams';

export interface IncidentFiltersState {
  filters: IncidentUrlFilters;
  /** Changes some filters (and goes back to the first page). */
  update: (changes: Partial<IncidentUrlFilters>) => void;
  /** Back to the default list: open incidents, no other filter. */
  clear: () => void;
}

/** The incident list's filters, read from and written to the address. */
export function useIncidentFilters(): IncidentFiltersState {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readIncidentFilters(params), [params]);
  const update = useCallback(
    (changes: Partial<IncidentUrlFilters>) =>
      setParams((current) => writeIncidentFilters(current, changes)),
    [setParams],
  );
  const clear = useCallback(
    () => setParams((current) => clearIncidentFilters(current)),
    [setParams],
  );
  return { filters, update, clear };
}
