import { Classes } from '@blueprintjs/core';
import { useMemo } from 'react';
import { formatLatency } from '../../lib/durations';
import { shortAge } from '../../lib/relativeTime';
import type { DataTableColumn } from '../../ui/DataTable/DataTable';
import { DataTable } from '../../ui/DataTable/DataTable';
import { StatusDot } from '../../ui/StatusDot';
import { GroupStatusDot, healthNameColumn, uptimeText } from './ChecksTableCells';
import { uptimeOf } from './model/checkFields';
import { healthAge } from './model/healthAge';
import type { HealthRow } from './model/types';
import type { HealthTableProps } from './useHealthTable';
import { useHealthTable } from './useHealthTable';
import { selectableColumn } from './bulk/SelectionColumn';
import type { CheckSelection } from './bulk/useCheckSelection';

/**
 * Checks, Health, Uptime, Latency and Transition, for checks and for their groups; with a
 * selection, a box before each name.
 */
function checkColumns(now: Date, selection?: CheckSelection): DataTableColumn<HealthRow>[] {
  return [
    selection ? selectableColumn(healthNameColumn(), selection) : healthNameColumn(),
    {
      id: 'status',
      header: 'Health',
      sortKey: 'status',
      width: 120,
      cell: (row) => {
        if (row.kind === 'group') return <GroupStatusDot group={row} />;
        const age = healthAge(row.check.last_runtime, now);
        return (
          <span className="mc-health-status">
            <StatusDot
              status={row.check.status ?? undefined}
              title={row.check.status ?? undefined}
            />
            {age && <span className={Classes.TEXT_MUTED}>{age}</span>}
          </span>
        );
      },
    },
    {
      id: 'uptime',
      header: 'Uptime',
      sortKey: 'uptime',
      width: 110,
      cell: (row) => {
        if (row.kind === 'group') {
          return (
            <span title="Fully passing checks">
              {row.passing}/{row.checks.length}
            </span>
          );
        }
        const { passed, failed } = uptimeOf(row.check);
        return uptimeText(passed, failed);
      },
    },
    {
      id: 'latency',
      header: 'Latency',
      sortKey: 'latency',
      width: 110,
      cell: (row) =>
        formatLatency(row.kind === 'group' ? row.latency : row.check.latency?.rolling1h),
    },
    {
      id: 'last_transition_time',
      header: 'Transition',
      sortKey: 'last_transition_time',
      width: 120,
      cell: (row) => {
        const time = row.kind === 'group' ? row.lastTransition : row.check.last_transition_time;
        return <span title={time ?? undefined}>{shortAge(time, now)}</span>;
      },
    },
  ];
}

export interface ChecksTableProps extends HealthTableProps {
  /** The time ages are measured from. */
  now: Date;
  /** The checks chosen for Run Selected: a box per row comes first. None: no boxes. */
  selection?: CheckSelection;
}

/**
 * The checks table: expander, Checks, Health, Uptime, Latency and Transition, on the kit's
 * DataTable (windowed: only the rows in view are in the DOM). A group row expands to its
 * members, sorted as the table is; a check row opens the check. With a selection, each name
 * has a box before it that selects the check or the group's members.
 */
export function ChecksTable({ now, selection, ...table }: ChecksTableProps) {
  const columns = useMemo(() => checkColumns(now, selection), [now, selection]);
  const tree = useHealthTable(table);
  return (
    <DataTable<HealthRow>
      aria-label="Health checks"
      className="mc-health-scroll"
      columns={columns}
      {...tree}
    />
  );
}
