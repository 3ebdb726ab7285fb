import { pluginTags, useGetPluginsQuery } from '../../api/endpoints/plugins';
import type { PluginRow } from '../../api/schemas/plugins';
import { usePageHeader } from '../../ui/pageHeader';
import { ListPage } from '../../widgets/ListPage';
import { useClockColumns } from '../../widgets/useAnsweredAt';
import { useInvalidateTags } from '../../widgets/useInvalidateTags';
import { useListPage } from '../../widgets/useListPage';
import { pluginColumns, pluginSortValue } from './pluginColumns';

export const PLUGINS_TITLE = 'Plugins';
/** The table's accessible name. */
export const PLUGINS_LABEL = 'Plugins';
export const PLUGINS_ERROR = 'Error loading plugins';
export const PLUGINS_EMPTY = 'No plugins installed';

/**
 * `/settings/plugins`: the installed plugins (the `plugins` table, deleted ones left out) with
 * their namespace, where each comes from, the version it runs and when it was added; by
 * namespace then name until a column is sorted.
 */
export function PluginsPage() {
  usePageHeader({ title: PLUGINS_TITLE, onRefresh: useInvalidateTags(pluginTags) });
  const list = useListPage();
  const query = useGetPluginsQuery();
  const columns = useClockColumns(pluginColumns, query.fulfilledTimeStamp);
  const rows = query.data ?? [];
  return (
    <ListPage<PluginRow>
      aria-label={PLUGINS_LABEL}
      columns={columns}
      rows={list.state.sortBy ? list.sortLocally(rows, pluginSortValue) : rows}
      getRowId={(row) => row.id}
      list={list}
      query={query}
      errorTitle={PLUGINS_ERROR}
      empty={{ icon: 'package', emptyTitle: PLUGINS_EMPTY }}
    />
  );
}
