import { useMemo, useState } from 'react';
import { useSelector } from 'react-redux';
import uPlot from 'uplot';
import type { ViewPanel } from '../../api/schemas/views';
import { selectPreferences } from '../../shell/preferencesSlice';
import { useFormatDate } from '../../shell/useFormatDate';
import { seriesColor, timeValueAxes } from '../../ui/chartStyle';
import { UPlotChart } from '../../ui/UPlotChart';
import { ChartEventMarkers, ChartEventToggles } from '../chartEvents/ChartEvents';
import { useChartEvents } from '../chartEvents/useChartEvents';
import type { Series, TimeRange } from './panelValues';
import { formatPanelValue, panelConfigIds, seriesStats, timeseriesData } from './panelValues';
import { PanelEmpty } from './PanelEmpty';

/** Height of the plot in pixels. */
const CHART_HEIGHT = 200;

type Style = 'lines' | 'area' | 'points';

function styleOf(value: string | null | undefined): Style {
  return value === 'area' || value === 'points' ? value : 'lines';
}

/** A series drawn as a line, a filled area or points. */
function seriesOptions(label: string, color: string, style: Style): uPlot.Series {
  const value = (_plot: uPlot, raw: number | null) => (raw === null ? '' : formatPanelValue(raw));
  if (style === 'points') {
    return {
      label,
      stroke: color,
      width: 0,
      paths: () => null,
      points: { show: true, size: 5, stroke: color, fill: color },
      value,
    };
  }
  return {
    label,
    stroke: color,
    width: style === 'area' ? 1.5 : 2,
    ...(style === 'area' ? { fill: `${color}33` } : {}),
    points: { show: false },
    value,
  };
}

/** Axis text in the page's text colour, so the chart reads in the dark theme as in the light. */

function chartOptions(
  series: readonly Series[],
  style: Style,
  timezone: string,
  timeRange: TimeRange | undefined,
  onCursor: (index: number | null) => void,
  plugin: uPlot.Plugin,
): Omit<uPlot.Options, 'width' | 'height'> {
  const range = timeRange
    ? ([timeRange.from.getTime() / 1000, timeRange.to.getTime() / 1000] as uPlot.Range.MinMax)
    : undefined;
  return {
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    scales: { x: { time: true, ...(range ? { range: () => range } : {}) } },
    axes: timeValueAxes(formatPanelValue),
    series: [
      {},
      ...series.map((item, index) => seriesOptions(item.label, seriesColor(index), style)),
    ],
    hooks: { setCursor: [(plot) => onCursor(plot.cursor.idx ?? null)] },
    plugins: [plugin],
    ...(timezone !== 'browser' && timezone !== ''
      ? { tzDate: (seconds: number) => uPlot.tzDate(new Date(seconds * 1000), timezone) }
      : {}),
  };
}

/**
 * A time series panel: one series per value column and label (see `timeseriesData`) drawn as
 * lines, an area or points (`timeseries.style`) over the view's time range, with a legend
 * (`timeseries.legend`: shown unless `enable: false`, under the chart or, `vertical`, beside
 * it) that gives each series' value at the cursor, else its last; a hidden table gives every
 * series' last, lowest and highest value to assistive technology.
 *
 * Events (config changes, playbook runs, incidents; see `useChartEvents`) are drawn over the
 * panel's window: the view's time range, else the span of its data (views say no range of
 * their own today). The resources in view are the config items the panel's rows name
 * (`panelConfigIds`); a panel whose rows name none (counts over time, as the dashboard's) is
 * about the whole estate and draws the estate's events.
 */
export function TimeseriesPanel({
  panel,
  timeRange,
}: {
  panel: ViewPanel;
  timeRange?: TimeRange | undefined;
}) {
  const { timezone } = useSelector(selectPreferences);
  const formatDate = useFormatDate();
  const config = panel.timeseries;
  const data = useMemo(
    () => timeseriesData(panel.rows, { timeKey: config?.timeKey, valueKey: config?.valueKey }),
    [panel.rows, config?.timeKey, config?.valueKey],
  );
  const style = styleOf(config?.style);
  const [cursor, setCursor] = useState<number | null>(null);
  const from = timeRange?.from.getTime();
  const to = timeRange?.to.getTime();
  const first = data.times[0];
  const last = data.times[data.times.length - 1];
  const span = useMemo(() => {
    if (from !== undefined && to !== undefined) return { from, to };
    return first !== undefined && last !== undefined
      ? { from: first * 1000, to: last * 1000 }
      : undefined;
  }, [from, to, first, last]);
  const configIds = useMemo(() => panelConfigIds(panel.rows), [panel.rows]);
  const events = useChartEvents(span, configIds.length > 0 ? { configIds } : undefined);
  const { plugin } = events;
  const options = useMemo(
    () =>
      chartOptions(
        data.series,
        style,
        timezone,
        from !== undefined && to !== undefined
          ? { from: new Date(from), to: new Date(to) }
          : undefined,
        setCursor,
        plugin,
      ),
    // The setter is the same at every render: moving the cursor keeps the chart.
    [data.series, style, timezone, from, to, plugin],
  );
  const aligned = useMemo(
    () => [data.times, ...data.series.map((item) => item.values)] as uPlot.AlignedData,
    [data],
  );
  if (first === undefined || last === undefined || data.series.length === 0) {
    return <PanelEmpty />;
  }

  const firstText = formatDate(first * 1000);
  const lastText = formatDate(last * 1000);
  const legend = config?.legend?.enable !== false;
  const vertical = config?.legend?.layout === 'vertical';
  const shownAt = cursor !== null && cursor < data.times.length ? cursor : null;
  return (
    <div
      className={`mc-view-timeseries${legend && vertical ? ' mc-view-timeseries--vertical' : ''}`}
    >
      <div className="mc-view-timeseries-plot">
        <ChartEventToggles {...events} />
        <UPlotChart
          options={options}
          data={aligned}
          height={CHART_HEIGHT}
          label={`${panel.name}: ${data.series.length} series from ${firstText} to ${lastText}`}
          overlay={<ChartEventMarkers chart={panel.name} {...events} />}
        />
      </div>
      {legend && (
        <ul
          className={`mc-view-legend mc-view-timeseries-legend${vertical ? '' : ' mc-view-legend--horizontal'}`}
          aria-label={`${panel.name} legend`}
          data-layout={vertical ? 'vertical' : 'horizontal'}
        >
          {data.series.map((item, index) => {
            const value = shownAt !== null ? item.values[shownAt] : seriesStats(item)?.last;
            return (
              <li key={item.label}>
                <span
                  className="mc-view-swatch"
                  style={{ background: seriesColor(index) }}
                  aria-hidden
                />
                <span className="mc-view-legend-label">{item.label}</span>
                <span className="mc-view-legend-value">
                  {value === null || value === undefined ? '' : formatPanelValue(value)}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <table className="mc-visually-hidden">
        <caption>{`${panel.name} values from ${firstText} to ${lastText}`}</caption>
        <thead>
          <tr>
            <th scope="col">Series</th>
            <th scope="col">Last</th>
            <th scope="col">Lowest</th>
            <th scope="col">Highest</th>
            <th scope="col">Points</th>
          </tr>
        </thead>
        <tbody>
          {data.series.map((item) => {
            const stats = seriesStats(item);
            return (
              <tr key={item.label}>
                <th scope="row">{item.label}</th>
                <td>{stats ? formatPanelValue(stats.last) : ''}</td>
                <td>{stats ? formatPanelValue(stats.min) : ''}</td>
                <td>{stats ? formatPanelValue(stats.max) : ''}</td>
                <td>{stats?.points ?? 0}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
