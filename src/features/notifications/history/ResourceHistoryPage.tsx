import { lazy, useMemo } from 'react';
import { useParams } from 'react-router-dom';
import {
  notificationHistoryTags,
  useGetNotificationHistoryQuery,
  useGetSendRulesQuery,
} from '../../../api/endpoints/notificationHistory';
import type { NotificationSend, SendRule } from '../../../api/schemas/notificationHistory';
import { useFormatDate } from '../../../shell/useFormatDate';
import { FilterDropdown } from '../../../ui/FilterDropdown';
import { LazyPart } from '../../../ui/LazyPart';
import { usePageHeader } from '../../../ui/pageHeader';
import { ListPage } from '../../../widgets/ListPage';
import { useInvalidateTags } from '../../../widgets/useInvalidateTags';
import { useListPage } from '../../../widgets/useListPage';
import { historyColumns, sendRowLabel } from './historyColumns';
import { historyArgs } from './model/historyParams';
import { RESOURCE_KIND_LABELS, resourceName, rowKind } from './model/sends';
import { NotificationSections } from './NotificationSections';
import { ResourceLabel } from './ResourceLabel';
import { STATUS_OPTIONS, SuppressedSwitch } from './SummaryToolbar';
import { useResourceHistoryParams } from './useResourceHistory';
import '../notifications.css';
import { useAnsweredAt } from '../../../widgets/useAnsweredAt';

/** A send's dialog (its body drawn from Markdown) loads when a send is opened. */
const SendDetailDialog = lazy(async () => ({
  default: (await import('./SendDetailDialog')).SendDetailDialog,
}));

export const HISTORY_ERROR = 'Error loading the notification history';
export const NO_SENDS = 'No notifications';
export const NO_MATCHING_SENDS = 'No notifications match these filters';

/** The resource's header: icon, name (a link to its page) and type. */
function ResourceHeader({ send }: { send: NotificationSend | undefined }) {
  if (!send) return null;
  const kind = rowKind(send);
  return (
    <header className="mc-notif-resource-header" aria-label="Resource">
      <ResourceLabel resource={send.resource} kind={kind} id={send.resource_id} linked />
      <span className="mc-notif-resource-type">
        {[kind ? RESOURCE_KIND_LABELS[kind] : undefined, send.resource?.type]
          .filter(Boolean)
          .join(' · ')}
      </span>
    </header>
  );
}

/**
 * `/notifications/resource/:resourceId`: the resource (from its newest send) and every send
 * about it, newest first (NOTIF-07 with `resource_id=eq.`), filtered by status (suppressed
 * sends hidden until shown) and paged in the address. A row opens the send's detail
 * (`?send={id}`).
 */
export function ResourceHistoryPage() {
  const { resourceId = '' } = useParams();
  const {
    status,
    setStatus,
    suppressed,
    setSuppressed,
    openSend,
    setOpenSend,
    filtered,
    resetFilters,
  } = useResourceHistoryParams();
  const list = useListPage();
  const { pageIndex, pageSize } = list.state;
  const formatDate = useFormatDate();

  // The newest send of any status names the resource, whatever the filter shows.
  const { data: newest } = useGetNotificationHistoryQuery({
    resourceId,
    pageIndex: 0,
    pageSize: 1,
  });
  const heading = newest?.sends[0];
  usePageHeader({
    title: heading ? resourceName(heading.resource, heading.resource_id) : 'Notifications',
    onRefresh: useInvalidateTags(notificationHistoryTags),
  });

  const args = useMemo(
    () => historyArgs(resourceId, { status, suppressed }, { pageIndex, pageSize }),
    [resourceId, status, suppressed, pageIndex, pageSize],
  );
  const query = useGetNotificationHistoryQuery(args);
  const { fulfilledTimeStamp } = query;
  const { data: ruleList } = useGetSendRulesQuery();
  const rules = useMemo(
    () => new Map<string, SendRule>((ruleList ?? []).map((rule) => [rule.id, rule])),
    [ruleList],
  );
  const now = useAnsweredAt(fulfilledTimeStamp);
  const columns = useMemo(
    () => historyColumns({ formatDate, now, rules }),
    [formatDate, now, rules],
  );

  return (
    <ListPage<NotificationSend>
      pageClassName="mc-notif-page"
      toolbar={
        <>
          <NotificationSections />
          <ResourceHeader send={heading} />
          <div className="mc-notif-toolbar" role="group" aria-label="History filters">
            <FilterDropdown
              label="Status"
              options={STATUS_OPTIONS}
              value={status}
              onChange={setStatus}
            />
            <SuppressedSwitch checked={suppressed} onChange={setSuppressed} />
          </div>
        </>
      }
      aria-label="Notification history"
      className="mc-notif-table"
      columns={columns}
      rows={query.data?.sends ?? []}
      getRowId={(send) => send.id}
      onRowOpen={(send) => setOpenSend(send.id)}
      rowLabel={(send) => sendRowLabel(send, formatDate)}
      list={list}
      unsorted
      total={query.data?.total ?? 0}
      query={query}
      errorTitle={HISTORY_ERROR}
      empty={{ icon: 'notifications', emptyTitle: NO_SENDS, filteredTitle: NO_MATCHING_SENDS }}
      filters={{ filtered, resetFilters }}
    >
      {openSend && (
        <LazyPart>
          <SendDetailDialog
            sendId={openSend}
            rules={rules}
            onClose={() => setOpenSend(undefined)}
          />
        </LazyPart>
      )}
    </ListPage>
  );
}
