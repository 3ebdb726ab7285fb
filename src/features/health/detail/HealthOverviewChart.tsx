import { Callout, H6, NonIdealState, Spinner } from '@blueprintjs/core';
import { useMemo } from 'react';
import type uPlot from 'uplot';
import { toErrorMessage } from '../../../api/errors';
import type { CheckGraph } from '../../../api/schemas/checks';
import { formatLatency } from '../../../lib/durations';
import { healthChartData } from './chartData';
import { UPlotChart } from '../../../ui/UPlotChart';

export interface HealthOverviewChartProps {
  graph: CheckGraph | undefined;
  isLoading: boolean;
  error: unknown;
  /** Height of the plot in pixels. Default 200. */
  height?: number;
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

/** The options of the chart: time on x, latency on y, passing runs green, failing red. */
export const HEALTH_CHART_OPTIONS: Omit<uPlot.Options, 'width' | 'height'> = {
  legend: { show: true },
  cursor: { drag: { x: true, y: false } },
  scales: { x: { time: true }, latency: { auto: true } },
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
};

/** The Health Overview: every run of the range by time and latency, coloured by status. */
export function HealthOverviewChart({
  graph,
  isLoading,
  error,
  height = 200,
}: HealthOverviewChartProps) {
  const data = useMemo(() => healthChartData(graph?.status ?? []), [graph]);
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
        options={HEALTH_CHART_OPTIONS}
        data={data}
        height={height}
        label="Health Overview chart"
      />
    );
  }
  return (
    <section aria-label="Health Overview" className="check-detail-chart">
      <H6>Health Overview</H6>
      {body}
    </section>
  );
}
