/**
 * The notification history pages' filters as they sit in the address, and the request
 * arguments they make. Tri-state filters are written as the kit writes them (`a:1,b:-1`).
 */
import type {
  NotificationHistoryArgs,
  NotificationSummaryArgs,
} from '../../../../api/endpoints/notificationHistory';
import { SUMMARY_MAX_PAGE_SIZE } from '../../../../api/endpoints/notificationHistory';
import type { TriStateMap } from '../../../../lib/triState';
import { triStateFromUrl, triStateToUrl } from '../../../../lib/triState';

/** The address parameters of the filters. */
export const HISTORY_PARAMS = {
  search: 'search',
  status: 'status',
  resourceType: 'resourceType',
  includeDeleted: 'includeDeleted',
  /** The send whose detail is open on a resource's history. */
  send: 'send',
} as const;

const PAGE_PARAM = 'pageIndex';

/** The summary's filters (`/notifications`). */
export interface SummaryFilters {
  search: string;
  status: TriStateMap;
  resourceType: TriStateMap;
  includeDeleted: boolean;
}

/** The summary's filters written in `params`; unreadable values are no filter. */
export function readSummaryFilters(params: URLSearchParams): SummaryFilters {
  return {
    search: params.get(HISTORY_PARAMS.search)?.trim() ?? '',
    status: triStateFromUrl(params.get(HISTORY_PARAMS.status)),
    resourceType: triStateFromUrl(params.get(HISTORY_PARAMS.resourceType)),
    includeDeleted: params.get(HISTORY_PARAMS.includeDeleted) === 'true',
  };
}

function setOrDelete(params: URLSearchParams, name: string, value: string): void {
  if (value) params.set(name, value);
  else params.delete(name);
}

/**
 * A copy of `params` with `changes` written in (an empty value removes the parameter) and the
 * list back at its first page; other parameters are kept.
 */
export function writeSummaryFilters(
  params: URLSearchParams,
  changes: Partial<SummaryFilters>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (changes.search !== undefined) {
    setOrDelete(next, HISTORY_PARAMS.search, changes.search.trim());
  }
  if (changes.status !== undefined) {
    setOrDelete(next, HISTORY_PARAMS.status, triStateToUrl(changes.status));
  }
  if (changes.resourceType !== undefined) {
    setOrDelete(next, HISTORY_PARAMS.resourceType, triStateToUrl(changes.resourceType));
  }
  if (changes.includeDeleted !== undefined) {
    setOrDelete(next, HISTORY_PARAMS.includeDeleted, changes.includeDeleted ? 'true' : '');
  }
  next.delete(PAGE_PARAM);
  return next;
}

/** The summary's filters at their defaults. */
export const NO_SUMMARY_FILTERS: SummaryFilters = {
  search: '',
  status: {},
  resourceType: {},
  includeDeleted: false,
};

/** Whether any filter of the summary is set. */
export function hasSummaryFilters(filters: SummaryFilters): boolean {
  return (
    filters.search !== '' ||
    Object.keys(filters.status).length > 0 ||
    Object.keys(filters.resourceType).length > 0 ||
    filters.includeDeleted
  );
}

/** The page size the summary shows: the chosen one, at most what NOTIF-06 answers with. */
export function summaryPageSize(pageSize: number): number {
  return Math.min(pageSize, SUMMARY_MAX_PAGE_SIZE);
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
  if (Object.keys(filters.status).length > 0) args.status = filters.status;
  if (Object.keys(filters.resourceType).length > 0) args.resourceType = filters.resourceType;
  return args;
}

/** A resource's history filter: the send statuses. */
export function readHistoryStatus(params: URLSearchParams): TriStateMap {
  return triStateFromUrl(params.get(HISTORY_PARAMS.status));
}

/** A copy of `params` with the status filter written in and the list at its first page. */
export function writeHistoryStatus(params: URLSearchParams, status: TriStateMap): URLSearchParams {
  const next = new URLSearchParams(params);
  setOrDelete(next, HISTORY_PARAMS.status, triStateToUrl(status));
  next.delete(PAGE_PARAM);
  return next;
}

/** NOTIF-07's arguments for one resource's history. */
export function historyArgs(
  resourceId: string,
  status: TriStateMap,
  page: { pageIndex: number; pageSize: number },
): NotificationHistoryArgs {
  const args: NotificationHistoryArgs = {
    resourceId,
    pageIndex: page.pageIndex,
    pageSize: page.pageSize,
  };
  if (Object.keys(status).length > 0) args.status = status;
  return args;
}

/** The open send (`?send=`), if any. */
export function readOpenSend(params: URLSearchParams): string | undefined {
  return params.get(HISTORY_PARAMS.send) || undefined;
}

/** A copy of `params` with the send detail opened on `id`, or closed for undefined. */
export function writeOpenSend(params: URLSearchParams, id: string | undefined): URLSearchParams {
  const next = new URLSearchParams(params);
  setOrDelete(next, HISTORY_PARAMS.send, id ?? '');
  return next;
}
