import { labelValue } from './checkFields';
import { aggregateGroup } from './groupChecks';
import type { CheckRow, GroupRow, HealthCheck, HealthRow } from './types';

/**
 * What the pivot's columns split the checks by, as the address's `pivotBy` writes it: `none`
 * (no pivot, the default), a check field, or `labels` with the label key in `pivotLabel`
 * (`label` is read as `labels`).
 */
export type PivotBy = 'none' | 'namespace' | 'type' | 'labels' | 'label';

/** The Pivot By choices, in menu order, with their labels. */
export const PIVOT_BY_FIELDS: ReadonlyArray<{ value: PivotBy; label: string }> = [
  { value: 'none', label: 'None' },
  { value: 'namespace', label: 'Namespace' },
  { value: 'type', label: 'Type' },
  { value: 'labels', label: 'Label' },
];

export const NO_PIVOT: PivotBy = 'none';

/** Whether a URL value is a Pivot By choice. */
export function isPivotBy(value: string): value is PivotBy {
  return value === 'label' || PIVOT_BY_FIELDS.some((field) => field.value === value);
}

/** What a pivot cell shows: the recent runs (Health), the uptime or the latency. */
export const PIVOT_CELL_TYPES = ['checkStatuses', 'uptime', 'latency'] as const;
export type PivotCellType = (typeof PIVOT_CELL_TYPES)[number];

export const DEFAULT_PIVOT_CELL_TYPE: PivotCellType = 'checkStatuses';

/** The Cell Type choices, in menu order, with their labels. */
export const PIVOT_CELL_TYPE_FIELDS: ReadonlyArray<{ value: PivotCellType; label: string }> = [
  { value: 'checkStatuses', label: 'Health' },
  { value: 'uptime', label: 'Uptime' },
  { value: 'latency', label: 'Latency' },
];

/** A pivot the page can draw. */
export type Pivot =
  | { by: 'namespace' | 'type'; cell: PivotCellType }
  | { by: 'labels'; key: string; cell: PivotCellType };

/** The address's pivot settings. */
export interface PivotSettings {
  pivotBy: PivotBy;
  pivotLabel: string | undefined;
  pivotCellType: PivotCellType;
}

/** The choice the Pivot By select shows (`label` is shown as `labels`). */
export function pivotChoice(pivotBy: PivotBy): PivotBy {
  return pivotBy === 'label' ? 'labels' : pivotBy;
}

/**
 * The pivot the settings describe: null when there is none, `needsLabel` when pivoting by
 * labels without a label key yet.
 */
export function pivotOf(settings: PivotSettings): Pivot | 'needsLabel' | null {
  const by = pivotChoice(settings.pivotBy);
  const cell = settings.pivotCellType;
  if (by === 'none') return null;
  if (by === 'labels') {
    const key = settings.pivotLabel?.trim() ?? '';
    return key === '' ? 'needsLabel' : { by, key, cell };
  }
  return { by: by === 'type' ? 'type' : 'namespace', cell };
}

/** One column of the pivot: the checks with one value, or those with none (`value` null). */
export interface PivotColumn {
  /** The column's id: `value:{value}`, or `none` for checks without a value. */
  id: string;
  value: string | null;
  /** The header. */
  label: string;
}

/** The header of the column of checks that have no value. */
export const NO_PIVOT_VALUE = '(none)';

const NONE_COLUMN: PivotColumn = { id: 'none', value: null, label: NO_PIVOT_VALUE };

/** The value a check falls under; undefined when it has none (an empty value is none). */
export function pivotValueOf(check: HealthCheck, pivot: Pivot): string | undefined {
  let value: string | null | undefined;
  if (pivot.by === 'labels') value = labelValue(check, pivot.key);
  else if (pivot.by === 'type') value = check.type;
  else value = check.namespace;
  return value === null || value === undefined || value === '' ? undefined : value;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** One column per value the checks carry, sorted, then `(none)` when some carry none. */
export function pivotColumnsOf(checks: readonly HealthCheck[], pivot: Pivot): PivotColumn[] {
  const values = new Set<string>();
  let someNone = false;
  for (const check of checks) {
    const value = pivotValueOf(check, pivot);
    if (value === undefined) someNone = true;
    else values.add(value);
  }
  const columns = [...values]
    .sort(byText)
    .map((value): PivotColumn => ({ id: `value:${value}`, value, label: value }));
  return someNone ? [...columns, NONE_COLUMN] : columns;
}

/** What one cell of the pivot holds. */
export type PivotCell =
  /** The row's one check, when it falls under the column. */
  | { kind: 'check'; row: CheckRow }
  /** Two or more of a group's checks under the column, aggregated. */
  | { kind: 'group'; group: GroupRow }
  | { kind: 'empty' };

const EMPTY_CELL: PivotCell = { kind: 'empty' };

/**
 * The cells of the pivot, read per row and column. A group's members are split by column once
 * per row; the result lives as long as the finder (one finder per pivot and set of rows).
 */
export function pivotCellFinder(pivot: Pivot): (row: HealthRow, column: PivotColumn) => PivotCell {
  const split = new WeakMap<GroupRow, Map<string | null, PivotCell>>();
  const columnValue = (check: HealthCheck) => pivotValueOf(check, pivot) ?? null;
  const splitGroup = (group: GroupRow) => {
    let cells = split.get(group);
    if (cells) return cells;
    const members = new Map<string | null, CheckRow[]>();
    for (const member of group.checks) {
      const value = columnValue(member.check);
      const list = members.get(value);
      if (list) list.push(member);
      else members.set(value, [member]);
    }
    cells = new Map();
    for (const [value, list] of members) {
      const only = list.length === 1 ? list[0] : undefined;
      cells.set(
        value,
        only
          ? { kind: 'check', row: only }
          : { kind: 'group', group: aggregateGroup(group.name, list) },
      );
    }
    split.set(group, cells);
    return cells;
  };
  return (row, column) => {
    if (row.kind === 'check') {
      return columnValue(row.check) === column.value ? { kind: 'check', row } : EMPTY_CELL;
    }
    return splitGroup(row).get(column.value) ?? EMPTY_CELL;
  };
}
