import { useCallback } from 'react';
import type { TriStateMap } from '../../../lib/triState';
import { useUrlState } from '../../../widgets/useUrlState';
import { RESOURCE_HISTORY_STATE } from './model/historyParams';

/**
 * A resource history's address state: the status filter, whether suppressed sends show, and the
 * send whose detail is open.
 */
export function useResourceHistoryParams() {
  const { state, set, resetFilters, filtered } = useUrlState(RESOURCE_HISTORY_STATE);
  const setStatus = useCallback((next: TriStateMap) => set('status', next), [set]);
  const setSuppressed = useCallback((next: boolean) => set('suppressed', next), [set]);
  const setOpenSend = useCallback((id: string | undefined) => set('send', id), [set]);
  return {
    status: state.status,
    setStatus,
    suppressed: state.suppressed,
    setSuppressed,
    openSend: state.send,
    setOpenSend,
    filtered,
    resetFilters,
  };
}
