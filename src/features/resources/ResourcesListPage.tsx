import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import {
  settingsResourceListTags,
  useGetPagedSettingsResourcesQuery,
  useGetSettingsResourcesQuery,
} from '../../api/endpoints/settingsResources';
import type { SettingsResource } from '../../api/schemas/settingsResources';
import { useCan } from '../../auth/hooks';
import { useFormatDate } from '../../shell/useFormatDate';
import { usePageHeader } from '../../ui/pageHeader';
import { ListPage } from '../../widgets/ListPage';
import { useInvalidateTags } from '../../widgets/useInvalidateTags';
import { useListPage } from '../../widgets/useListPage';
import { useRunScraperAction } from './runNow/RunScraperAction';
import { UnknownResource } from './components/UnknownResource';
import { resourceColumns } from './resourceColumns';
import { useDashboardChoice } from './useDashboardChoice';
import type { ResourceTable } from './resourceTables';
import { NEW_RECORD_ID, resourceTable } from './resourceTables';
import './resources.css';

/** The words of the list. */
export const RESOURCE_LIST = {
  add: 'Add',
  loadError: (displayName: string) => `Error loading ${displayName}`,
  unknown: (table: string) => `There is no settings table named ${table}.`,
  /** A table with no records (spec 000 §8). */
  empty: 'No resources found',
} as const;

export interface ResourcesListPageProps {
  /** The table listed; default the route's `:table`. */
  table?: string;
}

/**
 * `/settings/{table}` (and `/catalog/scrapers`): the table's records (api.md §21), sorted on the
 * server by the address's sort (default newest first), with their last job. A row opens its
 * editor; Add (write access) opens an empty one. The views list tags the dashboard view, and
 * offers admins "Use as dashboard" on the others.
 */
export function ResourcesListPage({ table }: ResourcesListPageProps) {
  const params = useParams();
  const name = table ?? params.table ?? '';
  const config = resourceTable(name);
  if (!config) return <UnknownResource description={RESOURCE_LIST.unknown(name)} />;
  return config.listMode === 'paged' ? (
    <PagedResourcesList key={config.table} config={config} />
  ) : (
    <ResourcesList key={config.table} config={config} />
  );
}

/**
 * The list's header, and the `ListPage` props common to both kinds of list: the Add action,
 * columns, row opening and the address's sort.
 */
function useListChrome(config: ResourceTable) {
  usePageHeader({
    title: config.displayName,
    onRefresh: useInvalidateTags(settingsResourceListTags(config.table)),
  });
  const canWrite = useCan(config.accessResource, 'write');
  const navigate = useNavigate();
  const formatDate = useFormatDate();
  const { isDashboard, listActions } = useDashboardChoice(config);
  const columns = useMemo(
    () => resourceColumns(config, formatDate, isDashboard),
    [config, formatDate, isDashboard],
  );
  const list = useListPage();
  const page = {
    pageClassName: 'mc-resources-page',
    action: {
      allowed: canWrite,
      text: RESOURCE_LIST.add,
      onClick: () => navigate(config.itemPath(NEW_RECORD_ID)),
    },
    'aria-label': config.displayName,
    columns,
    getRowId: (row: SettingsResource) => row.id,
    onRowOpen: (row: SettingsResource) => navigate(config.itemPath(row.id)),
    list,
    errorTitle: RESOURCE_LIST.loadError(config.displayName),
    empty: RESOURCE_LIST.empty,
    // Views: "Use as dashboard" for admins.
    ...listActions,
  };
  return { list, page };
}

/** A table read a page at a time (views, VIEW-01): the page and sort in the address. */
function PagedResourcesList({ config }: { config: ResourceTable }) {
  const { list, page } = useListChrome(config);
  const query = useGetPagedSettingsResourcesQuery({
    table: config.table,
    ...list.sort,
    pageIndex: list.state.pageIndex,
    pageSize: list.state.pageSize,
  });
  const rows = query.data?.rows ?? [];
  const runNow = useRunScraperAction(config.table === 'config_scrapers', rows);
  return (
    <ListPage<SettingsResource>
      {...page}
      {...runNow.listActions}
      rows={rows}
      total={query.data?.total ?? 0}
      query={query}
    >
      {runNow.dialog}
    </ListPage>
  );
}

function ResourcesList({ config }: { config: ResourceTable }) {
  const { list, page } = useListChrome(config);
  const query = useGetSettingsResourcesQuery({ table: config.table, ...list.sort });
  const rows = query.data ?? [];
  // Scrapers: Run Now per row (issue 40).
  const runNow = useRunScraperAction(config.table === 'config_scrapers', rows);
  return (
    <ListPage<SettingsResource> {...page} {...runNow.listActions} rows={rows} query={query}>
      {runNow.dialog}
    </ListPage>
  );
}
