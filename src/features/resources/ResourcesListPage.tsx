import { Button } from '@blueprintjs/core';
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
import { DataTable } from '../../ui/DataTable/DataTable';
import { Pager } from '../../ui/Pager';
import { PageExtras, usePageHeader } from '../../ui/pageHeader';
import type { QueryState } from '../../ui/queryState';
import { tableQueryState } from '../../widgets/tableQueryState';
import { useInvalidateTags } from '../../widgets/useInvalidateTags';
import { useListPage } from '../../widgets/useListPage';
import { UnknownResource } from './components/UnknownResource';
import { resourceColumns } from './resourceColumns';
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
 * editor; Add (write access) opens an empty one.
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

/** The list's header, Add button, columns, sort and row opening, common to both kinds of list. */
function useListChrome(config: ResourceTable) {
  usePageHeader({
    title: config.displayName,
    onRefresh: useInvalidateTags(settingsResourceListTags(config.table)),
  });
  const canWrite = useCan(config.accessResource, 'write');
  const navigate = useNavigate();
  const formatDate = useFormatDate();
  const columns = useMemo(() => resourceColumns(config, formatDate), [config, formatDate]);
  const add = canWrite ? (
    <PageExtras>
      <Button
        intent="primary"
        icon="plus"
        text={RESOURCE_LIST.add}
        onClick={() => navigate(config.itemPath(NEW_RECORD_ID))}
      />
    </PageExtras>
  ) : null;
  const list = useListPage();
  /** The table of either list, with its rows and query state. */
  const table = (rows: readonly SettingsResource[], state: QueryState) => (
    <DataTable<SettingsResource>
      aria-label={config.displayName}
      columns={columns}
      rows={rows}
      getRowId={(row) => row.id}
      onRowOpen={(row) => navigate(config.itemPath(row.id))}
      sort={list.sort}
      onSortChange={list.setSort}
      {...state}
      errorTitle={RESOURCE_LIST.loadError(config.displayName)}
      emptyText={RESOURCE_LIST.empty}
    />
  );
  return { add, list, table };
}

/** A table read a page at a time (views, VIEW-01): the page and sort in the address. */
function PagedResourcesList({ config }: { config: ResourceTable }) {
  const { add, list, table } = useListChrome(config);
  const { sortBy, sortOrder } = list.sort;
  const { pageIndex, pageSize } = list.state;
  const query = useGetPagedSettingsResourcesQuery({
    table: config.table,
    sortBy,
    sortOrder,
    pageIndex,
    pageSize,
  });
  const rows = query.data?.rows ?? [];
  return (
    <div className="mc-page mc-resources-page">
      {add}
      {table(rows, tableQueryState(query))}
      {!query.isLoading && !query.isError && (
        <Pager {...list.pagerProps(query.data?.total ?? 0, rows.length)} />
      )}
    </div>
  );
}

function ResourcesList({ config }: { config: ResourceTable }) {
  const { add, list, table } = useListChrome(config);
  const { sortBy, sortOrder } = list.sort;
  const query = useGetSettingsResourcesQuery({ table: config.table, sortBy, sortOrder });

  return (
    <div className="mc-page mc-resources-page">
      {add}
      {table(query.data ?? [], tableQueryState(query))}
    </div>
  );
}
