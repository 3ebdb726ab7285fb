import type { InsightItem } from '../../../api/schemas/catalogInsights';
import { paths } from '../../../shell/paths';
import type { FormatDateFn } from '../../../shell/useFormatDate';
import type { DataTableColumn } from '../../../ui/DataTable/DataTable';
import { ConfigName } from '../../../widgets/ConfigIcon';
import { ItemLink } from '../item/ItemLink';
import { statusWord } from '../item/model/format';
import { SeverityTag } from '../item/tabs/changeColumns';
import { timeColumn } from '../../../widgets/columns';

/**
 * The insights list's columns: Config (a link to the item), Analyzer, Summary, Type, Severity, Status,
 * First observed and Last observed (an age, the full date in its title). Every column but
 * Config sorts, by the CAT-27 column of its `sortKey`.
 */
export function insightsColumns(
  formatDate: FormatDateFn,
  now: Date,
): DataTableColumn<InsightItem>[] {
  const clock = { formatDate, now };
  return [
    {
      id: 'config',
      header: 'Config',
      minWidth: 200,
      cell: (row) => {
        const config = row.config;
        if (!config) return null;
        return (
          <ItemLink to={paths.catalogItem.getHref(config.id)}>
            <ConfigName name={config.name} type={config.type} configClass={config.config_class} />
          </ItemLink>
        );
      },
    },
    {
      id: 'analyzer',
      header: 'Analyzer',
      sortKey: 'analyzer',
      minWidth: 180,
      cell: (row) => <span title={row.analyzer ?? undefined}>{row.analyzer}</span>,
    },
    {
      id: 'summary',
      header: 'Summary',
      minWidth: 200,
      cell: (row) => <span title={row.summary ?? undefined}>{row.summary}</span>,
    },
    {
      id: 'type',
      header: 'Type',
      sortKey: 'analysis_type',
      width: 140,
      cell: (row) => row.analysis_type,
    },
    {
      id: 'severity',
      header: 'Severity',
      sortKey: 'severity',
      width: 110,
      cell: (row) => <SeverityTag severity={row.severity} />,
    },
    {
      id: 'status',
      header: 'Status',
      sortKey: 'status',
      width: 100,
      cell: (row) => statusWord(row.status),
    },
    timeColumn(
      clock,
      { id: 'firstObserved', header: 'First observed', sortKey: 'first_observed', width: 140 },
      (row) => row.first_observed,
    ),
    timeColumn(
      clock,
      { id: 'lastObserved', header: 'Last observed', sortKey: 'last_observed', width: 140 },
      (row) => row.last_observed,
    ),
  ];
}
