import { Card, Classes, HTMLTable } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { ViewPanel } from '../../api/schemas/views';
import {
  formatNumber,
  formatViewDuration,
  gaugePercent,
  panelEntries,
  panelValue,
  rowLabel,
  thresholdColor,
  toNumber,
} from '../../lib/viewValues';
import { columnHeader, plainText } from './viewCells';

/** Colours of pie slices named by a health or status word. */
const WORD_COLORS: Record<string, string> = {
  healthy: '#238551',
  unhealthy: '#cd4246',
  warning: '#c87619',
  unknown: '#8f99a8',
};

/** Colours of the other slices, in turn. */
const PALETTE = ['#2d72d2', '#238551', '#c87619', '#cd4246', '#7961db', '#00a396', '#d1980b'];

type Rows = readonly Record<string, unknown>[];

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
  const entries = panelEntries(panel.rows).filter((entry) => entry.value > 0);
  const total = entries.reduce((sum, entry) => sum + entry.value, 0);
  if (total === 0) return <p className={Classes.TEXT_MUTED}>No data</p>;
  const colors = panel.piechart?.colors ?? {};
  const slices = entries.reduce<
    Array<{ label: string; value: number; color: string; from: number; to: number }>
  >((done, entry, index) => {
    const from = done[done.length - 1]?.to ?? 0;
    const color =
      colors[entry.label] ??
      WORD_COLORS[entry.label.toLowerCase()] ??
      PALETTE[index % PALETTE.length]!;
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
          <li key={slice.label}>
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
  const value = panelValue(panel.rows);
  return (
    <p className="mc-view-number" data-testid="view-number">
      {value === undefined
        ? '—'
        : formatNumber(value, {
            unit: panel.number?.unit,
            precision: panel.number?.precision,
          })}
    </p>
  );
}

function TextPanel({ rows }: { rows: Rows }) {
  return (
    <div className="mc-view-text">
      {rows.map((row, index) => {
        const text = typeof row.value === 'string' ? row.value : rowLabel(row) || plainText(row);
        return <p key={index}>{text}</p>;
      })}
    </div>
  );
}

function TablePanel({ panel }: { panel: ViewPanel }) {
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
              <td key={key}>{plainText(row[key])}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

function GaugePanel({ panel }: { panel: ViewPanel }) {
  const value = panelValue(panel.rows);
  if (value === undefined) return <p className="mc-view-number">—</p>;
  const min = toNumber(panel.gauge?.min) ?? 0;
  const max = toNumber(panel.gauge?.max) ?? 100;
  const percent = gaugePercent(value, min, max);
  const color = thresholdColor(percent, panel.gauge?.thresholds) ?? '#2d72d2';
  const text = formatNumber(value, { unit: panel.gauge?.unit });
  // A half ring from the left (turn 0.75) to the right (turn 1.25), filled up to the value.
  const filled = 0.75 + percent / 200;
  return (
    <div
      className="mc-view-gauge-panel"
      role="meter"
      aria-label={panel.name}
      aria-valuemin={min}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={text}
    >
      <svg viewBox="0 0 100 56" aria-hidden>
        <path d={arcPath(0.75, 1.25)} fill="var(--mc-view-gauge-track, #d3d8de)" />
        {percent > 0 && <path d={arcPath(0.75, filled)} fill={color} data-color={color} />}
      </svg>
      <p className="mc-view-gauge-value">{text}</p>
      <p className={`mc-view-gauge-range ${Classes.TEXT_MUTED}`}>
        <span>{formatNumber(min, { unit: panel.gauge?.unit })}</span>
        <span>{formatNumber(max, { unit: panel.gauge?.unit })}</span>
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

function panelBody(panel: ViewPanel): ReactNode {
  const rows = panel.rows ?? [];
  switch (panel.type) {
    case 'piechart':
      return <PiechartPanel panel={panel} />;
    case 'number':
      return <NumberPanel panel={panel} />;
    case 'text':
      return <TextPanel rows={rows} />;
    case 'table':
      return <TablePanel panel={panel} />;
    case 'gauge':
      return <GaugePanel panel={panel} />;
    case 'duration':
      return <DurationPanel panel={panel} />;
    default:
      return <TablePanel panel={panel} />;
  }
}

export interface ViewPanelsProps {
  panels: readonly ViewPanel[];
}

/** The view's panels as cards, each drawn by its type. */
export function ViewPanels({ panels }: ViewPanelsProps) {
  if (panels.length === 0) return null;
  return (
    <div className="mc-view-panels">
      {panels.map((panel) => (
        <Card
          key={panel.name}
          className="mc-view-panel"
          data-panel-type={panel.type}
          role="region"
          aria-label={panel.name}
        >
          <h3 className="mc-view-panel-title" title={panel.description ?? undefined}>
            {panel.name}
          </h3>
          {panelBody(panel)}
        </Card>
      ))}
    </div>
  );
}
