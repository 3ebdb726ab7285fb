import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { JobFilters } from './model/filters';
import { readJobFilters, writeJobFilters } from './model/filters';

/** The job history list's filters in the address; changing one goes back to the first page. */
export function useJobFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readJobFilters(params), [params]);
  const update = useCallback(
    (changes: Partial<JobFilters>) => setParams((current) => writeJobFilters(current, changes)),
    [setParams],
  );
  return { params, setParams, filters, update };
}
