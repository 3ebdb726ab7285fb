/**
 * What a view panel's rows (VIEW-02 `panels[].rows`) mean for each panel kind: values with
 * their units, pie slices past the limit grouped, bar gauge bars and groups, heatmap days and
 * weeks, and time series aligned for the chart. Pure.
 */
import { formatBytes } from '../../lib/bytes';
import {
  formatDecimal,
  formatMillicores,
  formatNumber,
  gaugePercent,
  humanizeDuration,
  rowLabel,
  rowValue,
  thresholdColor,
  toNumber,
} from '../../lib/viewValues';
import type { Threshold } from '../../lib/viewValues';

export type PanelRow = Record<string, unknown>;
export type PanelRows = readonly PanelRow[] | null | undefined;

/** What a panel without rows shows. */
export const NO_PANEL_DATA = 'No data';

/** The colour of a gauge or bar without a threshold band. */
export const DEFAULT_GAUGE_COLOR = '#2d72d2';

/** Colours of pie slices and chart series, in turn. */
export { SERIES_COLORS } from '../../ui/chartStyle';

/** Whether a unit means a share of 100 (`%`, ` %`, `percent`). */
export function isPercentUnit(unit: string | null | undefined): boolean {
  const word = unit?.trim().toLowerCase();
  return word === '%' || word === 'percent' || word === 'percentage';
}

/** Durations by unit: how many milliseconds one of the unit is. */
const DURATION_UNITS: Record<string, number> = {
  ns: 1e-6,
  nanoseconds: 1e-6,
  ms: 1,
  milliseconds: 1,
  s: 1000,
  seconds: 1000,
};

/**
 * A panel's number with its unit: `bytes` as a byte size, `millicores` as CPU, `%` and
 * `percent` after the number, durations (`ns`, `ms`, `seconds`) for people, any other unit
 * after a space; `precision` decimals (default: at most 2).
 */
export function formatPanelValue(
  value: unknown,
  unit?: string | null,
  precision?: number | null,
): string {
  const n = toNumber(value);
  if (n === undefined) return typeof value === 'string' ? value : '';
  const word = unit?.trim().toLowerCase() ?? '';
  if (isPercentUnit(word)) return formatNumber(n, { unit: '%', precision });
  if (word === 'millicores' || word === 'millicore') return formatMillicores(n);
  if (word === 'bytes') return formatBytes(n, precision ?? 2);
  const scale = DURATION_UNITS[word];
  if (scale !== undefined) return humanizeDuration(n * scale);
  return formatNumber(n, { unit: unit?.trim(), precision });
}

/** A panel row's label and number (see `panelEntries`). */
export interface PanelEntry {
  label: string;
  value: number;
}

/** How many slices a pie shows before the smaller ones are grouped into "Others". */
export const PIE_SLICE_LIMIT = 8;
export const OTHERS_LABEL = 'Others';

/** A pie slice; "Others" names the slices it stands for. */
export interface PieSlice extends PanelEntry {
  members?: string[];
}

/**
 * The slices of a pie: positive entries in their order; past `limit`, the `limit` largest
 * stay (in their order) and the rest become one "Others" slice, last.
 */
export function pieSlices(entries: readonly PanelEntry[], limit = PIE_SLICE_LIMIT): PieSlice[] {
  const positive = entries.filter((entry) => entry.value > 0);
  if (positive.length <= limit) return positive;
  const kept = new Set(
    positive
      .map((entry, index) => ({ entry, index }))
      .sort((a, b) => b.entry.value - a.entry.value)
      .slice(0, limit)
      .map(({ index }) => index),
  );
  const rest = positive.filter((_, index) => !kept.has(index));
  return [
    ...positive.filter((_, index) => kept.has(index)),
    {
      label: OTHERS_LABEL,
      value: rest.reduce((sum, entry) => sum + entry.value, 0),
      members: rest.map((entry) => entry.label),
    },
  ];
}

/** The range of a gauge: `max` undefined when neither the panel, the row nor the unit gives one. */
export function gaugeRange(
  config: { min?: unknown; max?: unknown; unit?: string | null } | null | undefined,
  row: PanelRow | undefined,
): { min: number; max: number | undefined } {
  const min = toNumber(config?.min) ?? toNumber(row?.min) ?? 0;
  const max =
    toNumber(config?.max) ?? toNumber(row?.max) ?? (isPercentUnit(config?.unit) ? 100 : undefined);
  return { min, max };
}

export interface BargaugeConfig {
  min?: unknown;
  max?: unknown;
  unit?: string | null;
  precision?: number | null;
  thresholds?: readonly Threshold[] | null;
  format?: string | null;
  group?: string | null;
}

/** One bar of a bar gauge. */
export interface Bar {
  label: string;
  value: number;
  min: number;
  max: number;
  /** Where the value lies in the range, in percent (not clamped: 189 past the maximum). */
  percent: number;
  text: string;
  color: string;
}

export interface BarGroup {
  /** The group's value; empty for bars of no group. */
  name: string;
  bars: Bar[];
}

/** The value of a bar gauge row: as a share of the range, a multiple of it, or with its unit. */
function barText(value: number, percent: number, config: BargaugeConfig): string {
  const precision = config.precision ?? undefined;
  if (config.format === 'percentage') return `${formatDecimal(percent, precision ?? 0)}%`;
  if (config.format === 'multiplier') {
    return `x${(percent / 100).toFixed(Math.max(precision ?? 0, 1))}`;
  }
  return formatPanelValue(value, config.unit, precision);
}

/**
 * The bars of a bar gauge, one per row with a number, grouped by the row's `group` column
 * (in the order the groups first appear). A row's own `min`/`max` win over the panel's; the
 * range is 0–100 without either.
 */
export function barGroups(rows: PanelRows, config: BargaugeConfig = {}): BarGroup[] {
  const groups = new Map<string, Bar[]>();
  const groupKey = config.group ?? '';
  for (const row of rows ?? []) {
    const value = toNumber(row.value) ?? rowValue(row);
    if (value === undefined) continue;
    const min = toNumber(row.min) ?? toNumber(config.min) ?? 0;
    const max = toNumber(row.max) ?? toNumber(config.max) ?? 100;
    const percent = max === min ? 0 : ((value - min) / (max - min)) * 100;
    const { [groupKey]: groupValue, ...rest } = row;
    const label =
      typeof row.name === 'string' && row.name !== '' ? row.name : rowLabel(rest) || 'Value';
    const name =
      groupKey && groupValue !== null && groupValue !== undefined ? String(groupValue) : '';
    const bars = groups.get(name) ?? [];
    bars.push({
      label,
      value,
      min,
      max,
      percent,
      text: barText(value, percent, config),
      color:
        thresholdColor(gaugePercent(value, min, max), config.thresholds) ?? DEFAULT_GAUGE_COLOR,
    });
    groups.set(name, bars);
  }
  return [...groups].map(([name, bars]) => ({ name, bars }));
}

/** One day of a heatmap. */
export interface HeatmapDay {
  /** `YYYY-MM-DD`. */
  date: string;
  value: number;
  successful: number;
  failed: number;
}

const DATE_PREFIX = /^(\d{4})-(\d{2})-(\d{2})/;

/** `YYYY-MM-DD` of a date or a timestamp (its date part), else undefined. */
function dateKey(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const match = DATE_PREFIX.exec(value);
  return match ? `${match[1]}-${match[2]}-${match[3]}` : undefined;
}

/**
 * The days of a heatmap from rows of `date` (or `day`, `timestamp`; timestamps count for their
 * date) with `count`, or `successful` and `failed`, or `value`; rows of the same date add up.
 * Sorted by date.
 */
export function heatmapDays(rows: PanelRows): HeatmapDay[] {
  const days = new Map<string, HeatmapDay>();
  for (const row of rows ?? []) {
    const date = dateKey(row.date ?? row.day ?? row.timestamp);
    if (!date) continue;
    const successful = toNumber(row.successful) ?? 0;
    const failed = toNumber(row.failed) ?? 0;
    const value = toNumber(row.count) ?? toNumber(row.value) ?? successful + failed;
    const day = days.get(date) ?? { date, value: 0, successful: 0, failed: 0 };
    day.value += value;
    day.successful += successful;
    day.failed += failed;
    days.set(date, day);
  }
  return [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** How many colour steps a heatmap has above "none". */
export const HEATMAP_LEVELS = 4;

/** The colour step of a value: 0 for none, else 1–`HEATMAP_LEVELS` by its share of `max`. */
export function heatmapLevel(value: number, max: number): number {
  if (value <= 0 || max <= 0) return 0;
  return Math.min(HEATMAP_LEVELS, Math.max(1, Math.ceil((value / max) * HEATMAP_LEVELS)));
}

/** The legend of a heatmap's colour scale: each step and the values it covers. */
export function heatmapScale(max: number): Array<{ level: number; label: string }> {
  const steps = [{ level: 0, label: 'None' }];
  if (max <= 0) return steps;
  for (let level = 1; level <= HEATMAP_LEVELS; level++) {
    const from = (max * (level - 1)) / HEATMAP_LEVELS;
    const to = (max * level) / HEATMAP_LEVELS;
    steps.push({ level, label: `${formatDecimal(from, 1)}–${formatDecimal(to, 1)}` });
  }
  return steps;
}

/** What a day of a heatmap says in its tooltip: the date, its value and its outcomes. */
export function heatmapDayText(date: string, day: HeatmapDay | undefined): string {
  if (!day) return `${date}: no data`;
  const outcomes =
    day.successful > 0 || day.failed > 0
      ? ` (${day.successful} successful, ${day.failed} failed)`
      : '';
  return `${date}: ${formatDecimal(day.value)}${outcomes}`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function utcDay(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

function keyOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * The weeks (Sunday to Saturday) from the week of `from` to the week of `to`, each day its
 * `YYYY-MM-DD`, or null outside `from`–`to`.
 */
export function weeksBetween(from: string, to: string): Array<Array<string | null>> {
  const start = utcDay(from);
  const end = utcDay(to);
  const cursor = new Date(start.getTime() - start.getUTCDay() * DAY_MS);
  const weeks: Array<Array<string | null>> = [];
  while (cursor <= end) {
    const week: Array<string | null> = [];
    for (let day = 0; day < 7; day++) {
      week.push(cursor >= start && cursor <= end ? keyOf(cursor) : null);
      cursor.setTime(cursor.getTime() + DAY_MS);
    }
    weeks.push(week);
  }
  return weeks;
}

/** A month's short name (`Mar`) from a `YYYY-MM-DD`. */
function shortMonth(date: string): string {
  return utcDay(date).toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
}

/**
 * The month named above each week of a compact heatmap: the week where a month begins, and the
 * first week unless a month begins within two weeks of it (the names would overlap).
 */
export function weekMonthLabels(weeks: ReadonlyArray<ReadonlyArray<string | null>>): string[] {
  const firstOfMonth = (week: ReadonlyArray<string | null>) =>
    week.find((date) => date?.endsWith('-01'));
  const labels = weeks.map((week) => {
    const first = firstOfMonth(week);
    return first ? shortMonth(first) : '';
  });
  const start = weeks[0]?.find((date) => date !== null);
  if (start && !labels.slice(0, 3).some(Boolean)) labels[0] = shortMonth(start);
  return labels;
}

/** A month of a calendar heatmap: its `YYYY-MM`, its name, and its weeks. */
export interface CalendarMonth {
  key: string;
  label: string;
  weeks: Array<Array<string | null>>;
}

/** The months from the first day's to the last day's, each as weeks of its own days. */
export function calendarMonths(days: readonly HeatmapDay[]): CalendarMonth[] {
  const first = days[0];
  const last = days[days.length - 1];
  if (!first || !last) return [];
  const months: CalendarMonth[] = [];
  const cursor = utcDay(`${first.date.slice(0, 7)}-01`);
  const end = utcDay(`${last.date.slice(0, 7)}-01`);
  while (cursor <= end) {
    const year = cursor.getUTCFullYear();
    const month = cursor.getUTCMonth();
    const lastDay = new Date(Date.UTC(year, month + 1, 0));
    months.push({
      key: keyOf(cursor).slice(0, 7),
      label: cursor.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
      weeks: weeksBetween(keyOf(cursor), keyOf(lastDay)),
    });
    cursor.setUTCMonth(month + 1);
  }
  return months;
}

/** The span a view covers: time series are drawn over it. */
export interface TimeRange {
  from: Date;
  to: Date;
}

export interface TimeseriesConfig {
  timeKey?: string | null;
  valueKey?: string | null;
}

/** One line of a time series: its name and a value (or null) per time. */
export interface Series {
  label: string;
  values: Array<number | null>;
}

export interface TimeseriesData {
  /** Unix seconds, ascending. */
  times: number[];
  series: Series[];
}

/** Columns a time series' time is found in, when the panel does not name one. */
const TIME_KEYS = ['timestamp', 'time', 'date', 'ts', 'created_at'];

function timeOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms / 1000;
}

/**
 * A time series panel's rows aligned for the chart: the time from `timeKey` (or the first of
 * timestamp, time, date, ts, created_at a row has), one series per value column (`valueKey`,
 * else every numeric column) and per combination of the rows' text columns (a label such as
 * the instance or node), a null where a series has no value at a time.
 */
export function timeseriesData(rows: PanelRows, config: TimeseriesConfig = {}): TimeseriesData {
  const all = rows ?? [];
  const timeKey =
    config.timeKey || TIME_KEYS.find((key) => all.some((row) => row[key] !== undefined));
  if (!timeKey) return { times: [], series: [] };
  const keys = [...new Set(all.flatMap((row) => Object.keys(row)))].filter(
    (key) => key !== timeKey,
  );
  const valueKeys = config.valueKey
    ? [config.valueKey]
    : keys.filter((key) => all.some((row) => typeof row[key] === 'number'));
  const labelKeys = keys.filter(
    (key) => !valueKeys.includes(key) && all.some((row) => typeof row[key] === 'string'),
  );
  const points = new Map<string, Map<number, number>>();
  const times = new Set<number>();
  for (const row of all) {
    const time = timeOf(row[timeKey]);
    if (time === undefined) continue;
    const labels = labelKeys
      .map((key) => row[key])
      .filter((value) => typeof value === 'string' && value !== '')
      .join(' ');
    for (const valueKey of valueKeys) {
      const value = toNumber(row[valueKey]);
      if (value === undefined) continue;
      const name =
        [labels, valueKeys.length > 1 || !labels ? valueKey : ''].filter(Boolean).join(' · ') ||
        valueKey;
      const series = points.get(name) ?? new Map<number, number>();
      series.set(time, value);
      points.set(name, series);
      times.add(time);
    }
  }
  const sorted = [...times].sort((a, b) => a - b);
  return {
    times: sorted,
    series: [...points].map(([label, values]) => ({
      label,
      values: sorted.map((time) => values.get(time) ?? null),
    })),
  };
}

/** The lowest, highest and last value of a series (undefined when it has none). */
export function seriesStats(
  series: Series,
): { min: number; max: number; last: number; points: number } | undefined {
  const values = series.values.filter((value): value is number => value !== null);
  if (values.length === 0) return undefined;
  return {
    min: Math.min(...values),
    max: Math.max(...values),
    last: values[values.length - 1]!,
    points: values.length,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The config items a panel's rows name: ids in a `config_id` column, or in a `config_item`
 * column (an id, or an object with an `id`), each once. A panel that aggregates (counts by
 * time) names none.
 */
export function panelConfigIds(rows: readonly PanelRow[] | null | undefined): string[] {
  const ids = new Set<string>();
  for (const row of rows ?? []) {
    const item = row.config_item;
    const candidates = [
      row.config_id,
      typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : item,
    ];
    for (const value of candidates) {
      if (typeof value === 'string' && UUID.test(value)) ids.add(value);
    }
  }
  return [...ids];
}
