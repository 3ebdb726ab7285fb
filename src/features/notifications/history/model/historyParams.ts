/**
 * The notification history pages' filters as they sit in the address, and the request
 * arguments they make. Tri-state filters are written as the kit writes them (`a:1,b:-1`).
 */
import type {
  NotificationHistoryArgs,
  NotificationSummaryArgs,
} from '../../../../api/endpoints/notificationHistory';
import { SUMMARY_MAX_PAGE_SIZE } from '../../../../api/endpoints/notificationHistory';
import { SUPPRESSED_STATUSES } from '../../../../../contracts/notifications';
import type { TriStateMap } from '../../../../lib/triState';
import type { UrlStateOf } from '../../../../lib/urlState';
import { boolean, defineUrlState, text, triState } from '../../../../lib/urlState';
import { RESOURCE_SEND_STATE } from '../../../../shell/paths';

/**
 * The summary's filters (`/notifications`); a change goes back to the first page. Suppressed
 * sends (skipped, silenced, inhibited, held by the repeat interval) are hidden unless
 * `suppressed` is on or the status filter asks for one of them.
 */
export const SUMMARY_FILTERS = defineUrlState(
  {
    search: text({ default: '', trim: true, filter: true }),
    status: triState({ filter: true }),
    resourceKind: triState({ filter: true }),
    resourceType: triState({ filter: true }),
    tags: triState({ filter: true }),
    includeDeleted: boolean({ default: false, filter: true }),
    suppressed: boolean({ default: false, filter: true }),
  },
  { history: 'push' },
);

export type SummaryFilters = UrlStateOf<typeof SUMMARY_FILTERS.fields>;

/** The page size the summary shows: the chosen one, at most what NOTIF-06 answers with. */
export function summaryPageSize(pageSize: number): number {
  return Math.min(pageSize, SUMMARY_MAX_PAGE_SIZE);
}

/**
 * The status filter sent: the chosen one, plus every suppressed status excluded unless they are
 * shown, the choice names that status, or the choice includes statuses (then only those show).
 */
export function visibleStatuses(status: TriStateMap, showSuppressed: boolean): TriStateMap {
  if (showSuppressed || Object.values(status).includes(1)) return status;
  const visible: TriStateMap = { ...status };
  for (const hidden of SUPPRESSED_STATUSES) if (!(hidden in visible)) visible[hidden] = -1;
  return visible;
}

/** NOTIF-06's arguments from the filters and the page. */
export function summaryArgs(
  filters: SummaryFilters,
  page: { pageIndex: number; pageSize: number },
): NotificationSummaryArgs {
  const args: NotificationSummaryArgs = {
    pageIndex: page.pageIndex,
    pageSize: summaryPageSize(page.pageSize),
  };
  if (filters.search) args.search = filters.search;
  if (filters.includeDeleted) args.includeDeletedResources = true;
  const status = visibleStatuses(filters.status, filters.suppressed);
  if (Object.keys(status).length > 0) args.status = status;
  if (Object.keys(filters.resourceKind).length > 0) args.resourceKind = filters.resourceKind;
  if (Object.keys(filters.resourceType).length > 0) args.resourceType = filters.resourceType;
  if (Object.keys(filters.tags).length > 0) args.tags = filters.tags;
  return args;
}

/**
 * A resource's history in the address: the send statuses and whether suppressed sends show (a
 * change goes back to the first page), and the send whose detail is open (`send`).
 */
export const RESOURCE_HISTORY_STATE = defineUrlState(
  {
    status: triState({ filter: true }),
    suppressed: boolean({ default: false, filter: true }),
    /** The same field as the history link's (`paths.notificationResource`). */
    send: RESOURCE_SEND_STATE.fields.send,
  },
  { history: 'push' },
);

/** NOTIF-07's arguments for one resource's history. */
export function historyArgs(
  resourceId: string,
  filters: { status: TriStateMap; suppressed: boolean },
  page: { pageIndex: number; pageSize: number },
): NotificationHistoryArgs {
  const args: NotificationHistoryArgs = {
    resourceId,
    pageIndex: page.pageIndex,
    pageSize: page.pageSize,
  };
  const status = visibleStatuses(filters.status, filters.suppressed);
  if (Object.keys(status).length > 0) args.status = status;
  return args;
}
