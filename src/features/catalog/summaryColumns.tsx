import { Tag } from '@blueprintjs/core';
import { formatCost } from '../../lib/cost';
import type { FormatDateFn } from '../../shell/useFormatDate';
import type { DataTableColumn } from '../../ui/DataTable/DataTable';
import { ConfigIcon } from '../../widgets/ConfigIcon';
import { AnalysisCounts, HealthCounts } from './components/HealthCounts';
import type { SummaryNode } from './model/summaryTree';
import { timeColumn } from '../../widgets/columns';

/** The summary's columns: the group, its item count and health, changes, insights, cost, last update. */
export function summaryColumns(
  formatDate: FormatDateFn,
  now: Date,
): DataTableColumn<SummaryNode>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      minWidth: 240,
      cell: (node) => (
        <span className="mc-config-name">
          {node.level === 'tag' ? null : (
            <ConfigIcon type={node.configType ?? node.configClass} configClass={node.configClass} />
          )}
          <span className="mc-config-name-text">{node.label}</span>
          <Tag minimal round className="mc-summary-count">
            {node.count}
          </Tag>
        </span>
      ),
    },
    {
      id: 'health',
      header: 'Health',
      minWidth: 200,
      cell: (node) => <HealthCounts health={node.health} />,
    },
    {
      id: 'changes',
      header: 'Changes',
      width: 100,
      align: 'right',
      cell: (node) => (node.changes ? node.changes : null),
    },
    {
      id: 'analysis',
      header: 'Insights',
      minWidth: 160,
      cell: (node) => <AnalysisCounts analysis={node.analysis} />,
    },
    {
      id: 'cost',
      header: 'Cost (30d)',
      width: 120,
      align: 'right',
      cell: (node) => formatCost(node.cost),
    },
    timeColumn(
      { formatDate, now },
      { id: 'updated_at', header: 'Updated', width: 170 },
      (node) => node.updatedAt,
    ),
  ];
}
