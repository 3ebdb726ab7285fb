import { toErrorMessage } from '../api/errors';
import { LoadErrorCallout } from '../ui/LoadErrorCallout';

/** What the callout reads of a failed query (an RTK Query hook's result has it all). */
export interface RetryableQuery {
  error?: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

export interface QueryErrorCalloutProps {
  /** What could not be loaded. */
  title: string;
  query: RetryableQuery;
  /** A class name on the callout, for layout. */
  className?: string;
}

/** A query's failure in the user's words, with Retry reading it again (spinning meanwhile). */
export function QueryErrorCallout({ title, query, className }: QueryErrorCalloutProps) {
  return (
    <LoadErrorCallout
      title={title}
      message={toErrorMessage(query.error)}
      retrying={query.isFetching}
      onRetry={() => void query.refetch()}
      className={className}
    />
  );
}
