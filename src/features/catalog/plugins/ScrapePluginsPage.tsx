import { useMemo } from 'react';
import { scrapePluginTags, useGetScrapePluginsQuery } from '../../../api/endpoints/scrapePlugins';
import type { ScrapePluginRow } from '../../../api/schemas/scrapePlugins';
import { useCan } from '../../../auth/hooks';
import { useFormatDate } from '../../../shell/useFormatDate';
import { lazyPart } from '../../../ui/LazyPart';
import { ListPage } from '../../../widgets/ListPage';
import { useListScreen } from '../../../widgets/useListScreen';
import { useRecordDialog } from '../../../widgets/useRecordDialog';
import { CatalogSections } from '../components/CatalogSections';
import { pluginName, pluginSortValue, scrapePluginColumns } from './scrapePluginColumns';
import '../catalog.css';

/** The plugin's dialog (the form and its code editor) loads when it opens. */
const ScrapePluginDialog = lazyPart(
  async () => (await import('./ScrapePluginDialog')).ScrapePluginDialog,
);

/** The words of the page. */
export const SCRAPE_PLUGINS_PAGE = {
  title: 'Scrape Plugins',
  label: 'Scrape plugins',
  add: 'Add Scrape Plugin',
  loadError: 'Error loading scrape plugins',
  empty: 'No scrape plugins',
} as const;

/**
 * `/catalog/plugins`: the transforms every scraper applies (the live `scrape_plugins`), by
 * namespace then name until a column is sorted, with what each transforms. A row opens its
 * dialog (`?id=`); Add (for users who may write the catalog) opens an empty one (`?new=1`).
 */
export function ScrapePluginsPage() {
  const list = useListScreen({ title: SCRAPE_PLUGINS_PAGE.title, refreshTags: scrapePluginTags });
  const canWrite = useCan('database', 'write');
  const dialog = useRecordDialog();
  const { state } = dialog;
  const query = useGetScrapePluginsQuery();
  const formatDate = useFormatDate();
  const columns = useMemo(() => scrapePluginColumns(formatDate), [formatDate]);
  const rows = query.data ?? [];

  return (
    <ListPage<ScrapePluginRow>
      pageClassName="mc-scrape-plugins"
      toolbar={<CatalogSections />}
      action={{ allowed: canWrite, text: SCRAPE_PLUGINS_PAGE.add, onClick: dialog.openCreate }}
      aria-label={SCRAPE_PLUGINS_PAGE.label}
      columns={columns}
      rows={list.state.sortBy ? list.sortLocally(rows, pluginSortValue) : rows}
      getRowId={(row) => row.id}
      onRowOpen={(row) => dialog.openEdit(row.id)}
      rowLabel={pluginName}
      list={list}
      query={query}
      errorTitle={SCRAPE_PLUGINS_PAGE.loadError}
      empty={{ icon: 'filter-list', emptyTitle: SCRAPE_PLUGINS_PAGE.empty }}
    >
      {state.mode === 'edit' && (
        <ScrapePluginDialog
          key={state.id}
          id={state.id}
          canWrite={canWrite}
          onClose={dialog.close}
        />
      )}
      {state.mode === 'create' && canWrite && (
        <ScrapePluginDialog canWrite={canWrite} onClose={dialog.close} />
      )}
    </ListPage>
  );
}
