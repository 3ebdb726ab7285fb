import { useMemo } from 'react';
import type uPlot from 'uplot';
import { seriesColor, timeValueAxes } from '../../../../ui/chartStyle';
import { UPlotChart } from '../../../../ui/UPlotChart';
import { formatPanelValue } from '../../../../widgets/view/panelValues';
import type { PromSeries } from '../model/results';
import { alignedSeries } from '../model/results';

/** Height of the chart in pixels. */
export const PROMETHEUS_CHART_HEIGHT = 160;

/** The series of a range query as lines over time, each in the colour its table row shows. */
export function PrometheusChart({ series }: { series: readonly PromSeries[] }) {
  const data = useMemo(() => alignedSeries(series) as uPlot.AlignedData, [series]);
  const options = useMemo(
    (): Omit<uPlot.Options, 'width' | 'height'> => ({
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: true } },
      axes: timeValueAxes(formatPanelValue),
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
