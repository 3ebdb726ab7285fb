import { useMemo } from 'react';
import { useGetConfigItemInsightsQuery } from '../../../../api/endpoints/configItem';
import type { ConfigInsight } from '../../../../api/schemas/configItem';
import type { FormatDateFn } from '../../../../shell/useFormatDate';
import { useFormatDate } from '../../../../shell/useFormatDate';
import type { DataTableColumn } from '../../../../ui/DataTable/DataTable';
import { ListTable } from '../../../../widgets/ListPage';
import { useListPage } from '../../../../widgets/useListPage';
import { SeverityTag } from './changeColumns';
import { INSIGHT_DIALOG_STATE, InsightDialog } from './InsightDialog';
import { useUrlState } from '../../../../widgets/useUrlState';

export const INSIGHTS_LOAD_ERROR = 'Error loading insights';

/** Severity, Analyzer, Type, Message, First Observed. */
function insightColumns(formatDate: FormatDateFn): DataTableColumn<ConfigInsight>[] {
  return [
    {
      id: 'severity',
      header: 'Severity',
      width: 110,
      cell: (insight) => <SeverityTag severity={insight.severity} />,
    },
    { id: 'analyzer', header: 'Analyzer', width: 180, cell: (insight) => insight.analyzer },
    { id: 'type', header: 'Type', width: 150, cell: (insight) => insight.analysis_type },
    {
      id: 'message',
      header: 'Message',
      minWidth: 220,
      cell: (insight) => <span title={insight.message ?? undefined}>{insight.message}</span>,
    },
    {
      id: 'firstObserved',
      header: 'First Observed',
      width: 190,
      cell: (insight) => formatDate(insight.first_observed),
    },
  ];
}

/**
 * The Insights tab (CAT-24): the item's insights a page at a time; a row opens the insight in
 * a dialog whose id is in the address (`insightId`), so Back closes it and a link reopens it.
 */
export function ConfigInsightsTab({ configId }: { configId: string }) {
  const formatDate = useFormatDate();
  const { state: dialog, set } = useUrlState(INSIGHT_DIALOG_STATE);
  const list = useListPage();
  const { pageIndex, pageSize } = list.state;
  const query = useGetConfigItemInsightsQuery({ configId, pageIndex, pageSize });
  const columns = useMemo(() => insightColumns(formatDate), [formatDate]);
  const openId = dialog.insightId;

  return (
    <div className="mc-config-tab">
      <ListTable<ConfigInsight>
        aria-label="Insights"
        className="mc-config-table"
        columns={columns}
        rows={query.data?.rows ?? []}
        getRowId={(insight) => insight.id}
        onRowOpen={(insight) => set('insightId', insight.id)}
        list={list}
        unsorted
        total={query.data?.totalEntries ?? 0}
        query={query}
        errorTitle={INSIGHTS_LOAD_ERROR}
      />
      {openId && <InsightDialog insightId={openId} onClose={() => set('insightId', undefined)} />}
    </div>
  );
}
