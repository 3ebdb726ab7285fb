/**
 * The state of a list page held in the URL (spec 002 §2.1, §9): which page (`pageIndex`), how
 * many rows a page (`pageSize`), and the one sorted column (`sortBy`, `sortOrder`). Pure.
 */

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

function wholeNumber(text: string | null): number | undefined {
  if (text === null || !/^\d+$/.test(text.trim())) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : undefined;
}

/** Whether a page size is one of those offered. */
export function isPageSize(value: number): boolean {
  return (PAGE_SIZES as readonly number[]).includes(value);
}

function isSortOrder(value: string | null): value is SortOrder {
  return value === 'asc' || value === 'desc';
}

/**
 * The list state of the URL. A missing or unusable size falls back to the default size, a
 * missing or unusable page to the first, a missing sort to the default sort (ascending when
 * only the column is given).
 */
export function readListState(params: URLSearchParams, defaults: ListDefaults = {}): ListState {
  const size = wholeNumber(params.get('pageSize'));
  const index = wholeNumber(params.get('pageIndex'));
  const fallbackSize =
    defaults.pageSize !== undefined && isPageSize(defaults.pageSize)
      ? defaults.pageSize
      : DEFAULT_PAGE_SIZE;
  const state: ListState = {
    pageIndex: index ?? DEFAULT_PAGE_INDEX,
    pageSize: size !== undefined && isPageSize(size) ? size : fallbackSize,
  };
  const sortBy = params.get('sortBy')?.trim();
  if (sortBy) {
    const order = params.get('sortOrder');
    state.sortBy = sortBy;
    state.sortOrder = isSortOrder(order) ? order : 'asc';
  } else if (defaults.sort?.sortBy) {
    state.sortBy = defaults.sort.sortBy;
    state.sortOrder = defaults.sort.sortOrder ?? 'asc';
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
  const next = new URLSearchParams(params);
  if (changes.pageIndex !== undefined) next.set('pageIndex', String(changes.pageIndex));
  if (changes.pageSize !== undefined) next.set('pageSize', String(changes.pageSize));
  if ('sortBy' in changes) {
    if (changes.sortBy) {
      next.set('sortBy', changes.sortBy);
      next.set('sortOrder', changes.sortOrder ?? 'asc');
    } else {
      next.delete('sortBy');
      next.delete('sortOrder');
    }
  }
  return next;
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
