import { useEffect, useRef } from 'react';
import { useSelector } from 'react-redux';
import type { UiState } from './uiSlice';
import { selectRefreshCount } from './uiSlice';

/** Calls `refetch` each time the top bar's refresh button of `key` is pressed. */
export function useRefreshKey(key: string, refetch: () => unknown): void {
  const count = useSelector((state: { ui: UiState }) => selectRefreshCount(state, key));
  const seen = useRef(count);
  useEffect(() => {
    if (count === seen.current) return;
    seen.current = count;
    refetch();
  }, [count, refetch]);
}
