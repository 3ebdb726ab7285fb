import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { LogSearchState } from './model/search';
import { readLogSearch, writeLogSearch } from './model/search';

/** The log search in the address. `replace` rewrites the entry (choices the page makes itself). */
export function useLogSearch() {
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => readLogSearch(params), [params]);
  const update = useCallback(
    (changes: Partial<LogSearchState>, options: { replace?: boolean } = {}) =>
      setParams((current) => writeLogSearch(current, changes), { replace: options.replace }),
    [setParams],
  );
  return { search, update };
}
