import { useMemo } from 'react';

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
