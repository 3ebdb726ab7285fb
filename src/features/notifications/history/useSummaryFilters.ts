import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { SummaryFilters } from './model/historyParams';
import { NO_SUMMARY_FILTERS, readSummaryFilters, writeSummaryFilters } from './model/historyParams';

/** The summary's filters in the address; changing one goes back to the first page. */
export function useSummaryFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readSummaryFilters(params), [params]);
  const update = useCallback(
    (changes: Partial<SummaryFilters>) =>
      setParams((current) => writeSummaryFilters(current, changes)),
    [setParams],
  );
  const clear = useCallback(
    () => setParams((current) => writeSummaryFilters(current, NO_SUMMARY_FILTERS)),
    [setParams],
  );
  return { filters, update, clear };
}
