/** Page sizes a table offers (spec 002 §9). */
export const PAGE_SIZES = [5, 10, 25, 50, 100, 150, 200, 250, 300, 500, 1000] as const;

export const DEFAULT_PAGE_SIZE = 50;
export const DEFAULT_PAGE_INDEX = 0;

export interface Paging {
  pageIndex: number;
  pageSize: number;
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

/**
 * Page and size from the URL (`pageIndex`, `pageSize`). A missing or unusable size falls back to
 * `fallbackSize` (the stored choice), a missing or unusable page to the first.
 */
export function readPaging(params: URLSearchParams, fallbackSize = DEFAULT_PAGE_SIZE): Paging {
  const size = wholeNumber(params.get('pageSize'));
  const index = wholeNumber(params.get('pageIndex'));
  return {
    pageIndex: index ?? DEFAULT_PAGE_INDEX,
    pageSize: size !== undefined && isPageSize(size) ? size : fallbackSize,
  };
}

/** The URL parameters with the page and size set; other parameters are kept. */
export function writePaging(params: URLSearchParams, paging: Paging): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('pageIndex', String(paging.pageIndex));
  next.set('pageSize', String(paging.pageSize));
  return next;
}

/** How many pages `total` rows fill (at least one). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** "51–100 of 172" (or "0 of 0"). */
export function rangeLabel({ pageIndex, pageSize }: Paging, total: number, shown: number): string {
  if (total === 0 || shown === 0) return `0 of ${total}`;
  const first = pageIndex * pageSize + 1;
  return `${first}–${first + shown - 1} of ${total}`;
}
