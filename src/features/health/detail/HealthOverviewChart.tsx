import { Callout, H6, NonIdealState, Spinner } from '@blueprintjs/core';
import { useMemo } from 'react';
import type uPlot from 'uplot';
import type { ChartEventScope } from '../../../api/endpoints/chartEvents';
import { toErrorMessage } from '../../../api/errors';
import type { CheckGraph } from '../../../api/schemas/checks';
import { formatLatency } from '../../../lib/durations';
import { healthChartData } from './chartData';
import { UPlotChart } from '../../../ui/UPlotChart';
import { ChartEventMarkers, ChartEventToggles } from '../../../widgets/chartEvents/ChartEvents';
import type { ChartWindow } from '../../../widgets/chartEvents/useChartEvents';
import { useChartEvents } from '../../../widgets/chartEvents/useChartEvents';

export interface HealthOverviewChartProps {
  graph: CheckGraph | undefined;
  isLoading: boolean;
  error: unknown;
  /** Height of the plot in pixels. Default 200. */
  height?: number;
  /** The time the chart covers, whose events it can draw; none while the graph loads. */
  window?: ChartWindow | undefined;
  /** The resources whose events are drawn: the check, its configs and components. */
  eventScope?: ChartEventScope;
}

const PASSED_COLOR = '#238551';
const FAILED_COLOR = '#cd4246';

function pointSeries(label: string, color: string): uPlot.Series {
  return {
    label,
    stroke: color,
    fill: color,
    width: 0,
    paths: () => null,
    points: { show: true, size: 6, stroke: color, fill: color },
    value: (_plot, value) => (value === null ? '' : formatLatency(value)),
  };
}

/**
 * The options of the chart: time on x, latency on y, passing runs green, failing red. With a
 * window (events drawn), the x axis spans it, so an event before the first run shows too.
 */
export function healthChartOptions(
  plugin: uPlot.Plugin,
  window: ChartWindow | undefined,
): Omit<uPlot.Options, 'width' | 'height'> {
  const range = window ? ([window.from / 1000, window.to / 1000] as uPlot.Range.MinMax) : undefined;
  return {
    legend: { show: true },
    cursor: { drag: { x: true, y: false } },
    scales: {
      x: { time: true, ...(range ? { range: () => range } : {}) },
      latency: { auto: true },
    },
    axes: [
      {},
      {
        scale: 'latency',
        values: (_plot, ticks) => ticks.map((tick) => formatLatency(tick)),
        size: 60,
      },
    ],
    series: [
      {},
      { ...pointSeries('Passed', PASSED_COLOR), scale: 'latency' },
      { ...pointSeries('Failed', FAILED_COLOR), scale: 'latency' },
    ],
    plugins: [plugin],
  };
}

/**
 * The Health Overview: every run of the range by time and latency, coloured by status, and the
 * events of the check's window chosen in the address (see `useChartEvents`): the check's
 * playbook runs, the changes of its configs, the incidents with evidence of it, its configs or
 * components.
 */
export function HealthOverviewChart({
  graph,
  isLoading,
  error,
  height = 200,
  window,
  eventScope,
}: HealthOverviewChartProps) {
  const data = useMemo(() => healthChartData(graph?.status ?? []), [graph]);
  const events = useChartEvents(window, eventScope);
  const { plugin } = events;
  const drawn = events.kinds.length > 0 ? window : undefined;
  const from = drawn?.from;
  const to = drawn?.to;
  const options = useMemo(
    () =>
      healthChartOptions(plugin, from !== undefined && to !== undefined ? { from, to } : undefined),
    [plugin, from, to],
  );
  let body;
  if (error) {
    body = (
      <Callout intent="danger" title="The chart could not be loaded">
        {toErrorMessage(error)}
      </Callout>
    );
  } else if (isLoading && !graph) {
    body = <Spinner size={24} aria-label="Loading chart" />;
  } else if (data[0].length === 0) {
    body = <NonIdealState icon="timeline-line-chart" title="No data available" />;
  } else {
    body = (
      <UPlotChart
        options={options}
        data={data}
        height={height}
        label="Health Overview chart"
        overlay={<ChartEventMarkers chart="Health Overview" {...events} />}
      />
    );
  }
  return (
    <section aria-label="Health Overview" className="check-detail-chart">
      <H6>Health Overview</H6>
      <ChartEventToggles {...events} />
      {body}
    </section>
  );
}
