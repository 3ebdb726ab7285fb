import { DEFAULT_SORT, sortMembers } from './sortRows';
import type { DisplayRow, HealthRow, SortState } from './types';

/**
 * The rows the table shows: every top-level row, each expanded group followed by its members
 * in the order of `sort`.
 */
export function flattenRows(
  rows: readonly HealthRow[],
  expanded: ReadonlySet<string>,
  sort: SortState = DEFAULT_SORT,
): DisplayRow[] {
  const display: DisplayRow[] = [];
  for (const row of rows) {
    display.push({ row, depth: 0, key: row.id });
    if (row.kind === 'group' && expanded.has(row.id)) {
      for (const member of sortMembers(row, sort)) {
        display.push({ row: member, depth: 1, key: `${row.id}/${member.id}` });
      }
    }
  }
  return display;
}
