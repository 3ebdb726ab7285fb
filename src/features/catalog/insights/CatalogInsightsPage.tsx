import { useMemo, useState } from 'react';
import { catalogInsightsTags, DEFAULT_INSIGHT_SORT } from '../../../api/endpoints/catalogInsights';
import type { InsightItem } from '../../../api/schemas/catalogInsights';
import { useFormatDate } from '../../../shell/useFormatDate';
import { lazyPart } from '../../../ui/LazyPart';
import { usePageHeader } from '../../../ui/pageHeader';
import { useInvalidateTags } from '../../../widgets/useInvalidateTags';
import { useListPage } from '../../../widgets/useListPage';
import { ListPage } from '../../../widgets/ListPage';
import { CatalogSections } from '../components/CatalogSections';
import { INSIGHT_DIALOG_STATE } from '../../../shell/paths';
import { InsightsToolbar } from './InsightsToolbar';
import { insightsColumns } from './insightsColumns';
import { INSIGHT_FILTERS } from './model/insightsParams';
import { useUrlState } from '../../../widgets/useUrlState';
import { useInsightsList } from './useInsightsList';
import '../catalog.css';
import './insights.css';

/** The insight's dialog (with its code viewer) loads when it opens. */
const InsightDialog = lazyPart(
  async () => (await import('../item/tabs/InsightDialog')).InsightDialog,
);

export const PAGE_TITLE = 'Insights';
export const INSIGHTS_ERROR = 'Error loading insights';
export const NO_MATCH = 'No insights match these filters';
export const NO_INSIGHTS = 'No insights';

/**
 * `/catalog/insights`: the insights of every config a page at a time (CAT-27), filtered by
 * status, type, severity, analyzer, config type, config or component (the last read whole and
 * filtered here, CAT-29). Filters, page and sort live in the address, and so does the insight
 * open in its dialog.
 */
export function CatalogInsightsPage() {
  usePageHeader({ title: PAGE_TITLE, onRefresh: useInvalidateTags(catalogInsightsTags) });
  const filterState = useUrlState(INSIGHT_FILTERS);
  const { state: filters, update } = filterState;
  const { state: dialog, set } = useUrlState(INSIGHT_DIALOG_STATE);
  const list = useListPage({ defaultSort: DEFAULT_INSIGHT_SORT });
  const insights = useInsightsList(filters, list.state);
  const formatDate = useFormatDate();
  const [now] = useState(() => new Date());
  const columns = useMemo(() => insightsColumns(formatDate, now), [formatDate, now]);
  const { rows } = insights;
  const configName = filters.configId
    ? (rows.find((row) => row.config?.id === filters.configId)?.config?.name ?? undefined)
    : undefined;

  return (
    <ListPage<InsightItem>
      pageClassName="mc-insights"
      toolbar={
        <>
          <CatalogSections />
          <InsightsToolbar filters={filters} onChange={update} configName={configName} />
        </>
      }
      aria-label="Insights"
      className="mc-catalog-table"
      columns={columns}
      rows={rows}
      getRowId={(row) => row.id}
      onRowOpen={(row) => set('insightId', row.id)}
      list={list}
      total={insights.totalEntries}
      query={insights}
      errorTitle={INSIGHTS_ERROR}
      empty={{ icon: 'lightbulb', emptyTitle: NO_INSIGHTS, filteredTitle: NO_MATCH }}
      filters={filterState}
      rowLabel={(row) => row.analyzer ?? row.id}
    >
      {dialog.insightId && (
        <InsightDialog insightId={dialog.insightId} onClose={() => set('insightId', undefined)} />
      )}
    </ListPage>
  );
}
