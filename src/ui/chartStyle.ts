import type uPlot from 'uplot';

/** Colours of chart series and pie slices, in turn (Blueprint's palette). */
export const SERIES_COLORS = [
  '#2d72d2',
  '#238551',
  '#c87619',
  '#cd4246',
  '#7961db',
  '#00a396',
  '#d1980b',
] as const;

/** The colour of the series at `index`. */
export function seriesColor(index: number): string {
  return SERIES_COLORS[index % SERIES_COLORS.length]!;
}

const GRID = { stroke: 'rgba(143, 153, 168, 0.25)', width: 1 };

/** Axis labels in the text colour around the chart. */
const axisStroke = (plot: uPlot) => getComputedStyle(plot.root).color || '#5f6b7c';

/**
 * The axes of the console's time charts: time along x, values along y written by `format`,
 * with a light grid.
 */
export function timeValueAxes(format: (value: number) => string): uPlot.Axis[] {
  return [
    { stroke: axisStroke, grid: GRID, ticks: GRID },
    {
      stroke: axisStroke,
      grid: GRID,
      ticks: GRID,
      size: 50,
      values: (_plot, ticks) => ticks.map((tick) => format(tick)),
    },
  ];
}
