import { Classes } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { formatLatency } from '../../lib/durations';
import { paths } from '../../shell/paths';
import type { DataTableColumn } from '../../ui/DataTable/DataTable';
import { DataTable } from '../../ui/DataTable/DataTable';
import { isPlainClick } from '../../ui/plainClick';
import { GroupStatusDot, RecentRuns, healthNameColumn, uptimeText } from './ChecksTableCells';
import { uptimeOf } from './model/checkFields';
import type { Pivot, PivotCell, PivotCellType, PivotColumn } from './model/pivot';
import { PIVOT_CELL_TYPE_FIELDS, pivotCellFinder, pivotColumnsOf } from './model/pivot';
import type { GroupRow, HealthCheck, HealthRow } from './model/types';
import type { HealthTableProps } from './useHealthTable';
import { useHealthTable } from './useHealthTable';

/** The pivot table's accessible name. */
export const PIVOT_TABLE_LABEL = 'Health pivot';

const cellTypeLabel = (type: PivotCellType) =>
  PIVOT_CELL_TYPE_FIELDS.find((field) => field.value === type)?.label ?? type;

/** A check's value in a cell as words: its uptime, its latency, or its status for Health. */
function checkValue(check: HealthCheck, type: PivotCellType): string {
  if (type === 'uptime') {
    const { passed, failed } = uptimeOf(check);
    return uptimeText(passed, failed);
  }
  if (type === 'latency') return formatLatency(check.latency?.rolling1h);
  return check.status ?? '';
}

function groupContent(group: GroupRow, type: PivotCellType): ReactNode {
  if (type === 'uptime') return uptimeText(group.uptime.passed, group.uptime.failed) || '–';
  if (type === 'latency') return formatLatency(group.latency) || '–';
  return (
    <span className="mc-health-status">
      <GroupStatusDot group={group} />
      <span className={Classes.TEXT_MUTED} title="Healthy checks">
        {countHealthy(group)}/{group.checks.length}
      </span>
    </span>
  );
}

function countHealthy(group: GroupRow): number {
  return group.checks.filter(({ check }) => check.status === 'healthy').length;
}

interface CheckLinkProps {
  check: HealthCheck;
  /** The link's accessible name. */
  label: string;
  onOpen: (checkId: string) => void;
  children: ReactNode;
}

/**
 * A link to a check (a new tab opens the check's own address); a plain click opens the check
 * over the pivot, keeping the page as it is.
 */
function CheckLink({ check, label, onOpen, children }: CheckLinkProps) {
  return (
    <a
      className="mc-health-pivot-link"
      href={paths.check.getHref(check.id)}
      aria-label={label}
      title={label}
      onClick={(event) => {
        // The row does not open or toggle as well.
        event.stopPropagation();
        if (!isPlainClick(event)) return;
        event.preventDefault();
        onOpen(check.id);
      }}
    >
      {children}
    </a>
  );
}

/** The checks' names' column in the pivot, in px. */
const PIVOT_NAME_WIDTH = 280;

function pivotColumns(
  columns: readonly PivotColumn[],
  pivot: Pivot,
  onOpen: (checkId: string) => void,
): DataTableColumn<HealthRow>[] {
  const cellOf = pivotCellFinder(pivot);
  const type = pivot.cell;
  const what = cellTypeLabel(type);
  const render = (cell: PivotCell, column: PivotColumn): ReactNode => {
    if (cell.kind === 'empty') return null;
    if (cell.kind === 'group') return groupContent(cell.group, type);
    const { check, title } = cell.row;
    const value = checkValue(check, type);
    const label = `${what} of ${title} in ${column.label}${value ? `: ${value}` : ''}`;
    return (
      <CheckLink check={check} label={label} onOpen={onOpen}>
        {type === 'checkStatuses' ? <RecentRuns check={check} /> : value || '–'}
      </CheckLink>
    );
  };
  return [
    // A fixed width: the value columns share what is left, and the names stay readable.
    { ...healthNameColumn(), width: PIVOT_NAME_WIDTH },
    ...columns.map((column): DataTableColumn<HealthRow> => ({
      id: column.id,
      header: column.label,
      minWidth: type === 'checkStatuses' ? 140 : 100,
      className: 'mc-health-pivot-cell',
      cell: (row) => render(cellOf(row, column), column),
    })),
  ];
}

export interface PivotTableProps extends HealthTableProps {
  /** The checks the rows are made of: each value among them is a column. */
  checks: readonly HealthCheck[];
  pivot: Pivot;
}

/**
 * The checks (or their groups) against the values of the pivot's field or label: a column per
 * value, `(none)` last for checks without one, and in each cell the check's recent runs,
 * uptime or latency (a group's, over its members with that value). A check's cell links to it.
 */
export function PivotTable({ checks, pivot, ...table }: PivotTableProps) {
  const { onOpen } = table;
  const values = useMemo(() => pivotColumnsOf(checks, pivot), [checks, pivot]);
  const columns = useMemo(() => pivotColumns(values, pivot, onOpen), [values, pivot, onOpen]);
  const tree = useHealthTable(table);
  return (
    <DataTable<HealthRow>
      aria-label={PIVOT_TABLE_LABEL}
      className="mc-health-scroll mc-health-pivot"
      columns={columns}
      {...tree}
    />
  );
}
