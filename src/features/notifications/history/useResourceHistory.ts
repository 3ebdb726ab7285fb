import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { TriStateMap } from '../../../lib/triState';
import {
  readHistoryStatus,
  readOpenSend,
  writeHistoryStatus,
  writeOpenSend,
} from './model/historyParams';

/** A resource history's address state: the status filter and the send whose detail is open. */
export function useResourceHistoryParams() {
  const [params, setParams] = useSearchParams();
  const status = useMemo(() => readHistoryStatus(params), [params]);
  const openSend = readOpenSend(params);
  const setStatus = useCallback(
    (next: TriStateMap) => setParams((current) => writeHistoryStatus(current, next)),
    [setParams],
  );
  const setOpenSend = useCallback(
    (id: string | undefined) => setParams((current) => writeOpenSend(current, id)),
    [setParams],
  );
  return { status, setStatus, openSend, setOpenSend };
}
