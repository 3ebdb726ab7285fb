import { Classes, Tag } from '@blueprintjs/core';
import { useCallback, useMemo } from 'react';
import { formatLatency } from '../../lib/durations';
import type { ListSort } from '../../lib/listState';
import { shortAge } from '../../lib/relativeTime';
import type { DataTableColumn } from '../../ui/DataTable/DataTable';
import { DataTable } from '../../ui/DataTable/DataTable';
import { StatusDot } from '../../ui/StatusDot';
import { CheckIcon } from './CheckIcon';
import { DeletedMarker } from '../../widgets/ConfigIcon';
import { uptimeText } from './ChecksTableCells';
import { uptimeOf } from './model/checkFields';
import { healthAge } from './model/healthAge';
import { sortMembers } from './model/sortRows';
import type { GroupRow, HealthRow, SortColumn, SortState } from './model/types';
import { SORT_COLUMNS } from './model/types';
import { nameColumn } from '../../widgets/columns';

function groupStatusWord(group: GroupRow): string {
  if (group.status.good) return 'All passing';
  return group.status.mixed ? 'Some failing' : 'All failing';
}

/** Checks, Health, Uptime, Latency and Transition, for checks and for their groups. */
function checkColumns(now: Date): DataTableColumn<HealthRow>[] {
  return [
    nameColumn(
      (row) => (
        <div className="mc-health-name-inner">
          {row.kind === 'group' ? (
            <>
              <CheckIcon icon={row.icon} type={row.type} />
              <span className="mc-health-title">{row.name}</span>
              <Tag minimal round className="mc-health-count">
                {row.checks.length}
              </Tag>
            </>
          ) : (
            <>
              <CheckIcon icon={row.check.icon} type={row.check.type} />
              <span className="mc-health-title">{row.title}</span>
              {row.check.deleted_at ? <DeletedMarker deletedAt={row.check.deleted_at} /> : null}
            </>
          )}
        </div>
      ),
      { header: 'Checks', minWidth: 240 },
    ),
    {
      id: 'status',
      header: 'Health',
      sortKey: 'status',
      width: 120,
      cell: (row) => {
        if (row.kind === 'group') {
          return (
            <StatusDot
              good={row.status.good}
              mixed={row.status.mixed}
              title={groupStatusWord(row)}
            />
          );
        }
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

function isSortColumn(value: string): value is SortColumn {
  return (SORT_COLUMNS as readonly string[]).includes(value);
}

export interface ChecksTableProps {
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
  /** The time ages are measured from. */
  now: Date;
}

const rowId = (row: HealthRow) => row.id;

/**
 * The checks table: expander, Checks, Health, Uptime, Latency and Transition, on the kit's
 * DataTable (windowed: only the rows in view are in the DOM). A group row expands to its
 * members, sorted as the table is; a check row opens the check.
 */
export function ChecksTable({
  rows,
  expanded,
  sort,
  onSort,
  onToggle,
  onOpen,
  now,
}: ChecksTableProps) {
  const columns = useMemo(() => checkColumns(now), [now]);
  const listSort = useMemo<ListSort>(
    () => ({ sortBy: sort.column, sortOrder: sort.desc ? 'desc' : 'asc' }),
    [sort],
  );
  const getSubRows = useCallback(
    (row: HealthRow) => (row.kind === 'group' ? sortMembers(row, sort) : undefined),
    [sort],
  );
  return (
    <DataTable<HealthRow>
      aria-label="Health checks"
      className="mc-health-scroll"
      columns={columns}
      rows={rows}
      getRowId={rowId}
      getSubRows={getSubRows}
      expanded={expanded}
      onExpandedChange={(id) => onToggle(id)}
      onRowOpen={(row) => onOpen(row.id)}
      rowLabel={(row) => (row.kind === 'group' ? row.name : row.title)}
      rowClassName={(row, display) =>
        `mc-health-row${display.depth > 0 ? ' mc-health-member' : ''}${row.kind === 'group' ? ' mc-health-group' : ''}`
      }
      sort={listSort}
      onSortChange={({ sortBy, sortOrder }) => {
        if (isSortColumn(sortBy)) onSort({ column: sortBy, desc: sortOrder === 'desc' });
      }}
      windowed
    />
  );
}
