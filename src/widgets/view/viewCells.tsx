import { Icon, Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
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
import { paths } from '../../shell/paths';
import type { FormatDateFn } from '../../shell/useFormatDate';
import { StatusDot } from '../../ui/StatusDot';
import { ConfigIcon, namedIcon } from '../ConfigIcon';

/** Column types that are no column: a row's cell attributes, and its access grants. */
export const ROW_DATA_TYPES: readonly string[] = ['row_attributes', 'grants'];

/** What `row_attributes` says of one cell (Mission Control's `CellAttributes`). */
export interface CellAttributes {
  url?: string;
  icon?: string;
  config?: { id: string; type?: string; class?: string; health?: string; status?: string };
  max?: number;
  min?: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The key of a row's cell attributes in VIEW-05's rows (duty's `ReservedColumnAttributes`): the
 * table keeps them beside the columns, never as one of them.
 */
export const ROW_ATTRIBUTES_KEY = '__row__attributes';

/** The attributes of each cell of a row, read from its `__row__attributes` (JSON or text). */
export function rowAttributes(values: Record<string, unknown>): Record<string, CellAttributes> {
  let raw = values[ROW_ATTRIBUTES_KEY];
  if (typeof raw === 'string') {
    try {
      raw = JSON.parse(raw);
    } catch {
      return {};
    }
  }
  if (!isRecord(raw)) return {};
  const out: Record<string, CellAttributes> = {};
  for (const [name, entry] of Object.entries(raw)) {
    if (!isRecord(entry)) continue;
    const config =
      isRecord(entry.config) && typeof entry.config.id === 'string' ? entry.config : null;
    out[name] = {
      ...(typeof entry.url === 'string' ? { url: entry.url } : {}),
      ...(typeof entry.icon === 'string' ? { icon: entry.icon } : {}),
      ...(toNumber(entry.max) === undefined ? {} : { max: toNumber(entry.max) }),
      ...(toNumber(entry.min) === undefined ? {} : { min: toNumber(entry.min) }),
      ...(config
        ? {
            config: {
              id: String(config.id),
              ...(typeof config.type === 'string' ? { type: config.type } : {}),
              ...(typeof config.class === 'string' ? { class: config.class } : {}),
              ...(typeof config.health === 'string' ? { health: config.health } : {}),
              ...(typeof config.status === 'string' ? { status: config.status } : {}),
            },
          }
        : {}),
    };
  }
  return out;
}

/** A row of a view's table: its values by column, and its cells' attributes. */
export interface ViewRow {
  key: string;
  values: Record<string, unknown>;
  attributes: Record<string, CellAttributes>;
}

/** What a cell knows besides its value: its attributes, the row, and the label filter. */
export interface CellContext {
  attributes?: CellAttributes;
  /** The row's values (a `config_item` column's `configItem.idField`). */
  row?: Record<string, unknown>;
  /** Filters the table by a label of a `labels` cell; without it the tags are plain. */
  onLabel?: (key: string, value: string) => void;
}

const HEALTH_ICONS = ['healthy', 'unhealthy', 'warning', 'unknown'];

/**
 * A cell's value with its attributes: a health dot or an icon before it (a Blueprint icon, else
 * the icon of the config type it names, as upstream's `Kubernetes::Pod`), a link around it.
 */
function withAttributes(content: ReactNode, attributes: CellAttributes | undefined): ReactNode {
  if (!attributes) return content;
  let out = content;
  if (attributes.icon && HEALTH_ICONS.includes(attributes.icon)) {
    out = (
      <span className="mc-view-health">
        <StatusDot status={attributes.icon} />
        <span>{out}</span>
      </span>
    );
  } else if (attributes.icon) {
    out = (
      <span className="mc-view-icon-cell">
        <Icon icon={namedIcon(attributes.icon, 'cube')} size={14} aria-hidden />
        <span>{out}</span>
      </span>
    );
  }
  if (attributes.url) {
    out = /^https?:\/\//i.test(attributes.url) ? (
      <a href={attributes.url} target="_blank" rel="noopener noreferrer">
        {out}
      </a>
    ) : (
      <Link to={attributes.url}>{out}</Link>
    );
  }
  return out;
}

/** A `labels` cell: one tag per `key: value`, each filtering the table when clicked. */
function labelsCell(value: unknown, onLabel: CellContext['onLabel']): ReactNode {
  let map = value;
  if (typeof map === 'string') {
    try {
      map = JSON.parse(map);
    } catch {
      return map as string;
    }
  }
  if (!isRecord(map)) return plainText(value);
  const entries = Object.entries(map).sort(([a], [b]) => a.localeCompare(b));
  return (
    <span className="mc-view-attributes">
      {entries.map(([key, item]) => {
        const text = `${key}: ${plainText(item)}`;
        return onLabel ? (
          <Tag
            key={key}
            minimal
            interactive
            role="button"
            tabIndex={0}
            aria-label={`Filter by ${text}`}
            onClick={(event) => {
              event.stopPropagation();
              onLabel(key, plainText(item));
            }}
            onKeyDown={(event) => {
              if (event.key !== 'Enter' && event.key !== ' ') return;
              event.preventDefault();
              event.stopPropagation();
              onLabel(key, plainText(item));
            }}
          >
            {text}
          </Tag>
        ) : (
          <Tag key={key} minimal>
            {text}
          </Tag>
        );
      })}
    </span>
  );
}

/** A `config_item` cell: the config's icon and name, linking to its page. */
function configItemCell(column: ViewColumn, value: unknown, context: CellContext): ReactNode {
  const config = context.attributes?.config;
  const idField = column.configItem?.idField;
  const id = config?.id ?? (idField ? plainText(context.row?.[idField]) : '');
  const name = plainText(value);
  const content = (
    <span className="mc-view-config">
      <ConfigIcon type={config?.type} configClass={config?.class} />
      <span>{name}</span>
    </span>
  );
  return id ? <Link to={paths.catalogItem.getHref(id)}>{content}</Link> : content;
}

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
function gaugeParts(
  value: unknown,
  config: GaugeConfig | null | undefined,
  bounds: { min?: number; max?: number } = {},
) {
  const record =
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  const current = toNumber(record ? record.value : value);
  const min = toNumber(record?.min) ?? bounds.min ?? toNumber(config?.min) ?? 0;
  const max = toNumber(record?.max) ?? bounds.max ?? toNumber(config?.max) ?? 100;
  return { current, min, max };
}

export interface GaugeBarProps {
  value: unknown;
  config?: GaugeConfig | null;
  /** Unit after the number. */
  unit?: string | null;
  /** The meter's accessible name. */
  label: string;
  /** The row's own range (`row_attributes`), before the column's. */
  bounds?: { min?: number; max?: number };
}

/** A horizontal gauge: the share of the range, coloured by the first threshold it reaches. */
export function GaugeBar({ value, config, unit, label, bounds }: GaugeBarProps) {
  const { current, min, max } = gaugeParts(value, config, bounds);
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

/**
 * A date in the user's format and time zone, the value as the server sent it in its title;
 * unreadable dates and the backend's zero time show as nothing.
 */
export function datetimeCell(value: unknown, formatDate: FormatDateFn): ReactNode {
  const text = formatDate(value as string | number);
  const raw = plainText(value);
  return text ? (
    <time dateTime={raw} title={raw}>
      {text}
    </time>
  ) : null;
}

/**
 * What a cell of a view's table shows, by the column's type (api.md VIEW-02 `columns[].type`),
 * with its `row_attributes` (an icon, a link, a gauge's range).
 */
export function viewCell(
  column: ViewColumn,
  value: unknown,
  formatDate: FormatDateFn,
  context: CellContext = {},
): ReactNode {
  if (value === null || value === undefined || value === '') return null;
  const { attributes } = context;
  switch (column.type) {
    case 'labels':
      return labelsCell(value, context.onLabel);
    case 'config_item':
      return configItemCell(column, value, context);
    case 'gauge':
      return (
        <GaugeBar
          value={value}
          config={column.gauge}
          unit={column.unit}
          label={columnHeader(column.name)}
          bounds={{ min: attributes?.min, max: attributes?.max }}
        />
      );
    default:
      return withAttributes(typedCell(column, value, formatDate), attributes);
  }
}

/** A cell drawn by its column's type alone. */
function typedCell(column: ViewColumn, value: unknown, formatDate: FormatDateFn): ReactNode {
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
    case 'bytes': {
      const n = toNumber(value);
      return n === undefined ? plainText(value) : formatBytes(n);
    }
    case 'duration':
      return formatViewDuration(value);
    case 'datetime':
      return datetimeCell(value, formatDate);
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
