import { Button } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useGetSettingsResourcesQuery } from '../../api/endpoints/settingsResources';
import type { SettingsResource } from '../../api/schemas/settingsResources';
import { useCan } from '../../auth/hooks';
import { useFormatDate } from '../../shell/useFormatDate';
import { DataTable } from '../../ui/DataTable/DataTable';
import { PageExtras, usePageHeader } from '../../ui/pageHeader';
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
  return <ResourcesList key={config.table} config={config} />;
}

function ResourcesList({ config }: { config: ResourceTable }) {
  const tags = useMemo(
    () => [{ type: 'SettingsResources' as const, id: `${config.table}:LIST` }],
    [config.table],
  );
  usePageHeader({ title: config.displayName, onRefresh: useInvalidateTags(tags) });
  const canWrite = useCan(config.accessResource, 'write');
  const navigate = useNavigate();
  const formatDate = useFormatDate();
  const list = useListPage();
  const { sortBy, sortOrder } = list.sort;
  const query = useGetSettingsResourcesQuery({ table: config.table, sortBy, sortOrder });
  const columns = useMemo(() => resourceColumns(config, formatDate), [config, formatDate]);

  return (
    <div className="mc-page mc-resources-page">
      {canWrite && (
        <PageExtras>
          <Button
            intent="primary"
            icon="plus"
            text={RESOURCE_LIST.add}
            onClick={() => navigate(config.itemPath(NEW_RECORD_ID))}
          />
        </PageExtras>
      )}
      <DataTable<SettingsResource>
        aria-label={config.displayName}
        columns={columns}
        rows={query.data ?? []}
        getRowId={(row) => row.id}
        onRowOpen={(row) => navigate(config.itemPath(row.id))}
        sort={list.sort}
        onSortChange={list.setSort}
        {...tableQueryState(query)}
        errorTitle={RESOURCE_LIST.loadError(config.displayName)}
      />
    </div>
  );
}
