import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { TriStateMap } from '../../lib/triState';
import type { HealthParamChanges, HealthUrlState } from './model/urlState';
import { parseHealthParams, withHealthParams } from './model/urlState';

export interface UpdateOptions {
  /** Replace the current history entry instead of adding one (typing in the search box). */
  replace?: boolean;
}

export interface HealthParams {
  /** The page state of the current URL. `labels` and `sort` keep their identity while equal. */
  state: HealthUrlState;
  /** Changes some parameters and keeps the others. */
  update: (changes: HealthParamChanges, options?: UpdateOptions) => void;
}

/** The health page's state, read from and written to the query string. */
export function useHealthParams(): HealthParams {
  const [searchParams, setSearchParams] = useSearchParams();
  const parsed = useMemo(() => parseHealthParams(searchParams), [searchParams]);
  // Objects parsed again on every URL change; equal ones keep the previous identity so the
  // memoised steps after them do not run again.
  const labelsKey = JSON.stringify(parsed.labels);
  const labels = useMemo(() => JSON.parse(labelsKey) as TriStateMap, [labelsKey]);
  const { column, desc } = parsed.sort;
  const sort = useMemo(() => ({ column, desc }), [column, desc]);
  const state = useMemo(() => ({ ...parsed, labels, sort }), [parsed, labels, sort]);
  const update = useCallback(
    (changes: HealthParamChanges, options: UpdateOptions = {}) =>
      setSearchParams((current) => withHealthParams(current, changes), {
        replace: options.replace ?? false,
      }),
    [setSearchParams],
  );
  return { state, update };
}
