import { toErrorMessage } from '../api/errors';
import type { LoadErrorCalloutProps } from '../ui/LoadErrorCallout';
import { LoadErrorCallout } from '../ui/LoadErrorCallout';

/** What the callout reads of a failed query (an RTK Query hook's result has it all). */
export interface RetryableQuery {
  error?: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

export type QueryErrorCalloutProps = Pick<LoadErrorCalloutProps, 'title' | 'className'> & {
  query: RetryableQuery;
};

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
