import { useCallback, useMemo } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { ListDefaults, ListSort, ListState, SortOrder } from '../lib/listState';
import {
  LIST_PAGE_STATE,
  listChanges,
  listPageState,
  pageRange,
  readListState,
  sortRows,
} from '../lib/listState';
import type { PreferencesState } from '../shell/preferencesSlice';
import { pageSizeSet } from '../shell/preferencesSlice';
import type { PagerProps } from '../ui/Pager';
import { useUrlState } from './useUrlState';

export interface ListPageOptions {
  /** The sort when the address names none. */
  defaultSort?: { sortBy: string; sortOrder?: SortOrder };
  /**
   * The list's own page size when the address names none (job history 150, a view's table
   * 50), instead of the size last chosen on any list; choosing another is then not remembered
   * as that preference.
   */
  pageSize?: number;
  /**
   * Names the list's parameters after this prefix (`s1.pageIndex`): one of several lists on a
   * page. Default none.
   */
  prefix?: string;
}

export interface ListPage {
  /** Page, size and sort from the address. */
  state: ListState;
  /** The page as PostgREST's `offset` and `limit`. */
  range: { offset: number; limit: number };
  /** DataTable's `sort` and `onSortChange`. */
  sort: ListSort;
  setSort: (sort: ListSort) => void;
  setPageIndex: (pageIndex: number) => void;
  /** Goes back to the first page; the size is remembered for every list (a preference). */
  setPageSize: (pageSize: number) => void;
  /** The Pager's props for a page of `shown` rows out of `total`. */
  pagerProps: (total: number, shown: number) => PagerProps;
  /** Rows sorted in the browser by the URL's sort, for lists loaded whole. */
  sortLocally: <Row>(
    rows: readonly Row[],
    valueOf: (row: Row, sortBy: string) => string | number | boolean | null | undefined,
  ) => Row[];
}

/**
 * The state of a list page, kept in the address (`pageIndex`, `pageSize`, `sortBy`,
 * `sortOrder`; other parameters are left alone) so it can be shared and bookmarked. Without a
 * size in the address, the list's own size applies if it has one, else the size last chosen on
 * any list (a preference), else 50.
 * Changing the sort or the size goes back to the first page.
 */
export function useListPage(options: ListPageOptions = {}): ListPage {
  const prefix = options.prefix ?? '';
  const spec = useMemo(() => (prefix ? listPageState(prefix) : LIST_PAGE_STATE), [prefix]);
  const { params, update: updateFields } = useUrlState(spec);
  const dispatch = useDispatch();
  const preferredSize = useSelector(
    (root: { preferences: PreferencesState }) => root.preferences.pageSize,
  );
  const sortBy = options.defaultSort?.sortBy;
  const sortOrder = options.defaultSort?.sortOrder;
  const ownSize = options.pageSize;
  const state = useMemo(() => {
    const defaults: ListDefaults = { pageSize: ownSize ?? preferredSize };
    if (sortBy) defaults.sort = { sortBy, sortOrder: sortOrder ?? 'asc' };
    return readListState(params, defaults, spec);
  }, [params, ownSize, preferredSize, sortBy, sortOrder, spec]);

  const update = useCallback(
    (changes: Partial<ListState>) => updateFields(listChanges(changes)),
    [updateFields],
  );
  const hasPage = params.has(`${prefix}pageIndex`);
  const setSort = useCallback(
    (sort: ListSort) =>
      update({
        sortBy: sort.sortBy,
        sortOrder: sort.sortOrder,
        // A paged list starts again at its first page; an unpaged one has no page to reset.
        ...(hasPage ? { pageIndex: 0 } : {}),
      }),
    [update, hasPage],
  );
  // The size goes into the address with the page, so a shared link shows the same rows.
  const setPageIndex = useCallback(
    (pageIndex: number) => update({ pageIndex, pageSize: state.pageSize }),
    [update, state.pageSize],
  );
  const setPageSize = useCallback(
    (pageSize: number) => {
      if (ownSize === undefined) dispatch(pageSizeSet(pageSize));
      update({ pageSize, pageIndex: 0 });
    },
    [dispatch, update, ownSize],
  );
  const sort = useMemo<ListSort>(
    () => ({ sortBy: state.sortBy, sortOrder: state.sortOrder }),
    [state.sortBy, state.sortOrder],
  );

  return {
    state,
    range: pageRange(state),
    sort,
    setSort,
    setPageIndex,
    setPageSize,
    pagerProps: (total, shown) => ({
      paging: { pageIndex: state.pageIndex, pageSize: state.pageSize },
      total,
      shown,
      onPageIndexChange: setPageIndex,
      onPageSizeChange: setPageSize,
    }),
    sortLocally: (rows, valueOf) => sortRows(rows, sort, valueOf),
  };
}
