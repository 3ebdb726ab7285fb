import type { ConfigListItem } from '../../api/schemas/catalog';
import { formatCost } from '../../lib/cost';
import type { FormatDateFn } from '../../shell/useFormatDate';
import type { DataTableColumn } from '../../ui/DataTable/DataTable';
import { StatusDot } from '../../ui/StatusDot';
import { TagList } from '../../ui/TagList';
import { AnalysisCounts } from './components/HealthCounts';
import { ConfigName } from '../../widgets/ConfigIcon';
import { timeColumn } from '../../widgets/columns';
import { OwnerOfLabels } from '../../widgets/OwnerLink';

/** A health or status word with its coloured dot. */
export function HealthCell({ value }: { value: string | null | undefined }) {
  if (!value) return null;
  return (
    <span className="mc-config-health">
      <StatusDot status={value} />
      <span>{value}</span>
    </span>
  );
}

/**
 * The catalog list's columns (Name, Type, Tags, Owner, Health, Status, Changes, Insights, Cost,
 * Agent, Created, Updated), each sortable on the server. `showType: false` leaves out Type
 * (a list of one type).
 */
export function configColumns(
  formatDate: FormatDateFn,
  now: Date,
  options: { showType?: boolean } = {},
): DataTableColumn<ConfigListItem>[] {
  const clock = { formatDate, now };
  const columns: DataTableColumn<ConfigListItem>[] = [
    {
      id: 'name',
      header: 'Name',
      sortKey: 'name',
      minWidth: 200,
      cell: (row) => (
        <ConfigName
          name={row.name}
          type={row.type}
          configClass={row.config_class}
          deletedAt={row.deleted_at}
        />
      ),
    },
    { id: 'type', header: 'Type', sortKey: 'type', minWidth: 150, cell: (row) => row.type },
    {
      id: 'tags',
      header: 'Tags',
      sortKey: 'tags',
      minWidth: 200,
      cell: (row) => <TagList tags={row.tags} collapsedCount={1} />,
    },
    {
      id: 'owner',
      header: 'Owner',
      minWidth: 120,
      cell: (row) => <OwnerOfLabels labels={row.labels} />,
    },
    {
      id: 'health',
      header: 'Health',
      sortKey: 'health',
      width: 110,
      cell: (row) => <HealthCell value={row.health} />,
    },
    { id: 'status', header: 'Status', sortKey: 'status', width: 120, cell: (row) => row.status },
    {
      id: 'changes',
      header: 'Changes',
      sortKey: 'changes',
      width: 95,
      align: 'right',
      cell: (row) => (row.changes ? row.changes : null),
    },
    {
      id: 'analysis',
      header: 'Insights',
      sortKey: 'analysis',
      minWidth: 120,
      cell: (row) => <AnalysisCounts analysis={row.analysis} />,
    },
    {
      id: 'cost',
      header: 'Cost (30d)',
      sortKey: 'cost_total_30d',
      width: 105,
      align: 'right',
      cell: (row) => formatCost(row.cost_total_30d),
    },
    {
      id: 'agent',
      header: 'Agent',
      sortKey: 'agent_id',
      width: 100,
      cell: (row) => row.agent?.name,
    },
    timeColumn(
      clock,
      { id: 'created_at', header: 'Created', sortKey: 'created_at', width: 120 },
      (row) => row.created_at,
    ),
    timeColumn(
      clock,
      { id: 'updated_at', header: 'Updated', sortKey: 'updated_at', width: 120 },
      (row) => row.updated_at,
    ),
  ];
  // A list of one type needs no Type column.
  return options.showType === false ? columns.filter((column) => column.id !== 'type') : columns;
}
