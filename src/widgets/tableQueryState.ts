import { toErrorMessage } from '../api/errors';
import type { QueryState, QueryViewState } from '../ui/queryState';

/** What a view needs of an RTK Query result (a query hook's result has all of it). */
export interface TableQueryResult {
  /** The first load, with nothing to show yet. */
  isLoading: boolean;
  /** Any request under way, a refetch included. */
  isFetching: boolean;
  /** The last request's failure, if it failed. */
  error?: unknown;
  /** Asks the server again. */
  refetch: () => unknown;
}

/** The loading and error props of `DataTable`: the kit's one query state. */
export type TableQueryState = QueryState;

/**
 * The view's loading, error and retry state from the query that fills it: loading during the
 * first load, the server's reason when the query failed (read by `readError`, default
 * `toErrorMessage`), a Retry that refetches, spinning while any request is under way.
 */
export function tableQueryState(
  { isLoading, isFetching, error, refetch }: TableQueryResult,
  readError: (error: unknown) => string = toErrorMessage,
): QueryState {
  return {
    loading: isLoading,
    error: error ? readError(error) : undefined,
    onRetry: () => void refetch(),
    retrying: isFetching,
  };
}

/** `QueryView`'s props from a query hook's result: its state and its answer. */
export function queryViewState<T>(
  result: TableQueryResult & { data?: T | null },
  readError: (error: unknown) => string = toErrorMessage,
): QueryViewState<T> {
  return { ...tableQueryState(result, readError), data: result.data };
}
