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
import { useUrlState } from '../../../widgets/useUrlState';
import { HEALTH_STATE } from '../model/urlState';

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
  // The page is in the address; another range starts again at the first page.
  const { state, set } = useUrlState(HEALTH_STATE);
  const pageIndex = state.historyPage;
  const goTo = (index: number) => set('historyPage', index);

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
