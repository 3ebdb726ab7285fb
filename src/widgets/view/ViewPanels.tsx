import { Callout, Card, Classes, HTMLTable } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { ViewPanel } from '../../api/schemas/views';
import {
  formatViewDuration,
  gaugePercent,
  panelEntries,
  panelValue,
  rowLabel,
  thresholdColor,
  toNumber,
} from '../../lib/viewValues';
import { isIsoTimestamp } from '../../lib/dates';
import { useFormatDate } from '../../shell/useFormatDate';
import { lazyPart } from '../../ui/LazyPart';
import { BargaugePanel } from './BargaugePanel';
import { HeatmapPanel } from './HeatmapPanel';
import { PanelEmpty } from './PanelEmpty';
import type { PanelRow, TimeRange } from './panelValues';
import {
  DEFAULT_GAUGE_COLOR,
  SERIES_COLORS,
  formatPanelValue,
  gaugeRange,
  pieSlices,
} from './panelValues';
import { columnHeader, datetimeCell, plainText } from './viewCells';

/**
 * The time series chart (and uPlot with it) loads only where a view has one; meanwhile its
 * spinner keeps the room the chart takes (its event toggles, the plot and a legend's line), so
 * the panels and sections below stay where they will be.
 */
const TIMESERIES_BODY_HEIGHT = 251;
const TimeseriesPanel = lazyPart(
  async () => (await import('./TimeseriesPanel')).TimeseriesPanel,
  'Loading the chart',
  TIMESERIES_BODY_HEIGHT,
);

/** Colours of pie slices named by a health or status word. */
const WORD_COLORS: Record<string, string> = {
  healthy: '#238551',
  unhealthy: '#cd4246',
  warning: '#c87619',
  unknown: '#8f99a8',
};

/** The colour of the "Others" slice. */
const OTHERS_COLOR = '#8f99a8';

/** Where a point of a circle of radius `r` around (50, 50) lies at `turn` (0–1, from the top). */
function point(turn: number, r: number): [number, number] {
  const angle = turn * 2 * Math.PI - Math.PI / 2;
  return [50 + r * Math.cos(angle), 50 + r * Math.sin(angle)];
}

/** A ring segment from turn `a` to `b`. */
function arcPath(a: number, b: number, outer = 48, inner = 30): string {
  const end = b - a >= 1 ? a + 0.9999 : b;
  const large = end - a > 0.5 ? 1 : 0;
  const [x1, y1] = point(a, outer);
  const [x2, y2] = point(end, outer);
  const [x3, y3] = point(end, inner);
  const [x4, y4] = point(a, inner);
  return [
    `M ${x1} ${y1}`,
    `A ${outer} ${outer} 0 ${large} 1 ${x2} ${y2}`,
    `L ${x3} ${y3}`,
    `A ${inner} ${inner} 0 ${large} 0 ${x4} ${y4}`,
    'Z',
  ].join(' ');
}

function PiechartPanel({ panel }: { panel: ViewPanel }) {
  const entries = pieSlices(panelEntries(panel.rows));
  const total = entries.reduce((sum, entry) => sum + entry.value, 0);
  if (total === 0) return <PanelEmpty />;
  const colors = panel.piechart?.colors ?? {};
  const slices = entries.reduce<
    Array<{
      label: string;
      value: number;
      color: string;
      from: number;
      to: number;
      members?: string[];
    }>
  >((done, entry, index) => {
    const from = done[done.length - 1]?.to ?? 0;
    const color =
      colors[entry.label] ??
      WORD_COLORS[entry.label.toLowerCase()] ??
      (entry.members ? OTHERS_COLOR : SERIES_COLORS[index % SERIES_COLORS.length]!);
    return [...done, { ...entry, color, from, to: from + entry.value / total }];
  }, []);
  const summary = slices.map((slice) => `${slice.label || '—'} ${slice.value}`).join(', ');
  return (
    <div className="mc-view-pie">
      <svg viewBox="0 0 100 100" role="img" aria-label={`${panel.name}: ${summary}`}>
        {slices.map((slice) => (
          <path key={slice.label} d={arcPath(slice.from, slice.to)} fill={slice.color}>
            <title>{`${slice.label}: ${slice.value}`}</title>
          </path>
        ))}
        <text x="50" y="54" textAnchor="middle" className="mc-view-pie-total">
          {total}
        </text>
      </svg>
      <ul className="mc-view-legend" aria-label={`${panel.name} legend`}>
        {slices.map((slice) => (
          <li key={slice.label} title={slice.members?.join(', ')}>
            <span className="mc-view-swatch" style={{ background: slice.color }} aria-hidden />
            <span className="mc-view-legend-label">{slice.label || '—'}</span>
            <span className="mc-view-legend-value">{slice.value}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function NumberPanel({ panel }: { panel: ViewPanel }) {
  const rows = panel.rows ?? [];
  const format = (row: PanelRow) =>
    formatPanelValue(panelValue([row]), panel.number?.unit, panel.number?.precision);
  if (rows.length <= 1) {
    const value = panelValue(rows);
    if (value === undefined) return <PanelEmpty />;
    return (
      <p className="mc-view-number" data-testid="view-number">
        {format(rows[0]!)}
      </p>
    );
  }
  return (
    <dl className="mc-view-numbers">
      {rows.map((row, index) => (
        <div key={index}>
          <dt className={Classes.TEXT_MUTED}>{rowLabel(row)}</dt>
          <dd className="mc-view-number">{format(row)}</dd>
        </div>
      ))}
    </dl>
  );
}

function TextPanel({ rows }: { rows: readonly PanelRow[] }) {
  return (
    <div className="mc-view-text">
      {rows.map((row, index) => {
        const text = typeof row.value === 'string' ? row.value : rowLabel(row) || plainText(row);
        return <p key={index}>{text}</p>;
      })}
    </div>
  );
}

/**
 * A panel's rows as a table. Panels carry no column types (VIEW-02), so a cell holding an ISO
 * timestamp is shown as a date in the user's format and time zone, as a datetime column is.
 */
function TablePanel({ panel }: { panel: ViewPanel }) {
  const formatDate = useFormatDate();
  const rows = panel.rows ?? [];
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return (
    <HTMLTable compact striped className="mc-view-panel-table" aria-label={panel.name}>
      <thead>
        <tr>
          {keys.map((key) => (
            <th key={key} scope="col">
              {columnHeader(key)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={index}>
            {keys.map((key) => (
              <td key={key}>
                {isIsoTimestamp(row[key])
                  ? datetimeCell(row[key], formatDate)
                  : plainText(row[key])}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

/**
 * A half ring filled up to the value, coloured by its band. The range is the panel's, else
 * the row's `min`/`max`, else 0–100 for a percentage; without a maximum there is no arc to
 * fill and the value stands alone.
 */
function GaugePanel({ panel }: { panel: ViewPanel }) {
  const row = panel.rows?.[0];
  const value = panelValue(panel.rows);
  if (value === undefined) return <PanelEmpty />;
  const { unit, precision, thresholds } = panel.gauge ?? {};
  const text = formatPanelValue(value, unit, precision);
  const { min, max } = gaugeRange(panel.gauge, row);
  if (max === undefined) {
    return (
      <div className="mc-view-gauge-panel">
        <p className="mc-view-gauge-value" data-testid="view-gauge-value">
          {text}
        </p>
        <p className={`mc-view-gauge-note ${Classes.TEXT_MUTED}`}>No maximum</p>
      </div>
    );
  }
  const percent = gaugePercent(value, min, max);
  const color = thresholdColor(percent, thresholds) ?? DEFAULT_GAUGE_COLOR;
  // A half ring from the left (turn 0.75) to the right (turn 1.25), filled up to the value.
  const filled = 0.75 + percent / 200;
  return (
    <div
      className="mc-view-gauge-panel"
      role="meter"
      aria-label={panel.name}
      aria-valuemin={min}
      aria-valuemax={max}
      aria-valuenow={Math.min(max, Math.max(min, value))}
      aria-valuetext={text}
    >
      <svg viewBox="0 0 100 56" aria-hidden>
        <path d={arcPath(0.75, 1.25)} className="mc-view-gauge-arc-track" />
        {percent > 0 && <path d={arcPath(0.75, filled)} fill={color} data-color={color} />}
      </svg>
      <p className="mc-view-gauge-value">{text}</p>
      <p className={`mc-view-gauge-range ${Classes.TEXT_MUTED}`}>
        <span>{formatPanelValue(min, unit, precision)}</span>
        <span>{formatPanelValue(max, unit, precision)}</span>
      </p>
    </div>
  );
}

function DurationPanel({ panel }: { panel: ViewPanel }) {
  const rows = panel.rows ?? [];
  if (rows.length <= 1) {
    const value = rows[0] ? (rows[0].value ?? panelValue(rows)) : undefined;
    return (
      <p className="mc-view-number">{value === undefined ? '—' : formatViewDuration(value)}</p>
    );
  }
  return (
    <ul className="mc-view-durations">
      {rows.map((row, index) => (
        <li key={index}>
          <span>{rowLabel(row)}</span>
          <span>{formatViewDuration(row.value ?? panelValue([row]))}</span>
        </li>
      ))}
    </ul>
  );
}

/** A property row's value: `text` as it is, else `value` with the row's `unit`, objects as JSON. */
function propertyValue(row: PanelRow): string {
  if (typeof row.text === 'string' && row.text !== '') return row.text;
  const unit = typeof row.unit === 'string' ? row.unit : undefined;
  if (unit && toNumber(row.value) !== undefined) return formatPanelValue(row.value, unit);
  return plainText(row.value) || '—';
}

/** Label and value pairs: `label` (else the row's first other text) and `value`. */
function PropertiesPanel({ panel }: { panel: ViewPanel }) {
  return (
    <dl className="mc-view-properties" aria-label={panel.name}>
      {(panel.rows ?? []).map((row, index) => {
        const { value: _value, text: _text, unit: _unit, ...rest } = row;
        return (
          <div key={index} className="mc-view-property">
            <dt className={Classes.TEXT_MUTED}>{rowLabel(rest) || '—'}</dt>
            <dd>{propertyValue(row)}</dd>
          </div>
        );
      })}
    </dl>
  );
}

/** The server's reason a panel failed: its message, code and hint. */
function PanelError({ error }: { error: NonNullable<ViewPanel['error']> }) {
  return (
    <Callout intent="danger" icon="error" compact className="mc-view-panel-error">
      <p className="mc-view-panel-error-message">
        {error.message || 'The panel could not be evaluated.'}
      </p>
      {error.code && (
        <p>
          Code: <code>{error.code}</code>
        </p>
      )}
      {error.hint && <p className={Classes.TEXT_MUTED}>Hint: {error.hint}</p>}
    </Callout>
  );
}

type PanelBody = (panel: ViewPanel, timeRange: TimeRange | undefined) => ReactNode;

/** How each kind of panel is drawn from its rows. */
const PANEL_BODIES = new Map<string, PanelBody>(
  Object.entries({
    piechart: (panel) => <PiechartPanel panel={panel} />,
    number: (panel) => <NumberPanel panel={panel} />,
    text: (panel) => <TextPanel rows={panel.rows ?? []} />,
    table: (panel) => <TablePanel panel={panel} />,
    gauge: (panel) => <GaugePanel panel={panel} />,
    duration: (panel) => <DurationPanel panel={panel} />,
    bargauge: (panel) => <BargaugePanel panel={panel} />,
    properties: (panel) => <PropertiesPanel panel={panel} />,
    heatmap: (panel) => <HeatmapPanel panel={panel} />,
    timeseries: (panel, timeRange) => <TimeseriesPanel panel={panel} timeRange={timeRange} />,
  } satisfies Record<string, PanelBody>),
);

/** The kinds of panel the console draws. */
export const PANEL_KINDS = [...PANEL_BODIES.keys()];

/** A panel's body: the server's error, else its kind drawn from its rows, or "No data". */
function panelBody(panel: ViewPanel, timeRange: TimeRange | undefined): ReactNode {
  if (panel.error) return <PanelError error={panel.error} />;
  const body = PANEL_BODIES.get(panel.type);
  if (!body) return <PanelEmpty>Unsupported panel type: {panel.type}</PanelEmpty>;
  if ((panel.rows ?? []).length === 0) return <PanelEmpty />;
  return body(panel, timeRange);
}

/** Kinds drawn across two columns of the grid where there is room. */
const WIDE_KINDS = new Set(['timeseries', 'heatmap', 'table']);

export interface ViewPanelsProps {
  panels: readonly ViewPanel[];
  /** The view's time range: the time series span it (default: the span of their data). */
  timeRange?: TimeRange;
}

/**
 * The view's panels as cards, each a region named by the panel and drawn by its type; a
 * panel the server could not evaluate shows why, the others are drawn as usual.
 */
export function ViewPanels({ panels, timeRange }: ViewPanelsProps) {
  if (panels.length === 0) return null;
  return (
    <div className="mc-view-panels">
      {panels.map((panel, index) => (
        <Card
          key={`${index}:${panel.name}`}
          className={`mc-view-panel${WIDE_KINDS.has(panel.type) ? ' mc-view-panel--wide' : ''}`}
          data-panel-type={panel.type}
          role="region"
          aria-label={panel.name}
        >
          <header className="mc-view-panel-header">
            <h3 className="mc-view-panel-title">{panel.name}</h3>
            {panel.description && (
              <p className={`mc-view-panel-description ${Classes.TEXT_MUTED}`}>
                {panel.description}
              </p>
            )}
          </header>
          {panelBody(panel, timeRange)}
        </Card>
      ))}
    </div>
  );
}
