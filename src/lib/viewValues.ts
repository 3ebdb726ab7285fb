/**
 * How the values of a view (api.md VIEW-02 panels, VIEW-05 cells) read: numbers with a unit
 * and precision, durations, CPU millicores, gauges and their colour bands, and what a panel's
 * rows mean. Pure.
 */
import { formatBytes } from './bytes';
import { defineUrlState, prefixed } from './urlState';

/** A finite number from a JSON value (numbers, and text that is one); else undefined. */
export function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : undefined;
  }
  return undefined;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A duration for people, at most two units: `500ms`, `45s`, `2m 7s`, `1h 5m`, `3d 4h`.
 * Missing and non-finite values give the empty string.
 */
export function humanizeDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '';
  const sign = ms < 0 ? '-' : '';
  const abs = Math.abs(ms);
  if (abs < SECOND) return `${sign}${Math.round(abs)}ms`;
  if (abs < MINUTE) {
    const seconds = Number((abs / SECOND).toFixed(1));
    return `${sign}${seconds}s`;
  }
  const units: Array<[number, string]> = [
    [DAY, 'd'],
    [HOUR, 'h'],
    [MINUTE, 'm'],
    [SECOND, 's'],
  ];
  const total = Math.round(abs / SECOND) * SECOND;
  const first = units.findIndex(([size]) => total >= size);
  const [bigSize, bigLabel] = units[first]!;
  const big = Math.floor(total / bigSize);
  const parts = [`${big}${bigLabel}`];
  const next = units[first + 1];
  if (next) {
    const small = Math.floor((total - big * bigSize) / next[0]);
    if (small > 0) parts.push(`${small}${next[1]}`);
  }
  return `${sign}${parts.join(' ')}`;
}

/**
 * A view's duration value: numbers (and numeric text) are nanoseconds, as the backend's
 * durations are; other text (`5m`) is shown as it is.
 */
export function formatViewDuration(value: unknown): string {
  const ns = toNumber(value);
  if (ns !== undefined) return humanizeDuration(ns / 1e6);
  return typeof value === 'string' ? value : '';
}

/** CPU in millicores: `250m` under one core, else cores (`1.5 cores`, `1 core`). */
export function formatMillicores(value: unknown): string {
  const millis = toNumber(value);
  if (millis === undefined) return typeof value === 'string' ? value : '';
  if (Math.abs(millis) < 1000) return `${Math.round(millis)}m`;
  const cores = Number((millis / 1000).toFixed(2));
  return `${cores} ${cores === 1 ? 'core' : 'cores'}`;
}

/** A number with at most `precision` decimals (default 2, trailing zeros dropped). */
export function formatDecimal(value: unknown, precision = 2): string {
  const n = toNumber(value);
  if (n === undefined) return typeof value === 'string' ? value : '';
  return String(Number(n.toFixed(Math.max(0, Math.min(20, Math.floor(precision))))));
}

export interface NumberFormat {
  /** `bytes` formats as a byte size; `%` follows the number; other units after a space. */
  unit?: string | null;
  /** Decimals; default: as many as the value has, at most 2. */
  precision?: number | null;
}

/** A number as a panel or cell shows it, with its unit. */
export function formatNumber(value: unknown, { unit, precision }: NumberFormat = {}): string {
  const n = toNumber(value);
  if (n === undefined) return typeof value === 'string' ? value : '';
  if (unit === 'bytes') return formatBytes(n, precision ?? 2);
  const text =
    precision !== undefined && precision !== null
      ? n.toFixed(Math.max(0, Math.min(20, Math.floor(precision))))
      : formatDecimal(n, 2);
  if (!unit) return text;
  return unit === '%' ? `${text}%` : `${text} ${unit}`;
}

/** The position of `value` between `min` and `max` in percent, clamped to 0–100. */
export function gaugePercent(value: number, min = 0, max = 100): number {
  if (max <= min) return value >= max ? 100 : 0;
  const percent = ((value - min) / (max - min)) * 100;
  return Math.min(100, Math.max(0, percent));
}

export interface Threshold {
  percent?: number | string | null;
  color?: string | null;
}

/** The colour of the highest band whose `percent` the value reaches; undefined without one. */
export function thresholdColor(
  percent: number,
  thresholds: readonly Threshold[] | null | undefined,
): string | undefined {
  let chosen: { at: number; color: string } | undefined;
  for (const threshold of thresholds ?? []) {
    const at = toNumber(threshold.percent);
    if (at === undefined || !threshold.color || percent < at) continue;
    if (!chosen || at >= chosen.at) chosen = { at, color: threshold.color };
  }
  return chosen?.color;
}

/** Keys a panel row names its number with, in order of preference. */
const VALUE_KEYS = ['value', 'count', 'total'];
/** Keys a panel row names its label with, in order of preference. */
const LABEL_KEYS = ['label', 'name', 'key'];

/** The number of a panel row: `value`, `count`, `total`, else its first number. */
export function rowValue(row: Record<string, unknown>): number | undefined {
  for (const key of VALUE_KEYS) {
    const n = toNumber(row[key]);
    if (n !== undefined) return n;
  }
  for (const value of Object.values(row)) {
    if (typeof value === 'number' && Number.isFinite(value)) return value;
  }
  return undefined;
}

/** The label of a panel row: `label`, `name`, `key`, else its first other text value. */
export function rowLabel(row: Record<string, unknown>): string {
  for (const key of LABEL_KEYS) {
    const value = row[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  for (const [key, value] of Object.entries(row)) {
    if (VALUE_KEYS.includes(key)) continue;
    if (typeof value === 'string' || typeof value === 'boolean') return String(value);
  }
  return '';
}

/** A panel's rows as labelled numbers (pie slices, key/value tables, durations). */
export function panelEntries(
  rows: readonly Record<string, unknown>[] | null | undefined,
): Array<{ label: string; value: number }> {
  const entries: Array<{ label: string; value: number }> = [];
  for (const row of rows ?? []) {
    const value = rowValue(row);
    if (value !== undefined) entries.push({ label: rowLabel(row), value });
  }
  return entries;
}

/** The one number of a number, gauge or duration panel: its first row's. */
export function panelValue(
  rows: readonly Record<string, unknown>[] | null | undefined,
): number | undefined {
  const first = rows?.[0];
  return first ? rowValue(first) : undefined;
}

/** The prefix of a view variable's parameter in the address (`var-{key}`). */
export const VIEW_VARIABLE_PREFIX = 'var-';

/**
 * A view's variables in the address, `var-{key}={value}` (empty values left out); a change
 * sends the view's table back to its first page and adds a history entry.
 */
export const VIEW_VARIABLES_STATE = defineUrlState({
  variables: prefixed({ prefix: VIEW_VARIABLE_PREFIX, filter: true, history: 'push' }),
});

/** The variables a URL carries: `var-{key}={value}` → `{ key: value }` (empty values left out). */
export function variablesFromParams(params: URLSearchParams): Record<string, string> {
  return VIEW_VARIABLES_STATE.read(params).variables;
}
