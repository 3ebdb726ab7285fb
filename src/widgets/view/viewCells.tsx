import { Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { GaugeConfig, ViewColumn } from '../../api/schemas/views';
import { formatBytes } from '../../lib/bytes';
import {
  formatDecimal,
  formatMillicores,
  formatNumber,
  formatViewDuration,
  gaugePercent,
  thresholdColor,
  toNumber,
} from '../../lib/viewValues';
import type { FormatDateFn } from '../../shell/useFormatDate';
import { StatusDot } from '../../ui/StatusDot';

/** `memory_limit` → `Memory Limit`, `lastUpdated` → `Last Updated`. */
export function columnHeader(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[_\-\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** Any value as text: objects as JSON, nothing for null. */
export function plainText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A gauge value may come as a number or as `{ value, min?, max? }`. */
function gaugeParts(value: unknown, config: GaugeConfig | null | undefined) {
  const record =
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  const current = toNumber(record ? record.value : value);
  const min = toNumber(record?.min) ?? toNumber(config?.min) ?? 0;
  const max = toNumber(record?.max) ?? toNumber(config?.max) ?? 100;
  return { current, min, max };
}

export interface GaugeBarProps {
  value: unknown;
  config?: GaugeConfig | null;
  /** Unit after the number. */
  unit?: string | null;
  /** The meter's accessible name. */
  label: string;
}

/** A horizontal gauge: the share of the range, coloured by the first threshold it reaches. */
export function GaugeBar({ value, config, unit, label }: GaugeBarProps) {
  const { current, min, max } = gaugeParts(value, config);
  if (current === undefined) return null;
  const percent = gaugePercent(current, min, max);
  const color = thresholdColor(percent, config?.thresholds) ?? 'var(--mc-view-gauge, #2d72d2)';
  const text = formatNumber(current, { unit: unit ?? config?.unit });
  return (
    <div className="mc-view-gauge">
      <div
        className="mc-view-gauge-track"
        role="meter"
        aria-label={label}
        aria-valuemin={min}
        aria-valuemax={max}
        aria-valuenow={current}
        aria-valuetext={text}
      >
        <div
          className="mc-view-gauge-fill"
          data-color={color}
          style={{ width: `${percent}%`, background: color }}
        />
      </div>
      <span className="mc-view-gauge-text">{text}</span>
    </div>
  );
}

function urlCell(value: unknown): ReactNode {
  const text = plainText(value);
  if (!/^https?:\/\//i.test(text)) return text;
  return (
    <a href={text} target="_blank" rel="noopener noreferrer">
      {text}
    </a>
  );
}

function attributesCell(value: unknown): ReactNode {
  if (typeof value !== 'object' || value === null) return plainText(value);
  return (
    <span className="mc-view-attributes">
      {Object.entries(value as Record<string, unknown>).map(([key, item]) => (
        <Tag key={key} minimal>
          {key}: {plainText(item)}
        </Tag>
      ))}
    </span>
  );
}

/** What a cell of a view's table shows, by the column's type (api.md VIEW-02 `columns[].type`). */
export function viewCell(column: ViewColumn, value: unknown, formatDate: FormatDateFn): ReactNode {
  if (value === null || value === undefined || value === '') return null;
  switch (column.type) {
    case 'health': {
      const text = plainText(value);
      return (
        <span className="mc-view-health">
          <StatusDot status={text} />
          <span>{text}</span>
        </span>
      );
    }
    case 'status':
      return (
        <Tag minimal className="mc-view-status">
          {plainText(value)}
        </Tag>
      );
    case 'badge':
      return (
        <Tag minimal round className="mc-view-badge">
          {plainText(value)}
        </Tag>
      );
    case 'gauge':
      return (
        <GaugeBar
          value={value}
          config={column.gauge}
          unit={column.unit}
          label={columnHeader(column.name)}
        />
      );
    case 'bytes': {
      const n = toNumber(value);
      return n === undefined ? plainText(value) : formatBytes(n);
    }
    case 'duration':
      return formatViewDuration(value);
    case 'datetime': {
      const text = formatDate(value as string | number);
      // Unreadable dates and the backend's zero time show as nothing.
      return text ? <time dateTime={plainText(value)}>{text}</time> : null;
    }
    case 'url':
      return urlCell(value);
    case 'millicore':
      return formatMillicores(value);
    case 'decimal':
      return formatDecimal(value);
    case 'row_attributes':
      return attributesCell(value);
    case 'number':
      return formatNumber(value, { unit: column.unit });
    case 'boolean':
      return value === true || value === 'true'
        ? 'Yes'
        : value === false || value === 'false'
          ? 'No'
          : plainText(value);
    default:
      return plainText(value);
  }
}
