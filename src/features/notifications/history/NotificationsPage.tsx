import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  notificationHistoryTags,
  useGetNotificationSummaryQuery,
} from '../../../api/endpoints/notificationHistory';
import type { NotificationSummaryRow } from '../../../api/schemas/notificationHistory';
import { paths } from '../../../shell/paths';
import { ListPage } from '../../../widgets/ListPage';
import { SUMMARY_FILTERS, summaryArgs, summaryPageSize } from './model/historyParams';
import { useUrlState } from '../../../widgets/useUrlState';
import { NotificationSections } from './NotificationSections';
import { summaryColumns, summaryRowLabel } from './summaryColumns';
import { SummaryToolbar } from './SummaryToolbar';
import '../notifications.css';
import { useClockColumns } from '../../../widgets/useAnsweredAt';
import { useListScreen } from '../../../widgets/useListScreen';

export const NOTIFICATIONS_TITLE = 'Notifications';
export const SUMMARY_ERROR = 'Error loading notifications';
export const NO_NOTIFICATIONS = 'No notifications';
export const NO_MATCHING_NOTIFICATIONS = 'No notifications match these filters';

/**
 * `/notifications`: what was sent, one row per resource (NOTIF-06), the resource most recently
 * notified about first; searched by resource name and filtered by send status, resource type
 * and deleted resources, a page of at most 50 at a time, all in the address. A row opens the
 * resource's own history.
 */
export function NotificationsPage() {
  const list = useListScreen({ title: NOTIFICATIONS_TITLE, refreshTags: notificationHistoryTags });
  const navigate = useNavigate();
  const filterState = useUrlState(SUMMARY_FILTERS);
  const { state: filters, update, resetFilters: clear, filtered } = filterState;
  const pageIndex = list.state.pageIndex;
  const pageSize = summaryPageSize(list.state.pageSize);
  const args = useMemo(
    () => summaryArgs(filters, { pageIndex, pageSize }),
    [filters, pageIndex, pageSize],
  );
  const query = useGetNotificationSummaryQuery(args);
  const columns = useClockColumns(summaryColumns, query.fulfilledTimeStamp);

  return (
    <ListPage<NotificationSummaryRow>
      pageClassName="mc-notif-page"
      toolbar={
        <>
          <NotificationSections />
          <SummaryToolbar filters={filters} filtered={filtered} onChange={update} onClear={clear} />
        </>
      }
      aria-label="Notifications by resource"
      className="mc-notif-table"
      columns={columns}
      rows={query.data?.rows ?? []}
      getRowId={(row) => row.resource?.id ?? summaryRowLabel(row)}
      onRowOpen={(row) => {
        if (row.resource?.id) navigate(paths.notificationResource.getHref(row.resource.id));
      }}
      rowLabel={summaryRowLabel}
      list={list}
      unsorted
      total={query.data?.total ?? 0}
      pager={{
        paging: { pageIndex, pageSize },
        onPageSizeChange: (size) => list.setPageSize(summaryPageSize(size)),
      }}
      query={query}
      errorTitle={SUMMARY_ERROR}
      empty={{
        icon: 'notifications',
        emptyTitle: NO_NOTIFICATIONS,
        filteredTitle: NO_MATCHING_NOTIFICATIONS,
      }}
      filters={filterState}
    />
  );
}
