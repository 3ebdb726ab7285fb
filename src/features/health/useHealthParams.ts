import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { UpdateOptions } from '../../widgets/useUrlState';
import { useUrlState } from '../../widgets/useUrlState';
import type { HealthFields, HealthUrlState } from './model/urlState';
import { HEALTH_STATE, sortStateOf } from './model/urlState';
import { DEFAULT_CHECK_TIME_RANGE } from '../../lib/timeRange';

export interface HealthParams {
  /** The page state of the current URL. `labels` and `sort` keep their identity while equal. */
  state: HealthUrlState;
  /** Changes some fields and keeps the others; the same function for the page's life. */
  update: (changes: Partial<HealthFields>, options?: UpdateOptions) => void;
}

/** The health page's state, read from and written to the address. */
export function useHealthParams(): HealthParams {
  const { state: fields, update: updateNow } = useUrlState(HEALTH_STATE);
  // The address's own update changes with every address; the page's controls get one that
  // does not, so that a search re-renders neither them nor what is memoised on it.
  const latest = useRef(updateNow);
  useEffect(() => {
    latest.current = updateNow;
  }, [updateNow]);
  const update = useCallback(
    (changes: Partial<HealthFields>, options?: UpdateOptions) => latest.current(changes, options),
    [],
  );
  const sort = useMemo(() => sortStateOf(fields.sort), [fields.sort]);
  const state = useMemo(
    () => ({ ...fields, sort, timeRange: fields.timeRange ?? DEFAULT_CHECK_TIME_RANGE }),
    [fields, sort],
  );
  return { state, update };
}
