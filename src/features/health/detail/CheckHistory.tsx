import { Button, ButtonGroup, Classes, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import {
  CHECK_HISTORY_PAGE_SIZE,
  CHECK_HISTORY_STALE_SECONDS,
  useGetCheckStatusesQuery,
} from '../../../api/endpoints/checks';
import { toErrorMessage } from '../../../api/errors';
import type { CheckTimeRange } from '../../../lib/timeRange';
import { toastError } from '../../../ui/toaster';
import { CheckHistoryFilters } from './CheckHistoryFilters';
import { CheckHistoryTable } from './CheckHistoryTable';
import type { HistoryStatusOption } from './historyFilters';
import { statusFilterValue } from './historyFilters';

export interface CheckHistoryProps {
  checkId: string;
  timeRange: CheckTimeRange;
}

/** The number of pages for a total; at least one. */
export function pageCount(total: number | undefined, pageSize: number): number {
  return total === undefined || total <= 0 ? 1 : Math.ceil(total / pageSize);
}

/**
 * The History tab: the runs of the range, newest first, 50 a page, filtered by status and
 * minimum duration. A page older than 10 s is fetched again when shown; a failure shows its
 * message in a toast.
 */
export function CheckHistory({ checkId, timeRange }: CheckHistoryProps) {
  const [status, setStatus] = useState<HistoryStatusOption>('All');
  const [minDurationMs, setMinDurationMs] = useState<number | undefined>(undefined);
  // The page belongs to one range: another range starts again at the first page.
  const [page, setPage] = useState({ timeRange, index: 0 });
  const pageIndex = page.timeRange === timeRange ? page.index : 0;
  const goTo = (index: number) => setPage({ timeRange, index });

  const { data, error, isFetching, isLoading } = useGetCheckStatusesQuery(
    {
      checkId,
      timeRange,
      status: statusFilterValue(status),
      minDurationMs,
      pageIndex,
      pageSize: CHECK_HISTORY_PAGE_SIZE,
    },
    { refetchOnMountOrArgChange: CHECK_HISTORY_STALE_SECONDS },
  );

  useEffect(() => {
    if (error) void toastError(toErrorMessage(error));
  }, [error]);

  const pages = pageCount(data?.totalEntries, CHECK_HISTORY_PAGE_SIZE);
  return (
    <section aria-label="History" className="check-history">
      <CheckHistoryFilters
        status={status}
        onStatusChange={(next) => {
          setStatus(next);
          goTo(0);
        }}
        onDurationChange={(next) => {
          setMinDurationMs(next);
          goTo(0);
        }}
      />
      {isLoading ? (
        <Spinner size={24} aria-label="Loading history" />
      ) : (
        <CheckHistoryTable rows={data?.data ?? []} />
      )}
      <div className="check-history-pages">
        <ButtonGroup>
          <Button
            icon="chevron-left"
            aria-label="Previous page"
            disabled={pageIndex === 0 || isFetching}
            onClick={() => goTo(Math.max(0, pageIndex - 1))}
          />
          <Button
            icon="chevron-right"
            aria-label="Next page"
            disabled={pageIndex + 1 >= pages || isFetching}
            onClick={() => goTo(pageIndex + 1)}
          />
        </ButtonGroup>
        <span className={Classes.TEXT_MUTED}>
          Page {pageIndex + 1} of {pages}
          {data?.totalEntries !== undefined && ` · ${data.totalEntries} runs`}
        </span>
      </div>
    </section>
  );
}
