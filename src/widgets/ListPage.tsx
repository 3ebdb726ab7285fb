import type { IconName } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { DataTableProps } from '../ui/DataTable/DataTable';
import { DataTable } from '../ui/DataTable/DataTable';
import { ListEmptyState } from '../ui/ListEmptyState';
import type { PagerProps } from '../ui/Pager';
import { Pager } from '../ui/Pager';
import type { PageActionProps } from '../ui/pageHeader';
import { PageAction } from '../ui/pageHeader';
import type { TableQueryResult } from './tableQueryState';
import { tableQueryState } from './tableQueryState';
import type { ListPage as ListPageControl } from './useListPage';

/** What an empty list says: its own words, and those when the filters match nothing. */
export interface ListPageEmpty {
  /** The icon of the unfiltered empty state. */
  icon: IconName;
  /** Shown when the list is empty with no filter, e.g. "No incidents". */
  emptyTitle: string;
  /**
   * Shown when the filters match nothing, e.g. "No incidents match these filters". Default
   * `emptyTitle` (a list without filters).
   */
  filteredTitle?: string;
}

/** The filters of a list page: what `useUrlState(spec)` returns has both. */
export interface ListPageFilters {
  /** Whether some filter differs from its default. */
  filtered: boolean;
  /** Every filter back to its default ("Clear filters"). */
  resetFilters: () => void;
}

export interface ListTableProps<Row> extends Omit<
  DataTableProps<Row>,
  'loading' | 'error' | 'onRetry' | 'retrying' | 'emptyText' | 'sort' | 'onSortChange'
> {
  /** The query that fills the table: its loading, error and Retry (`tableQueryState`). */
  query: TableQueryResult;
  /** The list's address state (`useListPage`): its sort drives the table's headers. */
  list?: ListPageControl;
  /** The headers do not sort (a list the server pages in one fixed order). Default false. */
  unsorted?: boolean;
  /**
   * How many rows match on every page: with `list`, the `Pager` is shown below the table once
   * the first page has loaded without error.
   */
  total?: number;
  /** The pager's own props over those `list` gives (e.g. page sizes of its own). */
  pager?: Partial<PagerProps>;
  /**
   * The empty list: a text or element, or the words of `ListEmptyState`, which with `filters`
   * offers "Clear filters" when the filters match nothing. Default "No data available".
   */
  empty?: ReactNode | ListPageEmpty;
  /** The page's filters (the result of `useUrlState(spec)`), for the empty state. */
  filters?: ListPageFilters;
}

export interface ListPageProps<Row> extends ListTableProps<Row> {
  /** The top bar's primary button. */
  action?: PageActionProps;
  /** Above the table: sections, a toolbar of filters. */
  toolbar?: ReactNode;
  /** The page's class beside `mc-page`. */
  pageClassName?: string;
  /** Below the table: the page's dialogs. */
  children?: ReactNode;
}

/** The empty state of a list page from its words and filters. */
function emptyText(
  empty: ListTableProps<unknown>['empty'],
  filters: ListPageFilters | undefined,
): ReactNode {
  if (!isEmptyWords(empty)) return empty;
  return (
    <ListEmptyState
      {...empty}
      filteredTitle={empty.filteredTitle ?? empty.emptyTitle}
      filtered={filters?.filtered ?? false}
      onClear={filters?.resetFilters ?? noop}
    />
  );
}

function noop() {}

function isEmptyWords(empty: ListTableProps<unknown>['empty']): empty is ListPageEmpty {
  return typeof empty === 'object' && empty !== null && 'emptyTitle' in empty;
}

/**
 * A list of the kit inside a page, tab or panel: a `DataTable` filled by `query` (skeleton, the
 * server's reason with Retry, the empty or filtered-empty state), sorted by the address's sort,
 * and the `Pager` once a paged list has loaded.
 */
export function ListTable<Row>({
  query,
  list,
  unsorted = false,
  total,
  pager,
  empty,
  filters,
  ...table
}: ListTableProps<Row>) {
  const state = tableQueryState(query);
  const paged = list !== undefined && total !== undefined;
  return (
    <>
      <DataTable<Row>
        {...table}
        {...(list && !unsorted ? { sort: list.sort, onSortChange: list.setSort } : {})}
        {...state}
        emptyText={emptyText(empty, filters)}
      />
      {paged && !state.loading && state.error === undefined && (
        <Pager
          {...list.pagerProps(total, table.rows.length)}
          disabled={state.retrying}
          {...pager}
        />
      )}
    </>
  );
}

/**
 * A list page of the kit: the top bar's action, the toolbar, the `ListTable`, then the page's
 * dialogs. A page says only its state, its query, its columns and its words.
 */
export function ListPage<Row>({
  action,
  toolbar,
  pageClassName,
  children,
  ...table
}: ListPageProps<Row>) {
  return (
    <div className={pageClassName ? `mc-page ${pageClassName}` : 'mc-page'}>
      {action && <PageAction {...action} />}
      {toolbar}
      <ListTable<Row> {...table} />
      {children}
    </div>
  );
}
