import { useMemo } from 'react';
import type uPlot from 'uplot';
import { UPlotChart } from '../../../../ui/UPlotChart';
import { formatPanelValue } from '../../../../widgets/view/panelValues';
import type { PromSeries } from '../model/results';
import { alignedSeries } from '../model/results';
import { seriesColor } from './seriesColors';

/** Height of the chart in pixels. */
export const PROMETHEUS_CHART_HEIGHT = 160;

const GRID = { stroke: 'rgba(143, 153, 168, 0.25)', width: 1 };
const axisStroke = (plot: uPlot) => getComputedStyle(plot.root).color || '#5f6b7c';

/** The series of a range query as lines over time, each in the colour its table row shows. */
export function PrometheusChart({ series }: { series: readonly PromSeries[] }) {
  const data = useMemo(() => alignedSeries(series) as uPlot.AlignedData, [series]);
  const options = useMemo(
    (): Omit<uPlot.Options, 'width' | 'height'> => ({
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: true } },
      axes: [
        { stroke: axisStroke, grid: GRID, ticks: GRID },
        {
          stroke: axisStroke,
          grid: GRID,
          ticks: GRID,
          size: 50,
          values: (_plot, ticks) => ticks.map((tick) => formatPanelValue(tick)),
        },
      ],
      series: [
        {},
        ...series.map((entry, index) => ({
          label: entry.name,
          stroke: seriesColor(index),
          width: 2,
          points: { show: false },
          spanGaps: false,
        })),
      ],
    }),
    [series],
  );
  return (
    <UPlotChart
      options={options}
      data={data}
      height={PROMETHEUS_CHART_HEIGHT}
      label="Prometheus series chart"
    />
  );
}
