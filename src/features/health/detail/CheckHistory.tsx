import { useState } from 'react';
import {
  CHECK_HISTORY_PAGE_SIZE,
  CHECK_HISTORY_STALE_SECONDS,
  useGetCheckStatusesQuery,
} from '../../../api/endpoints/checks';
import type { CheckTimeRange } from '../../../lib/timeRange';
import { Pager } from '../../../ui/Pager';
import { tableQueryState } from '../../../widgets/tableQueryState';
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
 * message in the table, with Retry.
 */
export function CheckHistory({ checkId, timeRange }: CheckHistoryProps) {
  const [status, setStatus] = useState<HistoryStatusOption>('All');
  const [minDurationMs, setMinDurationMs] = useState<number | undefined>(undefined);
  // The page belongs to one range: another range starts again at the first page.
  const [page, setPage] = useState({ timeRange, index: 0 });
  const pageIndex = page.timeRange === timeRange ? page.index : 0;
  const goTo = (index: number) => setPage({ timeRange, index });

  const query = useGetCheckStatusesQuery(
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

  const { data, isFetching } = query;
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
      <CheckHistoryTable rows={rows} {...tableQueryState(query)} />
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
