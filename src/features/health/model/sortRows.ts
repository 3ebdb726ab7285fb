import { transitionMs, uptimeOf } from './checkFields';
import type { CheckRow, GroupRow, HealthRow, SortColumn, SortState } from './types';

/** The order when the URL names no column: by name, A to Z. */
export const DEFAULT_SORT: SortState = { column: 'name', desc: false };

type Key = string | number;

const NO_VALUE = -1;

function ratio(passed: number, failed: number): number {
  const total = passed + failed;
  return total > 0 ? passed / total : NO_VALUE;
}

/**
 * The value a row is sorted by. Names compare case-insensitively; health ranks unhealthy (or
 * a bad group) 0, mixed 1, healthy 2; a missing number sorts as -1.
 */
export function sortKey(row: HealthRow, column: SortColumn): Key {
  if (row.kind === 'group') return groupKey(row, column);
  const { check } = row;
  switch (column) {
    case 'name':
      return row.sortName;
    case 'status':
      return check.status === 'healthy' ? 2 : check.status === 'unhealthy' ? 0 : 1;
    case 'uptime': {
      const { passed, failed } = uptimeOf(check);
      return ratio(passed, failed);
    }
    case 'latency': {
      const value = check.latency?.rolling1h;
      return typeof value === 'number' && Number.isFinite(value) ? value : NO_VALUE;
    }
    case 'last_transition_time':
      return transitionMs(check);
  }
}

function groupKey(row: GroupRow, column: SortColumn): Key {
  switch (column) {
    case 'name':
      return row.sortName;
    case 'status':
      return row.status.good ? 2 : row.status.mixed ? 1 : 0;
    case 'uptime':
      return ratio(row.uptime.passed, row.uptime.failed);
    case 'latency':
      return row.latency ?? NO_VALUE;
    case 'last_transition_time':
      return row.lastTransitionMs;
  }
}

/**
 * Sorts by a key computed once per row: an index array is sorted against the keys, so the
 * comparisons read plain arrays. Equal keys keep the input order (the sort is stable).
 */
function sortBy<T extends HealthRow>(rows: readonly T[], { column, desc }: SortState): T[] {
  const count = rows.length;
  const order = new Array<number>(count);
  const keys = new Array<Key>(count);
  for (let i = 0; i < count; i += 1) {
    order[i] = i;
    keys[i] = sortKey(rows[i] as T, column);
  }
  const direction = desc ? -1 : 1;
  order.sort((a, b) => {
    const x = keys[a] as Key;
    const y = keys[b] as Key;
    return x < y ? -direction : x > y ? direction : 0;
  });
  return order.map((index) => rows[index] as T);
}

/**
 * The rows in the order of one column, ascending unless `desc`; ties keep their order.
 * Groups keep their members as they are: `sortMembers` orders those of the groups shown
 * open, so collapsed groups cost nothing.
 */
export function sortRows(rows: readonly HealthRow[], sort: SortState = DEFAULT_SORT): HealthRow[] {
  return sortBy(rows, sort);
}

/** A group's members in the order of one column (see `sortRows`). */
export function sortMembers(group: GroupRow, sort: SortState = DEFAULT_SORT): CheckRow[] {
  return sortBy(group.checks, sort);
}
