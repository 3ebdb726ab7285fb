import { useMemo } from 'react';
import uPlot from 'uplot';
import { UPlotChart } from '../../ui/UPlotChart';
import type { LogRow } from './model/lines';
import { histogram } from './model/lines';

export interface LogHistogramProps {
  /** The lines counted (those shown). */
  rows: readonly LogRow[];
  /** The window of the search. */
  from: Date;
  to: Date;
  /** The user's time zone (`browser` or an IANA name) for the time axis. */
  timezone: string;
  /** Height in pixels. Default 110. */
  height?: number;
}

const ALL_COLOR = '#4c90f0';
const ERROR_COLOR = '#cd4246';

function barSeries(label: string, color: string): uPlot.Series {
  return {
    label,
    stroke: color,
    fill: `${color}99`,
    width: 1,
    // Bars drawn lazily, so the options can be made where uPlot is only a stand-in (tests).
    paths: (plot, seriesIndex, idx0, idx1) =>
      uPlot.paths.bars?.({ size: [0.9, 40], align: 1 })(plot, seriesIndex, idx0, idx1) ?? null,
    points: { show: false },
  };
}

function chartOptions(timezone: string): Omit<uPlot.Options, 'width' | 'height'> {
  return {
    legend: { show: true },
    cursor: { drag: { x: false, y: false } },
    scales: { x: { time: true }, y: { range: (_plot, _min, max) => [0, Math.max(1, max)] } },
    axes: [{}, { size: 40 }],
    series: [{}, barSeries('Lines', ALL_COLOR), barSeries('Errors', ERROR_COLOR)],
    ...(timezone !== 'browser' && timezone !== ''
      ? { tzDate: (seconds: number) => uPlot.tzDate(new Date(seconds * 1000), timezone) }
      : {}),
  };
}

/** Lines over time above the list: every shown line and the errors among them, per bucket. */
export function LogHistogram({ rows, from, to, timezone, height = 110 }: LogHistogramProps) {
  const options = useMemo(() => chartOptions(timezone), [timezone]);
  const data = useMemo(() => histogram(rows, from, to) as uPlot.AlignedData, [rows, from, to]);
  return (
    <section aria-label="Lines over time" className="mc-log-histogram">
      <UPlotChart options={options} data={data} height={height} label="Log lines over time" />
    </section>
  );
}
