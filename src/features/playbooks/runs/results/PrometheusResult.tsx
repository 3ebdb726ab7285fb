import { HTMLTable } from '@blueprintjs/core';
import { lazyPart } from '../../../../ui/LazyPart';
import type { PrometheusOutput } from '../model/results';
import { lastValue } from '../model/results';
import { QueryText } from './QueryText';
import { seriesColor } from '../../../../ui/chartStyle';

// The chart's code (uPlot) loads only when a range query's result is shown.
const PrometheusChart = lazyPart(
  async () => (await import('./PrometheusChart')).PrometheusChart,
  'Loading the chart',
  160,
);

/** A sample's value as Prometheus prints it: up to four decimals, no trailing zeros. */
function valueText(value: number | undefined): string {
  if (value === undefined) return '';
  return Number.isInteger(value) ? String(value) : String(Number(value.toFixed(4)));
}

/**
 * A Prometheus answer: its query in monospace, a line chart of the series over time (a range
 * query's), and a table of the series, each with its labels and last value.
 */
export function PrometheusResult({ output }: { output: PrometheusOutput }) {
  const charted = output.resultType === 'matrix' && output.series.some((s) => s.points.length > 0);
  return (
    <div className="mc-run-result mc-run-prometheus">
      {output.query && <QueryText query={output.query} label="PromQL query" />}
      {output.series.length === 0 ? (
        <p className="mc-run-none">No series</p>
      ) : (
        <>
          {charted && <PrometheusChart series={output.series} />}
          <HTMLTable compact striped aria-label="Series" className="mc-run-sql-table">
            <thead>
              <tr>
                <th scope="col">Series</th>
                <th scope="col" className="mc-run-cell-number">
                  {output.resultType === 'matrix' ? 'Last value' : 'Value'}
                </th>
                {output.resultType === 'matrix' && (
                  <th scope="col" className="mc-run-cell-number">
                    Samples
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {output.series.map((series, index) => (
                <tr key={series.name}>
                  <th scope="row" className="mc-run-series">
                    {charted && (
                      <span
                        className="mc-run-series-swatch"
                        style={{ background: seriesColor(index) }}
                        aria-hidden
                      />
                    )}
                    {series.name}
                  </th>
                  <td className="mc-run-cell-number">{valueText(lastValue(series))}</td>
                  {output.resultType === 'matrix' && (
                    <td className="mc-run-cell-number">{series.points.length}</td>
                  )}
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </>
      )}
    </div>
  );
}
