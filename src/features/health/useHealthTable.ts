import { useCallback, useMemo } from 'react';
import type { ListSort } from '../../lib/listState';
import type { DataTableProps } from '../../ui/DataTable/DataTable';
import { healthRowClass, rowTitle } from './ChecksTableCells';
import { sortMembers } from './model/sortRows';
import type { HealthRow, SortColumn, SortState } from './model/types';
import { SORT_COLUMNS } from './model/types';

/** What a table of checks and their groups is given by the page. */
export interface HealthTableProps {
  /** The checks and groups to show (groups collapsed unless expanded). */
  rows: readonly HealthRow[];
  /** Ids of the expanded groups. */
  expanded: ReadonlySet<string>;
  sort: SortState;
  onSort: (sort: SortState) => void;
  /** Expands or collapses a group. */
  onToggle: (groupId: string) => void;
  /** Opens a check. */
  onOpen: (checkId: string) => void;
}

function isSortColumn(value: string): value is SortColumn {
  return (SORT_COLUMNS as readonly string[]).includes(value);
}

const rowId = (row: HealthRow) => row.id;
const rowClassName: DataTableProps<HealthRow>['rowClassName'] = (row, display) =>
  healthRowClass(row, display.depth);

type TreeProps = Pick<
  DataTableProps<HealthRow>,
  | 'rows'
  | 'getRowId'
  | 'getSubRows'
  | 'expanded'
  | 'onExpandedChange'
  | 'onRowOpen'
  | 'rowLabel'
  | 'rowClassName'
  | 'sort'
  | 'onSortChange'
  | 'windowed'
>;

/**
 * The kit table's props shared by the checks table and the pivot: groups that expand to their
 * members (sorted as the table is), a check row that opens the check, the sort in the page's
 * terms, windowed rows.
 */
export function useHealthTable({
  rows,
  expanded,
  sort,
  onSort,
  onToggle,
  onOpen,
}: HealthTableProps): TreeProps {
  const listSort = useMemo<ListSort>(
    () => ({ sortBy: sort.column, sortOrder: sort.desc ? 'desc' : 'asc' }),
    [sort],
  );
  // The table asks every group for its members, to know whether it can be expanded; only an
  // open group's members are shown, so only those are sorted (thousands of groups are not
  // sorted again on every keystroke of a search).
  const getSubRows = useCallback(
    (row: HealthRow) => {
      if (row.kind !== 'group') return undefined;
      return expanded.has(row.id) ? sortMembers(row, sort) : row.checks;
    },
    [sort, expanded],
  );
  const onExpandedChange = useCallback((id: string) => onToggle(id), [onToggle]);
  const onRowOpen = useCallback((row: HealthRow) => onOpen(row.id), [onOpen]);
  const onSortChange = useCallback(
    ({ sortBy, sortOrder }: Required<ListSort>) => {
      if (isSortColumn(sortBy)) onSort({ column: sortBy, desc: sortOrder === 'desc' });
    },
    [onSort],
  );
  return {
    rows,
    getRowId: rowId,
    getSubRows,
    expanded,
    onExpandedChange,
    onRowOpen,
    rowLabel: rowTitle,
    rowClassName,
    sort: listSort,
    onSortChange,
    windowed: true,
  };
}
