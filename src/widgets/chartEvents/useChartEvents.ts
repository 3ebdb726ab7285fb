import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback, useMemo } from 'react';
import type { ChartEventScope, ChartEventsArgs } from '../../api/endpoints/chartEvents';
import {
  CHART_EVENTS_LIMIT,
  useGetChartChangesQuery,
  useGetChartIncidentsQuery,
  useGetChartRunsQuery,
} from '../../api/endpoints/chartEvents';
import { useUrlState } from '../useUrlState';
import type { ChartEvent, ChartEventKind } from './chartEventModel';
import { CHART_EVENTS_STATE, chartEvents, chosenKinds } from './chartEventModel';
import type { ChartLayout } from './chartLayout';
import { useChartLayout } from './chartLayout';
import type uPlot from 'uplot';

/** A chart's time window, in milliseconds. */
export interface ChartWindow {
  from: number;
  to: number;
}

export interface ChartEventsState {
  /** The kinds chosen in the address. */
  kinds: ChartEventKind[];
  /** Writes the chosen kinds into the address. */
  setKinds: (kinds: ChartEventKind[]) => void;
  /** The events of the chosen kinds inside the window, oldest first. */
  events: ChartEvent[];
  /**
   * The kinds whose answer came back full (`CHART_EVENTS_LIMIT` rows): older events of the
   * window are left out.
   */
  capped: ChartEventKind[];
  /** The first failed read, if any. */
  error: unknown;
  /** Give it to the chart's `plugins`: it reports where the markers go. */
  plugin: uPlot.Plugin;
  layout: ChartLayout | undefined;
}

/**
 * The events drawn over a chart: the kinds chosen in the address (`events=`), each read for the
 * chart's window and the resources in view (`scope`; none: the estate's), at most
 * `CHART_EVENTS_LIMIT` of each kind. A kind not chosen, or a chart without a window, asks for
 * nothing; a scope naming no config asks for no changes.
 */
export function useChartEvents(
  span: ChartWindow | undefined,
  scope?: ChartEventScope,
): ChartEventsState {
  const { state, set } = useUrlState(CHART_EVENTS_STATE);
  const kinds = useMemo(() => chosenKinds(state.events), [state.events]);
  const args: ChartEventsArgs | undefined = span
    ? {
        from: new Date(span.from).toISOString(),
        to: new Date(span.to).toISOString(),
        ...(scope ? { scope } : {}),
      }
    : undefined;
  const ask = (kind: ChartEventKind, possible = true) =>
    args && possible && kinds.includes(kind) ? args : skipToken;
  const changes = useGetChartChangesQuery(
    ask('changes', !scope || (scope.configIds?.length ?? 0) > 0),
  );
  const runs = useGetChartRunsQuery(ask('runs'));
  const incidents = useGetChartIncidentsQuery(ask('incidents'));
  const { plugin, layout } = useChartLayout();
  const from = span?.from;
  const to = span?.to;
  const events = useMemo(
    () =>
      chartEvents(changes.currentData, runs.currentData, incidents.currentData).filter(
        (event) =>
          from === undefined || to === undefined || (event.time >= from && event.time <= to),
      ),
    [changes.currentData, runs.currentData, incidents.currentData, from, to],
  );
  const rowCounts: Record<ChartEventKind, number> = {
    changes: changes.currentData?.length ?? 0,
    runs: runs.currentData?.length ?? 0,
    incidents: incidents.currentData?.length ?? 0,
  };
  const capped = kinds.filter((kind) => rowCounts[kind] >= CHART_EVENTS_LIMIT);
  const setKinds = useCallback((next: ChartEventKind[]) => set('events', chosenKinds(next)), [set]);
  return {
    kinds,
    setKinds,
    events,
    capped,
    error: changes.error ?? runs.error ?? incidents.error,
    plugin,
    layout,
  };
}
