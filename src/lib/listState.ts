/**
 * The state of a list page held in the URL (spec 002 §2.1, §9): which page (`pageIndex`), how
 * many rows a page (`pageSize`), and the one sorted column (`sortBy`, `sortOrder`). Pure.
 */
import type { UrlStateOf } from './urlState';
import { defineUrlState, number, sort } from './urlState';

/** Page sizes a list offers (spec 002 §9). */
export const PAGE_SIZES = [5, 10, 25, 50, 100, 150, 200, 250, 300, 500, 1000] as const;

export const DEFAULT_PAGE_SIZE = 50;
export const DEFAULT_PAGE_INDEX = 0;

export type SortOrder = 'asc' | 'desc';

/** The sorted column; no `sortBy` means the list's own order. */
export interface ListSort {
  sortBy?: string;
  sortOrder?: SortOrder;
}

export interface ListPaging {
  pageIndex: number;
  pageSize: number;
}

export interface ListState extends ListPaging, ListSort {}

export interface ListDefaults {
  /** Used when the URL has no usable size (the stored choice, else 50). */
  pageSize?: number;
  /** The sort when the URL names none. */
  sort?: ListSort;
}

/**
 * The list's own fields in the address. None has a default of its own (the page's defaults
 * are filled in by `readListState`), so what the user chose stays written, `pageIndex=0`
 * included; a change adds a history entry.
 */
export const LIST_PAGE_STATE = listPageState();

/**
 * The list fields of one of several lists on a page, each parameter named after `prefix`
 * (`s1.pageIndex`, `s1.sortBy`); no prefix gives the page's own list fields.
 */
export function listPageState(prefix = '') {
  return defineUrlState(
    {
      pageIndex: number({ integer: true, min: 0, param: `${prefix}pageIndex` }),
      pageSize: number({ integer: true, min: 1, param: `${prefix}pageSize` }),
      sort: sort({ byParam: `${prefix}sortBy`, orderParam: `${prefix}sortOrder` }),
    },
    { pageParam: null, history: 'push' },
  );
}

/** The list fields' spec. */
export type ListPageState = ReturnType<typeof listPageState>;

/** Whether a page size is one of those offered. */
export function isPageSize(value: number): boolean {
  return (PAGE_SIZES as readonly number[]).includes(value);
}

/**
 * The list state of the URL. A missing or unusable size falls back to the default size, a
 * missing or unusable page to the first, a missing sort to the default sort (ascending when
 * only the column is given).
 */
export function readListState(
  params: URLSearchParams,
  defaults: ListDefaults = {},
  spec: ListPageState = LIST_PAGE_STATE,
): ListState {
  const { pageIndex, pageSize, sort: urlSort } = spec.read(params);
  const fallbackSize =
    defaults.pageSize !== undefined && isPageSize(defaults.pageSize)
      ? defaults.pageSize
      : DEFAULT_PAGE_SIZE;
  const state: ListState = {
    pageIndex: pageIndex ?? DEFAULT_PAGE_INDEX,
    pageSize: pageSize !== undefined && isPageSize(pageSize) ? pageSize : fallbackSize,
  };
  const chosen = urlSort.sortBy ? urlSort : defaults.sort;
  if (chosen?.sortBy) {
    state.sortBy = chosen.sortBy;
    state.sortOrder = chosen.sortOrder ?? 'asc';
  }
  return state;
}

/**
 * The URL parameters with the given parts of the list state set; other parameters are kept.
 * A sort of `undefined` removes `sortBy` and `sortOrder`.
 */
export function writeListState(
  params: URLSearchParams,
  changes: Partial<ListState>,
): URLSearchParams {
  return LIST_PAGE_STATE.write(params, listChanges(changes));
}

/** The list fields' changes for a change of the list state. */
export function listChanges(
  changes: Partial<ListState>,
): Partial<UrlStateOf<ListPageState['fields']>> {
  const fields: Partial<UrlStateOf<ListPageState['fields']>> = {};
  if (changes.pageIndex !== undefined) fields.pageIndex = changes.pageIndex;
  if (changes.pageSize !== undefined) fields.pageSize = changes.pageSize;
  if ('sortBy' in changes) {
    fields.sort = changes.sortBy
      ? { sortBy: changes.sortBy, sortOrder: changes.sortOrder ?? 'asc' }
      : {};
  }
  return fields;
}

/** Clicking a column's header: a new column sorts ascending, the sorted one flips its order. */
export function nextSort(current: ListSort, column: string): Required<ListSort> {
  if (current.sortBy === column) {
    return { sortBy: column, sortOrder: current.sortOrder === 'asc' ? 'desc' : 'asc' };
  }
  return { sortBy: column, sortOrder: 'asc' };
}

/** How many pages `total` rows fill (at least one). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** "51–100 of 172" (or "0 of 0"). */
export function rangeLabel({ pageIndex, pageSize }: ListPaging, total: number, shown: number) {
  if (total === 0 || shown === 0) return `0 of ${total}`;
  const first = pageIndex * pageSize + 1;
  return `${first}–${first + shown - 1} of ${total}`;
}

/** The rows of a page as PostgREST's `offset` and `limit`. */
export function pageRange({ pageIndex, pageSize }: ListPaging): { offset: number; limit: number } {
  return { offset: pageIndex * pageSize, limit: pageSize };
}

type Sortable = string | number | boolean | null | undefined;

function compareValues(a: Sortable, b: Sortable): number {
  const aMissing = a === null || a === undefined || a === '';
  const bMissing = b === null || b === undefined || b === '';
  if (aMissing || bMissing) return aMissing === bMissing ? 0 : aMissing ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: 'base' });
}

/**
 * Rows sorted by the value `valueOf` reads for the sorted column (stable; empty values last in
 * either order). Without a sort, or for a column with no value, the rows keep their order.
 */
export function sortRows<Row>(
  rows: readonly Row[],
  sort: ListSort,
  valueOf: (row: Row, sortBy: string) => Sortable,
): Row[] {
  const { sortBy } = sort;
  if (!sortBy) return [...rows];
  const direction = sort.sortOrder === 'desc' ? -1 : 1;
  return rows
    .map((row, index) => ({ row, index, value: valueOf(row, sortBy) }))
    .sort((a, b) => {
      const aMissing = a.value === null || a.value === undefined || a.value === '';
      const bMissing = b.value === null || b.value === undefined || b.value === '';
      if (aMissing !== bMissing) return aMissing ? 1 : -1;
      return compareValues(a.value, b.value) * direction || a.index - b.index;
    })
    .map(({ row }) => row);
}
