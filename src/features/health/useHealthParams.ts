import { useMemo } from 'react';
import { useUrlState } from '../../widgets/useUrlState';
import type { HealthFields, HealthUrlState } from './model/urlState';
import { HEALTH_STATE, sortStateOf } from './model/urlState';
import { DEFAULT_CHECK_TIME_RANGE } from '../../lib/timeRange';

export interface HealthParams {
  /** The page state of the current URL. `labels` and `sort` keep their identity while equal. */
  state: HealthUrlState;
  /** Changes some fields and keeps the others. */
  update: (changes: Partial<HealthFields>) => void;
}

/** The health page's state, read from and written to the address. */
export function useHealthParams(): HealthParams {
  const { state: fields, update } = useUrlState(HEALTH_STATE);
  const sort = useMemo(() => sortStateOf(fields.sort), [fields.sort]);
  const state = useMemo(
    () => ({ ...fields, sort, timeRange: fields.timeRange ?? DEFAULT_CHECK_TIME_RANGE }),
    [fields, sort],
  );
  return { state, update };
}
