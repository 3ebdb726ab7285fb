import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Paging } from './model/paging';
import { DEFAULT_PAGE_SIZE, isPageSize, readPaging, writePaging } from './model/paging';

export interface PagingControls {
  paging: Paging;
  setPageIndex: (pageIndex: number) => void;
  /** Goes back to the first page, and remembers the size for the next visit. */
  setPageSize: (pageSize: number) => void;
}

function storedPageSize(key: string): number {
  try {
    const value = Number(window.localStorage.getItem(key));
    return isPageSize(value) ? value : DEFAULT_PAGE_SIZE;
  } catch {
    return DEFAULT_PAGE_SIZE;
  }
}

/**
 * Page and page size kept in the URL (`pageIndex`, `pageSize`). Without a size in the URL the
 * last size chosen (kept under `storageKey`) applies, else 50.
 */
export function usePaging(storageKey: string): PagingControls {
  const [params, setParams] = useSearchParams();
  const paging = useMemo(
    () => readPaging(params, storedPageSize(storageKey)),
    [params, storageKey],
  );
  const setPageIndex = useCallback(
    (pageIndex: number) => setParams(writePaging(params, { ...paging, pageIndex })),
    [params, paging, setParams],
  );
  const setPageSize = useCallback(
    (pageSize: number) => {
      try {
        window.localStorage.setItem(storageKey, String(pageSize));
      } catch {
        // Storage may be unavailable (private mode); the URL still holds the size.
      }
      setParams(writePaging(params, { pageIndex: 0, pageSize }));
    },
    [params, setParams, storageKey],
  );
  return { paging, setPageIndex, setPageSize };
}
