import { useMemo } from 'react';
import { useFormatDate } from '../shell/useFormatDate';
import type { DataTableColumn } from '../ui/DataTable/DataTable';
import type { TableClock } from './columns';

/**
 * The moment a query last answered (RTK Query's `fulfilledTimeStamp`), or now before it has:
 * the "now" a list ages its times against, so "2 minutes ago" is said of the rows as read and
 * changes only when they are read again.
 */
export function useAnsweredAt(fulfilledTimeStamp: number | undefined): Date {
  return useMemo(
    () => (fulfilledTimeStamp ? new Date(fulfilledTimeStamp) : new Date()),
    [fulfilledTimeStamp],
  );
}

/**
 * A list's columns built with its clock: the user's date format, and the moment its query last
 * answered as the "now" its ages are said against.
 */
export function useClockColumns<T>(
  build: (clock: TableClock) => DataTableColumn<T>[],
  fulfilledTimeStamp: number | undefined,
): DataTableColumn<T>[] {
  const formatDate = useFormatDate();
  const now = useAnsweredAt(fulfilledTimeStamp);
  return useMemo(() => build({ formatDate, now }), [build, formatDate, now]);
}
