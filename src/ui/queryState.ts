/**
 * What a view shows of a query, whatever it loads (a table, one record, a panel): built from an
 * RTK Query result by `tableQueryState` / `queryViewState` (`src/widgets/tableQueryState.ts`) and
 * drawn by `DataTable` or `QueryView`.
 */
export interface QueryState {
  /** The first load, with nothing to show yet. */
  loading: boolean;
  /** Why the last request failed, in the server's words; `undefined` when it did not fail. */
  error: string | undefined;
  /** Asks the server again. */
  onRetry: () => void;
  /** A request is under way (a retry or a refetch): Retry shows a spinner. */
  retrying: boolean;
}

/** A query's state and its answer (`undefined` before it arrives or when the query is skipped). */
export interface QueryViewState<T> extends QueryState {
  data: T | null | undefined;
}
