import { Button, Callout } from '@blueprintjs/core';
import { skipToken } from '@reduxjs/toolkit/query';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import type {
  AccessFilters,
  AccessGroupsArgs,
  AccessListName,
  AccessSummaryArgs,
} from '../../../api/endpoints/configAccess';
import {
  ACCESS_LISTS,
  configAccessTags,
  useGetAccessByConfigQuery,
  useGetAccessByGroupQuery,
  useGetAccessByUserQuery,
  useGetAccessFilterOptionsQuery,
  useGetAccessSummaryQuery,
} from '../../../api/endpoints/configAccess';
import type {
  AccessByConfig,
  AccessByGroup,
  AccessByUser,
  AccessFilterOptions,
} from '../../../api/schemas/configAccess';
import type { ListState } from '../../../lib/listState';
import type { DataTableColumn } from '../../../ui/DataTable/DataTable';
import type { TableClock } from '../../../widgets/columns';
import { ListTable } from '../../../widgets/ListPage';
import type { ListPageFilters } from '../../../widgets/ListPage';
import type { TableQueryResult } from '../../../widgets/tableQueryState';
import { useClockColumns } from '../../../widgets/useAnsweredAt';
import type { ListPage as ListControl } from '../../../widgets/useListPage';
import { useListScreen } from '../../../widgets/useListScreen';
import { useUrlState } from '../../../widgets/useUrlState';
import { CatalogSections } from '../components/CatalogSections';
import { AccessToolbar } from './AccessToolbar';
import { useUserIdentityActions } from './identities/UserIdentityActions';
import {
  accessRowId,
  byConfigColumns,
  byGroupColumns,
  byUserColumns,
  flatColumns,
} from './accessColumns';
import type { AccessGrouping, GroupNarrowing } from './model/accessParams';
import {
  ACCESS_FILTERS,
  ACCESS_GROUPINGS,
  ACCESS_VIEW,
  accessFilters,
  groupNarrowing,
} from './model/accessParams';
import '../catalog.css';

export const PAGE_TITLE = 'Access';
export const ACCESS_ERROR = 'Error loading access';
export const NO_ACCESS = 'No access recorded';
export const NO_MATCH = 'No access matches these filters';

/** A list of the review as a table: its query, columns and words. */
interface AccessTableProps<Row> {
  label: string;
  query: TableQueryResult & {
    data?: { rows: Row[]; totalEntries: number };
    fulfilledTimeStamp?: number;
  };
  columns: (clock: TableClock) => DataTableColumn<Row>[];
  getRowId: (row: Row) => string;
  /** Opens a group to its rows; none for the rows themselves. */
  onOpen?: (row: Row) => void;
  /** A row's menu; none without one. */
  rowActions?: ((row: Row) => ReactNode) | undefined;
  rowLabel: (row: Row) => string;
  list: ListControl;
  filters: ListPageFilters;
}

function AccessTable<Row>({
  label,
  query,
  columns,
  getRowId,
  onOpen,
  rowActions,
  rowLabel,
  list,
  filters,
}: AccessTableProps<Row>) {
  const tableColumns = useClockColumns(columns, query.fulfilledTimeStamp);
  return (
    <ListTable<Row>
      aria-label={label}
      className="mc-catalog-table mc-access-table"
      columns={tableColumns}
      rows={query.data?.rows ?? []}
      getRowId={getRowId}
      {...(onOpen ? { onRowOpen: onOpen } : {})}
      {...(rowActions ? { rowActions } : {})}
      rowLabel={rowLabel}
      list={list}
      total={query.data?.totalEntries ?? 0}
      query={query}
      errorTitle={ACCESS_ERROR}
      empty={{ icon: 'key', emptyTitle: NO_ACCESS, filteredTitle: NO_MATCH }}
      filters={filters}
    />
  );
}

/** What a grouped list is asked with: the filters, the narrowing, the page and sort. */
function groupArgs(
  filters: AccessFilters,
  narrowing: GroupNarrowing,
  list: ListState,
): AccessGroupsArgs | typeof skipToken {
  if (narrowing.kind === 'waiting') return skipToken;
  return {
    ...filters,
    ...(narrowing.kind === 'ids' ? { ids: narrowing.ids } : {}),
    pageIndex: list.pageIndex,
    pageSize: list.pageSize,
    sortBy: list.sortBy,
    sortOrder: list.sortOrder,
  };
}

interface ListProps {
  filters: AccessFilters;
  narrowing: GroupNarrowing;
  /** The filter options' query: a grouped list waiting for them shows their state. */
  optionsQuery: TableQueryResult;
  list: ListControl;
  urlFilters: ListPageFilters;
  onOpen: (id: string) => void;
}

/** A grouped list: its view's query, its columns, and how a row is named and opened. */
interface GroupListSpec<Row> {
  label: string;
  useRows: (args: AccessGroupsArgs | typeof skipToken) => AccessTableProps<Row>['query'];
  columns: (clock: TableClock) => DataTableColumn<Row>[];
  /** The row's user, group or item: what the drill-down opens. */
  id: (row: Row) => string;
  name: (row: Row) => string;
}

/** A grouped list's row menu, when it has one. */
interface RowMenu<Row> {
  rowActions?: ((row: Row) => ReactNode) | undefined;
}

const USERS_LIST: GroupListSpec<AccessByUser> = {
  label: 'Access by user',
  useRows: useGetAccessByUserQuery,
  columns: byUserColumns,
  id: (row) => row.external_user_id,
  name: (row) => row.user || row.external_user_id,
};

const GROUPS_LIST: GroupListSpec<AccessByGroup> = {
  label: 'Access by group',
  useRows: useGetAccessByGroupQuery,
  columns: byGroupColumns,
  id: (row) => row.external_group_id,
  name: (row) => row.group || row.external_group_id,
};

const CATALOG_LIST: GroupListSpec<AccessByConfig> = {
  label: 'Access by config',
  useRows: useGetAccessByConfigQuery,
  columns: byConfigColumns,
  id: (row) => row.config_id,
  name: (row) => row.config_name || row.config_id,
};

function GroupList<Row>({
  spec,
  filters,
  narrowing,
  optionsQuery,
  list,
  urlFilters,
  onOpen,
  rowActions,
}: ListProps & RowMenu<Row> & { spec: GroupListSpec<Row> }) {
  const query = spec.useRows(groupArgs(filters, narrowing, list.state));
  return (
    <AccessTable<Row>
      label={spec.label}
      query={narrowing.kind === 'waiting' ? optionsQuery : query}
      columns={spec.columns}
      getRowId={spec.id}
      onOpen={(row) => onOpen(spec.id(row))}
      rowActions={rowActions}
      rowLabel={spec.name}
      list={list}
      filters={urlFilters}
    />
  );
}

/** The drilled group as the flat list's filter: a user's, a group's or an item's rows. */
function drillArgs(grouping: AccessGrouping, drill: string | undefined): FlatFilters {
  if (!drill) return {};
  switch (grouping) {
    case 'users':
      return { userId: drill };
    case 'groups':
      return { groupId: drill };
    case 'catalog':
      return { configId: drill };
    default:
      return {};
  }
}

/** What narrows the flat list: the filters and the group drilled into. */
type FlatFilters = Omit<AccessSummaryArgs, 'pageIndex' | 'pageSize' | 'sortBy' | 'sortOrder'>;

function FlatList({
  filters,
  label,
  list,
  urlFilters,
}: {
  filters: FlatFilters;
  label: string;
  list: ListControl;
  urlFilters: ListPageFilters;
}) {
  const query = useGetAccessSummaryQuery({
    ...filters,
    pageIndex: list.state.pageIndex,
    pageSize: list.state.pageSize,
    sortBy: list.state.sortBy,
    sortOrder: list.state.sortOrder,
  });
  return (
    <AccessTable
      label={label}
      query={query}
      columns={flatColumns}
      getRowId={accessRowId}
      rowLabel={(row) => `${row.user ?? ''} ${row.role ?? ''} ${row.config_name ?? ''}`.trim()}
      list={list}
      filters={urlFilters}
    />
  );
}

/** The name of the drilled user, group or item, from the filter options; its id otherwise. */
function drillName(
  grouping: AccessGrouping,
  id: string,
  options: AccessFilterOptions | undefined,
): string {
  switch (grouping) {
    case 'users':
      return options?.users?.find((user) => user.external_user_id === id)?.user || id;
    case 'groups':
      return options?.groups?.find((group) => group.external_group_id === id)?.group || id;
    case 'catalog':
      return options?.catalogs?.find((config) => config.config_id === id)?.config_name || id;
    default:
      return id;
  }
}

const DRILL_NOUNS: Record<AccessGrouping, string> = {
  users: 'User',
  groups: 'Group',
  catalog: 'Config',
  flat: 'Access',
};

const TOO_MANY_NOUNS: Record<AccessGrouping, string> = {
  users: 'users',
  groups: 'groups',
  catalog: 'config items',
  flat: 'rows',
};

/**
 * `/catalog/access`: who has access to which config item (Mission Control's
 * `config_access_summary` views), grouped by user, group or item, each group opening to its
 * rows, or every row at once; filtered by config type, user, role and user type, with the
 * last sign-in (stale after 90 days or never) and last review. The grouping, the open group,
 * the filters, the page and the sort live in the address.
 */
export function CatalogAccessPage() {
  const { state: view, update: updateView } = useUrlState(ACCESS_VIEW);
  const filterState = useUrlState(ACCESS_FILTERS);
  const filters = useMemo(() => accessFilters(filterState.state), [filterState.state]);
  const grouping = view.groupBy;
  const listName: AccessListName = view.drill ? 'flat' : grouping;
  const list = useListScreen({
    title: PAGE_TITLE,
    refreshTags: configAccessTags,
    defaultSort: ACCESS_LISTS[listName].defaultSort,
  });
  const options = useGetAccessFilterOptionsQuery(filters);
  const identities = useUserIdentityActions();
  const narrowing: GroupNarrowing =
    listName === 'flat' ? { kind: 'none' } : groupNarrowing(listName, filters, options.data);
  const urlFilters = { filtered: filterState.filtered, resetFilters: filterState.resetFilters };
  const drilled = view.drill ? drillName(grouping, view.drill, options.data) : undefined;
  const groupLabel = ACCESS_GROUPINGS.find((entry) => entry.value === grouping)?.label ?? '';
  const listProps: ListProps = {
    filters,
    narrowing,
    optionsQuery: options,
    list,
    urlFilters,
    onOpen: (drill) => updateView({ drill, sort: {} }),
  };

  return (
    <div className="mc-page mc-access">
      <CatalogSections />
      <AccessToolbar
        grouping={grouping}
        onGroup={(groupBy) => updateView({ groupBy, drill: undefined, sort: {} })}
        filters={filterState.state}
        onChange={filterState.update}
        options={options.data}
      />
      {view.drill && (
        <div className="mc-access-drill">
          <Button
            variant="minimal"
            icon="arrow-left"
            text={`All ${groupLabel.toLowerCase()}`}
            onClick={() => updateView({ drill: undefined, sort: {} })}
          />
          <h2 className="mc-access-drill-title">
            {DRILL_NOUNS[grouping]}: {drilled}
          </h2>
        </div>
      )}
      {narrowing.kind === 'tooMany' && (
        <Callout intent="primary" icon="info-sign" compact>
          {narrowing.count} {TOO_MANY_NOUNS[listName]} match the filters, too many to narrow this
          list to, so it may show others. Open one, or choose All access, to see only the access the
          filters match.
        </Callout>
      )}
      {listName === 'flat' && (
        <FlatList
          filters={{ ...filters, ...drillArgs(grouping, view.drill) }}
          label={drilled ? `Access of ${drilled}` : 'Access'}
          list={list}
          urlFilters={urlFilters}
        />
      )}
      {listName === 'users' && (
        <GroupList spec={USERS_LIST} {...listProps} rowActions={identities.rowActions} />
      )}
      {listName === 'groups' && <GroupList spec={GROUPS_LIST} {...listProps} />}
      {listName === 'catalog' && <GroupList spec={CATALOG_LIST} {...listProps} />}
      {identities.dialog}
    </div>
  );
}
