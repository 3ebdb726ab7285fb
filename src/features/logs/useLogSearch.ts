import { useCallback } from 'react';
import { useUrlState } from '../../widgets/useUrlState';
import type { LogSearchState } from './model/search';
import { LOG_SEARCH, logSearchChanges } from './model/search';

/** The log search in the address. `replace` rewrites the entry (choices the page makes itself). */
export function useLogSearch() {
  const { state: search, update: write } = useUrlState(LOG_SEARCH);
  const update = useCallback(
    (changes: Partial<LogSearchState>, options: { replace?: boolean } = {}) =>
      write(
        logSearchChanges(search, changes),
        options.replace ? { history: 'replace' } : undefined,
      ),
    [search, write],
  );
  return { search, update };
}
