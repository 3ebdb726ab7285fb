import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { TriStateMap } from '../../../../lib/triState';
import type { ChangesStateChanges, ChangesUrlState } from '../model/changesState';
import { parseChangesParams, withChangesParams } from '../model/changesState';

export interface ChangesParams {
  state: ChangesUrlState;
  /** Changes some of the state (and goes back to the first page). */
  update: (changes: ChangesStateChanges) => void;
}

/** The Changes tab's toggles, time range and filters, read from and written to the URL. */
export function useChangesParams(): ChangesParams {
  const [params, setParams] = useSearchParams();
  const parsed = useMemo(() => parseChangesParams(params), [params]);
  // Parsed again on every URL change; equal values keep their identity for the memos after.
  const typesKey = JSON.stringify(parsed.changeTypes);
  const changeTypes = useMemo(() => JSON.parse(typesKey) as TriStateMap, [typesKey]);
  const rangeKey = JSON.stringify(parsed.timeRange);
  const timeRange = useMemo(() => JSON.parse(rangeKey) as ChangesUrlState['timeRange'], [rangeKey]);
  const { upstream, downstream, severity } = parsed;
  const state = useMemo(
    () => ({ upstream, downstream, severity, changeTypes, timeRange }),
    [upstream, downstream, severity, changeTypes, timeRange],
  );
  const update = useCallback(
    (changes: ChangesStateChanges) => setParams((current) => withChangesParams(current, changes)),
    [setParams],
  );
  return { state, update };
}
