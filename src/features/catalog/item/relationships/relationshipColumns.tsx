import type { RelatedConfig } from '../../../../api/schemas/configItem';
import { relativeOrDate } from '../../../../lib/relativeTime';
import { paths } from '../../../../shell/paths';
import type { FormatDateFn } from '../../../../shell/useFormatDate';
import type { DataTableColumn } from '../../../../ui/DataTable/DataTable';
import { StatusDot } from '../../../../ui/StatusDot';
import { TagList } from '../../../../ui/TagList';
import { ConfigName } from '../../../../widgets/ConfigIcon';
import { ItemLink } from '../ItemLink';
import { statusWord } from '../model/format';
import { insightTotal } from '../model/relationshipsState';

/** Name, Type, Health, Status, Tags, Changes, Insights, Updated. */
export function relationshipColumns(formatDate: FormatDateFn): DataTableColumn<RelatedConfig>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      sortKey: 'name',
      minWidth: 160,
      cell: (config) => (
        <ItemLink to={paths.catalogItem.getHref(config.id)}>
          <ConfigName
            name={config.name}
            type={config.type}
            configClass={config.config_class}
            deletedAt={config.deleted_at}
          />
        </ItemLink>
      ),
    },
    { id: 'type', header: 'Type', sortKey: 'type', width: 150, cell: (config) => config.type },
    {
      id: 'health',
      header: 'Health',
      sortKey: 'health',
      width: 100,
      cell: (config) =>
        config.health ? (
          <span className="mc-config-status">
            <StatusDot status={config.health} />
            {statusWord(config.health)}
          </span>
        ) : null,
    },
    { id: 'status', header: 'Status', sortKey: 'status', width: 100, cell: (c) => c.status },
    {
      id: 'tags',
      header: 'Tags',
      minWidth: 120,
      cell: (config) => <TagList tags={config.tags} />,
    },
    {
      id: 'changes',
      header: 'Changes',
      sortKey: 'changes',
      width: 80,
      align: 'right',
      cell: (config) => config.changes || '',
    },
    {
      id: 'insights',
      header: 'Insights',
      sortKey: 'insights',
      width: 75,
      align: 'right',
      cell: (config) => insightTotal(config.analysis) || '',
    },
    {
      id: 'updated',
      header: 'Updated',
      sortKey: 'updated_at',
      width: 100,
      cell: (config) => (
        <span title={formatDate(config.updated_at)}>
          {relativeOrDate(config.updated_at, formatDate)}
        </span>
      ),
    },
  ];
}

/** The value a column sorts by, in the browser (the whole list is loaded). */
export function relationshipSortValue(config: RelatedConfig, sortBy: string) {
  if (sortBy === 'insights') return insightTotal(config.analysis);
  if (sortBy === 'changes') return config.changes ?? 0;
  const value = config[sortBy as keyof RelatedConfig];
  return typeof value === 'string' || typeof value === 'number' ? value : undefined;
}
