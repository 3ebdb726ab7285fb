import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  notificationHistoryTags,
  useGetNotificationSummaryQuery,
} from '../../../api/endpoints/notificationHistory';
import type { NotificationSummaryRow } from '../../../api/schemas/notificationHistory';
import { paths } from '../../../shell/paths';
import { useFormatDate } from '../../../shell/useFormatDate';
import { DataTable } from '../../../ui/DataTable/DataTable';
import { Pager } from '../../../ui/Pager';
import { usePageHeader } from '../../../ui/pageHeader';
import { tableQueryState } from '../../../widgets/tableQueryState';
import { useInvalidateTags } from '../../../widgets/useInvalidateTags';
import { useListPage } from '../../../widgets/useListPage';
import { SUMMARY_FILTERS, summaryArgs, summaryPageSize } from './model/historyParams';
import { useUrlState } from '../../../widgets/useUrlState';
import { NotificationSections } from './NotificationSections';
import { summaryColumns, summaryRowLabel } from './summaryColumns';
import { SummaryToolbar } from './SummaryToolbar';
import '../notifications.css';
import { ListEmptyState } from '../../../ui/ListEmptyState';

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
  usePageHeader({
    title: NOTIFICATIONS_TITLE,
    onRefresh: useInvalidateTags(notificationHistoryTags),
  });
  const navigate = useNavigate();
  const formatDate = useFormatDate();
  const { state: filters, update, resetFilters: clear, filtered } = useUrlState(SUMMARY_FILTERS);
  const list = useListPage();
  const pageIndex = list.state.pageIndex;
  const pageSize = summaryPageSize(list.state.pageSize);
  const args = useMemo(
    () => summaryArgs(filters, { pageIndex, pageSize }),
    [filters, pageIndex, pageSize],
  );
  const { data, isLoading, isFetching, error, refetch, fulfilledTimeStamp } =
    useGetNotificationSummaryQuery(args);
  const rows = useMemo(() => data?.rows ?? [], [data]);
  const now = useMemo(
    () => (fulfilledTimeStamp ? new Date(fulfilledTimeStamp) : new Date()),
    [fulfilledTimeStamp],
  );
  const columns = useMemo(() => summaryColumns({ formatDate, now }), [formatDate, now]);
  const pager = list.pagerProps(data?.total ?? 0, rows.length);

  return (
    <div className="mc-page mc-notif-page">
      <NotificationSections />
      <SummaryToolbar filters={filters} filtered={filtered} onChange={update} onClear={clear} />
      <DataTable<NotificationSummaryRow>
        aria-label="Notifications by resource"
        className="mc-notif-table"
        columns={columns}
        rows={rows}
        getRowId={(row) => row.resource?.id ?? summaryRowLabel(row)}
        onRowOpen={(row) => {
          if (row.resource?.id) navigate(paths.notificationResource.getHref(row.resource.id));
        }}
        rowLabel={summaryRowLabel}
        {...tableQueryState({ isLoading, isFetching, error, refetch })}
        errorTitle={SUMMARY_ERROR}
        emptyText={
          <ListEmptyState
            filtered={filtered}
            icon="notifications"
            emptyTitle={NO_NOTIFICATIONS}
            filteredTitle={NO_MATCHING_NOTIFICATIONS}
            onClear={clear}
          />
        }
      />
      {!isLoading && !error && (
        <Pager
          {...pager}
          paging={{ pageIndex, pageSize }}
          onPageSizeChange={(size) => list.setPageSize(summaryPageSize(size))}
          disabled={isFetching}
        />
      )}
    </div>
  );
}
