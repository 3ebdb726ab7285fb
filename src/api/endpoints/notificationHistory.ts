/**
 * What notifications were sent (api.md §13): the summary per resource (NOTIF-06), the flat
 * history of sends (NOTIF-07), one send (NOTIF-08), the count of failed sends the top bar's
 * bell shows (from `./notificationFailedSends`), and the rules' names and recipients beside a
 * send (NOTIF-01's picker form).
 */
import type { TriStateMap } from '../../lib/triState';
import { triStateToQuery } from '../../lib/triState';
import type { RequestArgs } from '../baseQuery';
import { pg, AVATAR_COLUMNS } from '../postgrest';
import type {
  NotificationSend,
  NotificationSummaryResponse,
  NotificationSummaryRow,
  SendDetail,
  SendRule,
} from '../schemas/notificationHistory';
import {
  NotificationSendsStruct,
  NotificationSummaryResponseStruct,
  SendDetailStruct,
  SendHistoryTagsStruct,
  SendHistoryTypesStruct,
  SendRulesStruct,
} from '../schemas/notificationHistory';
import { responseSchema } from '../validate';
import { pageOf, pageTags, firstRow } from '../pages';
import { HISTORY_VIEW, notificationFailedSendsApi } from './notificationFailedSends';

export {
  FAILED_STATUS,
  FAILED_WINDOW,
  failedSendCountRequest,
  useGetFailedSendCountQuery,
} from './notificationFailedSends';

/** The largest page NOTIF-06 answers with, whatever is asked (api.md §23 item 22). */
export const SUMMARY_MAX_PAGE_SIZE = 50;

const hasItems = (map: TriStateMap | undefined): map is TriStateMap =>
  map !== undefined && Object.keys(map).length > 0;

// ---------------------------------------------------------------------------------- NOTIF-06

/** What the summary page asks NOTIF-06 for. */
export interface NotificationSummaryArgs {
  /** Part of a resource's name (the backend matches it as a prefix). */
  search?: string;
  includeDeletedResources?: boolean;
  /** Zero-based page. */
  pageIndex: number;
  /** Rows per page; more than `SUMMARY_MAX_PAGE_SIZE` is sent as that. */
  pageSize: number;
  /** Send statuses, included (1) or excluded (-1). */
  status?: TriStateMap;
  /** Resource types (`Kubernetes::Pod`), included or excluded. */
  resourceType?: TriStateMap;
  /** Resource kinds (`config`, `component`, `check`), included or excluded. */
  resourceKind?: TriStateMap;
  /** Tags (`key=value`) the resource has (1) or has not (-1). */
  tags?: TriStateMap;
}

/**
 * Tags chosen in a tri-state filter as a label selector: `key=value` for an included tag,
 * `key!=value` for an excluded one (`namespace=prod,team!=web`).
 */
export function tagSelectorOf(tags: TriStateMap): string {
  return Object.entries(tags)
    .flatMap(([tag, state]) => {
      const at = tag.indexOf('=');
      if (at <= 0) return [];
      return [`${tag.slice(0, at)}${state === -1 ? '!=' : '='}${tag.slice(at + 1)}`];
    })
    .join(',');
}

/**
 * NOTIF-06's body, `{ search?, includeDeletedResources?, pageIndex, pageSize, status?,
 * resourceType?, resourceKind?, tags? }`: only the optional keys that have a value (the switch
 * only when on), the tri-states as `a,!b`, the tags as a label selector, the page size at most 50.
 */
export function notificationSummaryBody(args: NotificationSummaryArgs): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const search = args.search?.trim();
  if (search) body.search = search;
  if (args.includeDeletedResources) body.includeDeletedResources = true;
  body.pageIndex = args.pageIndex;
  body.pageSize = Math.min(args.pageSize, SUMMARY_MAX_PAGE_SIZE);
  if (hasItems(args.status)) body.status = triStateToQuery(args.status);
  if (hasItems(args.resourceType)) body.resourceType = triStateToQuery(args.resourceType);
  if (hasItems(args.resourceKind)) body.resourceKind = triStateToQuery(args.resourceKind);
  const tags = hasItems(args.tags) ? tagSelectorOf(args.tags) : '';
  if (tags) body.tags = tags;
  return body;
}

/** NOTIF-06: `POST /api/notification/summary` with an explicit JSON content type. */
export function notificationSummaryRequest(args: NotificationSummaryArgs): RequestArgs {
  return {
    url: '/api/notification/summary',
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: notificationSummaryBody(args),
    prefer: false,
  };
}

/** One page of the summary. */
export interface NotificationSummaryPage {
  rows: NotificationSummaryRow[];
  /** Resources on every page (`total`); the page's length when the backend sends none. */
  total: number;
}

// ---------------------------------------------------------------------------------- NOTIF-07

/** What a history list asks NOTIF-07 for; without a page, every send. */
export interface NotificationHistoryArgs {
  /** One resource's sends only (`resource_id=eq.`). */
  resourceId?: string;
  /** Send statuses, included or excluded (`status.filter`). */
  status?: TriStateMap;
  /** Resource types, included or excluded (`resource_type.filter`). */
  resourceType?: TriStateMap;
  /** A resource name pattern (`resource->>name.filter`; `*` matches any text at an end). */
  search?: string;
  /** The sends a send inhibited (`parent_id=eq.`). */
  parentId?: string;
  pageIndex?: number;
  pageSize?: number;
}

/**
 * NOTIF-07 with its parameters in api.md's order: `select=*&order=created_at.desc`, the page,
 * the three `.filter` keys the backend rewrites (api.md §3), then `resource_id=eq.`; with
 * `Prefer: count=exact` for the total.
 */
export function notificationHistoryRequest(args: NotificationHistoryArgs): RequestArgs {
  let query = pg(HISTORY_VIEW).select('*').order('created_at', 'desc');
  if (args.pageSize !== undefined) query = query.range(args.pageIndex ?? 0, args.pageSize);
  if (hasItems(args.resourceType)) {
    query = query.filter('resource_type', triStateToQuery(args.resourceType));
  }
  if (hasItems(args.status)) query = query.filter('status', triStateToQuery(args.status));
  const search = args.search?.trim();
  if (search) query = query.filter('resource->>name', search);
  if (args.resourceId) query = query.eq('resource_id', args.resourceId);
  if (args.parentId) query = query.eq('parent_id', args.parentId);
  return query.count().toRequest();
}

/** One page of the flat history. */
export interface NotificationHistoryPage {
  sends: NotificationSend[];
  /** From `Content-Range`; the page's length when the backend sends no total. */
  total: number;
}

// ---------------------------------------------------------------------------------- NOTIF-08

/** NOTIF-08: `?id=eq.{id}&select=*`; the first row is the send. */
export function notificationSendRequest(id: string): RequestArgs {
  return pg(HISTORY_VIEW).eq('id', id).select('*').toRequest();
}

/**
 * `GET /api/notification/send_history/{id}` (api.md §13, a backend route console 1.4.63 did
 * not call): the send with its body rendered as Markdown.
 */
export function sendDetailRequest(id: string): RequestArgs {
  return { url: `/api/notification/send_history/${encodeURIComponent(id)}` };
}

/** The tags of the resources notified about, by key then value. */
export function sendHistoryTagsRequest(): RequestArgs {
  return pg('notification_send_history_resource_tags')
    .select('key', 'value')
    .order('key', 'asc')
    .order('value', 'asc')
    .toRequest();
}

/** The types of the resources notified about. */
export function sendHistoryTypesRequest(): RequestArgs {
  return pg('notification_send_history_resource_types')
    .select('resource_type')
    .order('resource_type', 'asc')
    .toRequest();
}

// ------------------------------------------------------------------------ NOTIF-01 (picker)

/** How many rules the history reads to name them (spec 000 §9: the list loads up to 1000). */
export const RULES_LIMIT = 1000;

/**
 * NOTIF-01 as the "all rules" picker asks it: page 0 of 1000, `order=name.asc`, with the
 * embeds of the reference; the history reads each rule's name, title and recipient.
 */
export function sendRulesRequest(): RequestArgs {
  return pg('notifications_summary')
    .select(
      '*',
      `person:person_id(${AVATAR_COLUMNS})`,
      'team:team_id(id,name,icon)',
      `created_by(${AVATAR_COLUMNS})`,
    )
    .order('name', 'asc')
    .range(0, RULES_LIMIT)
    .count()
    .toRequest();
}

// --------------------------------------------------------------------------------- endpoints

// The bell's count is in `./notificationFailedSends`, which the shell loads with every page.
const notificationHistoryApi = notificationFailedSendsApi.injectEndpoints({
  endpoints: (build) => ({
    /** NOTIF-06: the summary per resource, a page at a time. */
    getNotificationSummary: build.query<
      NotificationSummaryPage,
      NotificationSummaryArgs,
      NotificationSummaryResponse
    >({
      query: notificationSummaryRequest,
      rawResponseSchema: responseSchema(
        NotificationSummaryResponseStruct,
        'POST /api/notification/summary',
      ),
      transformResponse: (response: NotificationSummaryResponse) => {
        const rows = response.results ?? [];
        return { rows, total: response.total ?? rows.length };
      },
      providesTags: [{ type: 'NotificationHistory', id: 'LIST' }],
    }),
    /** NOTIF-07: sends, newest first, a page at a time. */
    getNotificationHistory: build.query<
      NotificationHistoryPage,
      NotificationHistoryArgs,
      NotificationSend[]
    >({
      query: notificationHistoryRequest,
      rawResponseSchema: responseSchema(NotificationSendsStruct, `GET /api/db/${HISTORY_VIEW}`),
      transformResponse: pageOf('sends', 'total'),
      providesTags: (page) => pageTags('NotificationHistory', page?.sends),
    }),
    /** NOTIF-08: one send; undefined when there is no such send. */
    getNotificationSend: build.query<NotificationSend | undefined, string, NotificationSend[]>({
      query: notificationSendRequest,
      rawResponseSchema: responseSchema(NotificationSendsStruct, `GET /api/db/${HISTORY_VIEW}`),
      transformResponse: firstRow,
      providesTags: (_send, _error, id) => [{ type: 'NotificationHistory', id }],
    }),
    /** One send with its body rendered as Markdown (and its group, where it has one). */
    getSendDetail: build.query<SendDetail, string>({
      query: sendDetailRequest,
      responseSchema: responseSchema(SendDetailStruct, 'GET /api/notification/send_history/{id}'),
      providesTags: (_send, _error, id) => [{ type: 'NotificationHistory', id }],
    }),
    /** The `key=value` tags of the resources notified about, for the tags filter. */
    getSendHistoryTags: build.query<string[], void, Array<{ key: string; value?: string | null }>>({
      query: sendHistoryTagsRequest,
      rawResponseSchema: responseSchema(
        SendHistoryTagsStruct,
        'GET /api/db/notification_send_history_resource_tags',
      ),
      transformResponse: (rows: Array<{ key: string; value?: string | null }>) =>
        rows.map((row) => `${row.key}=${row.value ?? ''}`),
      providesTags: [{ type: 'NotificationHistory', id: 'LIST' }],
    }),
    /** The types of the resources notified about, for the resource type filter. */
    getSendHistoryTypes: build.query<string[], void, Array<{ resource_type?: string | null }>>({
      query: sendHistoryTypesRequest,
      rawResponseSchema: responseSchema(
        SendHistoryTypesStruct,
        'GET /api/db/notification_send_history_resource_types',
      ),
      transformResponse: (rows: Array<{ resource_type?: string | null }>) =>
        rows.flatMap((row) => (row.resource_type ? [row.resource_type] : [])),
      providesTags: [{ type: 'NotificationHistory', id: 'LIST' }],
    }),
    /** NOTIF-01 (picker form): the rules, to name the rule and recipient of each send. */
    getSendRules: build.query<SendRule[], void>({
      query: sendRulesRequest,
      responseSchema: responseSchema(SendRulesStruct, 'GET /api/db/notifications_summary'),
      providesTags: [{ type: 'Notifications', id: 'LIST' }],
    }),
  }),
});

export { notificationHistoryApi };
export const {
  useGetNotificationSummaryQuery,
  useGetNotificationHistoryQuery,
  useGetNotificationSendQuery,
  useGetSendDetailQuery,
  useGetSendHistoryTagsQuery,
  useGetSendHistoryTypesQuery,
  useGetSendRulesQuery,
} = notificationHistoryApi;

// ---------------------------------------------------------------- page tags

/** What the notification history pages' Refresh reloads. */
export const notificationHistoryTags = [{ type: 'NotificationHistory', id: 'LIST' }] as const;
