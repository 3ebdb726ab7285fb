import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo } from 'react';
import type { TopologyArgs } from '../../api/endpoints/topology';
import {
  runningTopology,
  selectCachedTopology,
  useGetTopologyQuery,
} from '../../api/endpoints/topology';
import type { Topology } from '../../api/schemas/topology';
import { useAppSelector } from '../../shell/hooks';
import { isAbortError, useAbortSuperseded } from '../../widgets/useAbortSuperseded';
import { everyStatusArgs, narrowToStatus } from './model/topologyParams';

export interface TopologyAnswer {
  /** The answer shown: this request's, else one drawn from the cache, else the previous one. */
  data: Topology | undefined;
  /** True until a first answer (or one drawn from the cache) is there. */
  isLoading: boolean;
  /** True while the cards shown are not yet those of these arguments. */
  isFetching: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * TOPO-01 for the dashboard. A health status chosen after the answer for every status has come
 * is drawn at once from that answer (the status filter only keeps some of its cards) while the
 * exact answer comes, which then replaces it. The request of the previous filters is cancelled
 * when it is still running; a cancelled request is not an error.
 */
export function useTopology(args: TopologyArgs): TopologyAnswer {
  const query = useGetTopologyQuery(args);
  useAbortSuperseded(runningTopology, args);
  const broader = useMemo(() => everyStatusArgs(args), [args]);
  const selectBroader = useMemo(() => selectCachedTopology(broader ?? skipToken), [broader]);
  const everyStatus = useAppSelector((state) => selectBroader(state).data);
  const own = query.currentData;
  const drawn = useMemo(
    () =>
      own === undefined && everyStatus && args.status
        ? narrowToStatus(everyStatus, args.status)
        : undefined,
    [own, everyStatus, args.status],
  );
  const aborted = query.isError && isAbortError(query.error);
  return {
    data: own ?? drawn ?? query.data,
    isLoading: drawn === undefined && (query.isLoading || (aborted && query.data === undefined)),
    isFetching: drawn === undefined && (query.isFetching || aborted),
    isError: query.isError && !aborted,
    error: query.error,
    refetch: query.refetch,
  };
}
