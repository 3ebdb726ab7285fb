import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { RunsFilters } from './model/runs';
import { NO_RESOURCE_FILTER, readRunsFilters, writeRunsFilters } from './model/runs';

/** The runs list's filters in the address; changing one goes back to the first page. */
export function useRunsFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readRunsFilters(params), [params]);
  const update = useCallback(
    (changes: Partial<RunsFilters>) => setParams((current) => writeRunsFilters(current, changes)),
    [setParams],
  );
  const clear = useCallback(
    () =>
      setParams((current) =>
        writeRunsFilters(current, {
          playbook: undefined,
          status: undefined,
          ...NO_RESOURCE_FILTER,
          timeRange: undefined,
        }),
      ),
    [setParams],
  );
  return { filters, update, clear };
}
