import { useState } from 'react';
import type { NewRowsState } from './model/newRows';
import { nextNewRows } from './model/newRows';

const NONE: ReadonlySet<string> = new Set();

interface Tracked {
  /** The answer the state was last computed from. */
  rows: readonly unknown[];
  state: NewRowsState;
}

/**
 * The ids of the rows that arrived with the latest answer of a followed list: each new answer
 * (a new `rows` array for the same `key`) is compared with every id seen before for that key.
 * The first answer of a key marks nothing. Pass the rows of the current query only (RTK
 * Query's `currentData`), so that another query's rows are never taken for this one's. Empty
 * while `enabled` is false.
 */
export function useNewRows<Row>(
  key: string,
  rows: readonly Row[] | undefined,
  getId: (row: Row) => string,
  enabled: boolean,
): ReadonlySet<string> {
  // The seen ids are derived from the answers, so they live in state updated while rendering
  // (React's pattern for state computed from changing props), not in an effect.
  const [tracked, setTracked] = useState<Tracked>();
  if (rows !== undefined && (tracked?.rows !== rows || tracked.state.key !== key)) {
    setTracked({ rows, state: nextNewRows(tracked?.state, key, rows.map(getId)) });
  }
  return enabled && tracked ? tracked.state.fresh : NONE;
}
