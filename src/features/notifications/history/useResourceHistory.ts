import { useCallback } from 'react';
import type { TriStateMap } from '../../../lib/triState';
import { useUrlState } from '../../../widgets/useUrlState';
import { RESOURCE_HISTORY_STATE } from './model/historyParams';

/** A resource history's address state: the status filter and the send whose detail is open. */
export function useResourceHistoryParams() {
  const { state, set } = useUrlState(RESOURCE_HISTORY_STATE);
  const setStatus = useCallback((next: TriStateMap) => set('status', next), [set]);
  const setOpenSend = useCallback((id: string | undefined) => set('send', id), [set]);
  return { status: state.status, setStatus, openSend: state.send, setOpenSend };
}
