import { useEffect, useState } from 'react';
import {
  CHECK_HISTORY_PAGE_SIZE,
  CHECK_HISTORY_STALE_SECONDS,
  useGetCheckStatusesQuery,
} from '../../../api/endpoints/checks';
import { toErrorMessage } from '../../../api/errors';
import type { CheckTimeRange } from '../../../lib/timeRange';
import { Pager } from '../../../ui/Pager';
import { toastError } from '../../../ui/toaster';
import { CheckHistoryFilters } from './CheckHistoryFilters';
import { CheckHistoryTable } from './CheckHistoryTable';
import type { HistoryStatusOption } from './historyFilters';
import { statusFilterValue } from './historyFilters';

export interface CheckHistoryProps {
  checkId: string;
  timeRange: CheckTimeRange;
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

  const rows = data?.data ?? [];
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
      <CheckHistoryTable rows={rows} loading={isLoading} />
      {data && (
        <Pager
          paging={{ pageIndex, pageSize: CHECK_HISTORY_PAGE_SIZE }}
          total={data.totalEntries ?? rows.length}
          shown={rows.length}
          disabled={isFetching}
          onPageIndexChange={goTo}
        />
      )}
    </section>
  );
}
