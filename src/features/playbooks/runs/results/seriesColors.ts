/**
 * Colours of the series of a Prometheus result, in turn: the chart's lines and the swatches of
 * the table's rows. Blueprint's palette, as the view panels use it; kept here so that the run
 * page does not load the view panels' code for it.
 */
export const RESULT_SERIES_COLORS = [
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
  return RESULT_SERIES_COLORS[index % RESULT_SERIES_COLORS.length]!;
}
