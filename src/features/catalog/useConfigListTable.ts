import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useGetConfigListQuery } from '../../api/endpoints/catalog';
import type { ConfigListItem } from '../../api/schemas/catalog';
import type { SortOrder } from '../../lib/listState';
import { paths } from '../../shell/paths';
import { useFormatDate } from '../../shell/useFormatDate';
import type { CatalogFilters } from './model/catalogParams';
import { useOwnerFilter } from '../../widgets/ownedByMyTeams';
import { configColumns } from './configColumns';

export const LIST_ERROR = 'Error loading the catalog';

export interface ConfigListTableOptions {
  filters: Pick<CatalogFilters, 'configType' | 'status' | 'health' | 'search' | 'labels' | 'owned'>;
  showDeleted: boolean;
  pageIndex: number;
  pageSize: number;
  sortBy: string;
  sortOrder: SortOrder;
}

/**
 * The catalog's list of config items (CAT-01) for the filters and the page: the query and the
 * `ListTable` props that draw it (a row opens the item's page).
 */
export function useConfigListTable({
  filters,
  showDeleted,
  pageIndex,
  pageSize,
  sortBy,
  sortOrder,
}: ConfigListTableOptions) {
  const navigate = useNavigate();
  const formatDate = useFormatDate();
  const { owners, pending } = useOwnerFilter(filters.owned);
  const query = useGetConfigListQuery(
    {
      configType: filters.configType,
      status: filters.status,
      health: filters.health,
      search: filters.search,
      labels: filters.labels,
      ...(owners ? { owners } : {}),
      sortBy,
      sortOrder,
      showDeleted,
      pageIndex,
      pageSize,
    },
    { skip: pending },
  );
  const [now] = useState(() => new Date());
  const showType = !filters.configType;
  const columns = useMemo(
    () => configColumns(formatDate, now, { showType }),
    [formatDate, now, showType],
  );
  return {
    'aria-label': 'Config items',
    className: 'mc-catalog-table',
    columns,
    rows: query.data?.configs ?? [],
    getRowId: (row: ConfigListItem) => row.id,
    onRowOpen: (row: ConfigListItem) => navigate(paths.catalogItem.getHref(row.id)),
    total: query.data?.totalEntries ?? 0,
    query,
    errorTitle: LIST_ERROR,
    rowLabel: (row: ConfigListItem) => row.name ?? row.id,
  };
}
