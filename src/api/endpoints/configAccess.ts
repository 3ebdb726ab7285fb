import { baseApi } from '../baseApi';
import type { RequestArgs } from '../baseQuery';
import { pg, pgCondition, pgContains } from '../postgrest';
import { string } from 'superstruct';
import type { PostgrestQuery } from '../postgrest';
import type {
  AccessByConfig,
  AccessByGroup,
  AccessByUser,
  AccessFilterOptions,
  AccessLog,
  AccessRow,
  ExternalUser,
  ExternalUserAlias,
} from '../schemas/configAccess';
import {
  AccessByConfigRowsStruct,
  AccessByGroupRowsStruct,
  AccessByUserRowsStruct,
  AccessFilterOptionsStruct,
  AccessLogsStruct,
  AccessRowsStruct,
  CountedRowsStruct,
  ExternalUserAliasStruct,
  ExternalUsersStruct,
} from '../schemas/configAccess';
import { PICKER_RESULTS_LIMIT } from './lookups';
import { firstRowOrNull, pageOf, totalOf } from '../pages';
import { responseSchema } from '../validate';
import type { ItemPage, PageArgs } from './configItem';

/**
 * The access review (Mission Control's `config_access_summary` views): who reaches which
 * config item, grouped by user, group or item, the filters' options, and an item's sign-ins.
 */

/** What the access lists are narrowed to; an absent or empty filter does not narrow them. */
export interface AccessFilters {
  /** Items of one type (`AWS::IAM::Role`). */
  configType?: string;
  /** One external user's access (`external_user_id`). */
  userId?: string;
  /** One role's access, by name. */
  role?: string;
  /** Access of users of one type (`user`, `service_account`, `group`, …). */
  userType?: string;
}

export interface AccessSortArgs {
  /** A column of the list; one it cannot sort by sorts by its default. */
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
}

/** The flat list's arguments: the filters, and the user, group or item drilled into. */
export interface AccessSummaryArgs extends AccessFilters, AccessSortArgs, PageArgs {
  /** One item's access (`config_id`). */
  configId?: string;
  /** Access through one group (`external_group_id`). */
  groupId?: string;
}

/** A grouped list's arguments: the filters its view can apply, and the rows it may show. */
export interface AccessGroupsArgs extends AccessFilters, AccessSortArgs, PageArgs {
  /**
   * Only these groups (by the view's id column): those the filter options found for filters
   * the view has no column for (role, user type). Absent: no such narrowing.
   */
  ids?: readonly string[];
}

export interface ConfigAccessLogsArgs extends PageArgs {
  configId: string;
}

/** How one list of the review is read: its view, id column, columns and sorts. */
interface AccessList {
  view: string;
  /** The column naming a row's group (the drill-down's filter); none for the flat list. */
  id?: string;
  columns: string;
  sortKeys: readonly string[];
  /** The sort when the address names none the list has. */
  defaultSort: { sortBy: string; sortOrder: 'asc' | 'desc' };
  /** Columns after the sort that make the order of equal rows stable across pages. */
  tieBreak: readonly string[];
}

const GROUP_TIMES = ['access_count', 'distinct_roles', 'last_signed_in_at', 'latest_grant'];

/** The review's four lists, by grouping. */
export const ACCESS_LISTS = {
  flat: {
    view: 'config_access_summary',
    columns:
      'config_id,config_name,config_type,external_group_id,external_user_id,role,user,email,user_type,created_at,last_signed_in_at,last_reviewed_at',
    sortKeys: [
      'config_name',
      'config_type',
      'user',
      'role',
      'user_type',
      'last_signed_in_at',
      'last_reviewed_at',
      'created_at',
    ],
    defaultSort: { sortBy: 'config_name', sortOrder: 'asc' },
    tieBreak: ['config_id', 'user', 'role'],
  },
  users: {
    view: 'config_access_summary_by_user',
    id: 'external_user_id',
    columns:
      'external_user_id,user,email,access_count,distinct_roles,distinct_configs,last_signed_in_at,latest_grant,config_types',
    sortKeys: ['user', 'email', 'distinct_configs', ...GROUP_TIMES],
    defaultSort: { sortBy: 'user', sortOrder: 'asc' },
    tieBreak: ['external_user_id'],
  },
  groups: {
    view: 'config_access_summary_by_group',
    id: 'external_group_id',
    columns:
      'external_group_id,group,access_count,distinct_users,distinct_roles,distinct_configs,last_signed_in_at,latest_grant,config_types',
    sortKeys: ['group', 'distinct_users', 'distinct_configs', ...GROUP_TIMES],
    defaultSort: { sortBy: 'group', sortOrder: 'asc' },
    tieBreak: ['external_group_id'],
  },
  catalog: {
    view: 'config_access_summary_by_config',
    id: 'config_id',
    columns:
      'config_id,config_name,config_type,access_count,distinct_users,distinct_roles,last_signed_in_at,latest_grant',
    sortKeys: ['config_name', 'config_type', 'distinct_users', ...GROUP_TIMES],
    defaultSort: { sortBy: 'config_name', sortOrder: 'asc' },
    tieBreak: ['config_id'],
  },
} as const satisfies Record<string, AccessList>;

export type AccessListName = keyof typeof ACCESS_LISTS;

/** The sort a list sends: the column asked for when it can sort by it, else its default. */
export function accessOrder(
  list: AccessListName,
  sortBy: string | undefined,
  sortOrder: 'asc' | 'desc' | undefined,
): { sortBy: string; sortOrder: 'asc' | 'desc' } {
  const { sortKeys, defaultSort } = ACCESS_LISTS[list];
  if (!sortBy || !(sortKeys as readonly string[]).includes(sortBy)) return defaultSort;
  return { sortBy, sortOrder: sortOrder ?? 'asc' };
}

/** `{view}?select=…&{filters}&order={sort}.nullslast,{tie break}&limit&offset`, counted. */
function accessListRequest(
  list: AccessListName,
  args: AccessSortArgs & PageArgs,
  narrow: (query: PostgrestQuery) => PostgrestQuery,
): RequestArgs {
  const { view, columns, tieBreak } = ACCESS_LISTS[list];
  const { sortBy, sortOrder } = accessOrder(list, args.sortBy, args.sortOrder);
  let query = narrow(pg(view).select(columns)).order(sortBy, sortOrder, { nulls: 'last' });
  for (const column of tieBreak) if (column !== sortBy) query = query.order(column, 'asc');
  return query.range(args.pageIndex, args.pageSize).count().toRequest();
}

/** Each set value as `{column}=eq.{value}`. */
function equalTo(query: PostgrestQuery, filters: Array<[string, string | undefined]>) {
  return filters.reduce((next, [column, value]) => (value ? next.eq(column, value) : next), query);
}

/**
 * `config_access_summary?select=…[&config_type][&external_user_id][&role][&user_type]
 * [&config_id][&external_group_id]&order={sort}.nullslast,…&limit&offset` (`eq.` each),
 * `Prefer: count=exact`.
 */
export function accessSummaryRequest(args: AccessSummaryArgs): RequestArgs {
  return accessListRequest('flat', args, (query) =>
    equalTo(query, [
      ['config_type', args.configType],
      ['external_user_id', args.userId],
      ['role', args.role],
      ['user_type', args.userType],
      ['config_id', args.configId],
      ['external_group_id', args.groupId],
    ]),
  );
}

/** The `ids` narrowing of a grouped list, as `{id column}=in.(…)`. */
function onlyIds(query: PostgrestQuery, list: AccessListName, ids: readonly string[] | undefined) {
  const column = (ACCESS_LISTS[list] as AccessList).id;
  return ids && column ? query.in(column, ids) : query;
}

/**
 * `config_access_summary_by_user?select=…[&external_user_id=eq.][&config_types=cs.{type}]
 * [&external_user_id=in.(…)]&order=…&limit&offset`, counted.
 */
export function accessByUserRequest(args: AccessGroupsArgs): RequestArgs {
  return accessListRequest('users', args, (query) => {
    let next = equalTo(query, [['external_user_id', args.userId]]);
    if (args.configType) next = next.cs('config_types', [args.configType]);
    return onlyIds(next, 'users', args.ids);
  });
}

/**
 * `config_access_summary_by_group?select=…[&config_types=cs.{type}]
 * [&external_group_id=in.(…)]&order=…&limit&offset`, counted.
 */
export function accessByGroupRequest(args: AccessGroupsArgs): RequestArgs {
  return accessListRequest('groups', args, (query) => {
    const next = args.configType ? query.cs('config_types', [args.configType]) : query;
    return onlyIds(next, 'groups', args.ids);
  });
}

/**
 * `config_access_summary_by_config?select=…[&config_type=eq.][&config_id=in.(…)]
 * &order=…&limit&offset`, counted.
 */
export function accessByConfigRequest(args: AccessGroupsArgs): RequestArgs {
  return accessListRequest('catalog', args, (query) =>
    onlyIds(equalTo(query, [['config_type', args.configType]]), 'catalog', args.ids),
  );
}

/** The RPC's arguments: each set filter, none other (an absent one is the RPC's default null). */
export function accessFilterOptionsBody(filters: AccessFilters): Record<string, string> {
  const body: Record<string, string> = {};
  const set: Array<[string, string | undefined]> = [
    ['p_config_type', filters.configType],
    ['p_user_id', filters.userId],
    ['p_role', filters.role],
    ['p_user_type', filters.userType],
  ];
  for (const [key, value] of set) if (value) body[key] = value;
  return body;
}

/**
 * `GET rpc/config_access_filter_options?p_config_type=&p_user_id=&p_role=&p_user_type=`: a read
 * (the function is STABLE), so a reader without write access may ask it; a POST to an RPC is a
 * write to the backend's RBAC.
 */
export function accessFilterOptionsRequest(filters: AccessFilters): RequestArgs {
  let query = pg('rpc/config_access_filter_options');
  for (const [key, value] of Object.entries(accessFilterOptionsBody(filters))) {
    query = query.param(key, value);
  }
  return query.toRequest();
}

/** The columns of an item's sign-ins, with the external user's name embedded. */
export const ACCESS_LOG_COLUMNS =
  'config_id,external_user_id,scraper_id,mfa,properties,count,created_at';
export const ACCESS_LOG_USER = 'external_user:external_users(name,email,user_type)';

/**
 * `config_access_logs?select=…,external_user:external_users(name,email,user_type)
 * &config_id=eq.{id}&order=created_at.desc&limit&offset`, counted.
 */
export function configAccessLogsRequest({
  configId,
  pageIndex,
  pageSize,
}: ConfigAccessLogsArgs): RequestArgs {
  return pg('config_access_logs')
    .select(ACCESS_LOG_COLUMNS, ACCESS_LOG_USER)
    .eq('config_id', configId)
    .order('created_at', 'desc')
    .order('external_user_id', 'asc')
    .range(pageIndex, pageSize)
    .count()
    .toRequest();
}

/** `{relation}?select=config_id&config_id=eq.{id}&limit=1`, counted: how many rows it has. */
export function configRowCountRequest(relation: string, configId: string): RequestArgs {
  return pg(relation).select('config_id').eq('config_id', configId).limit(1).count().toRequest();
}

/** The columns an identity action reads of an external user. */
export const EXTERNAL_USER_COLUMNS = 'id,name,email,aliases';

/** `external_users?select=id,name,email,aliases&id=eq.{id}`: one external user and its aliases. */
export function externalUserRequest(id: string): RequestArgs {
  return pg('external_users').select(EXTERNAL_USER_COLUMNS).eq('id', id).toRequest();
}

export interface ExternalUserSearchArgs {
  /** The typed text (never empty). */
  search: string;
  /** A user the search leaves out (the one being merged). */
  exceptId?: string;
}

/**
 * `external_users?select=id,name,email,aliases&deleted_at=is.null[&id=neq.{except}]
 * &or=(name.ilike.*{text}*,email.ilike.*{text}*)&order=name.asc&limit=50`.
 */
export function externalUserSearchRequest({
  search,
  exceptId,
}: ExternalUserSearchArgs): RequestArgs {
  let query = pg('external_users').select(EXTERNAL_USER_COLUMNS).is('deleted_at', null);
  if (exceptId) query = query.neq('id', exceptId);
  return query
    .or(['name', 'email'].map((column) => pgCondition(column, 'ilike', pgContains(search))))
    .order('name', 'asc')
    .limit(PICKER_RESULTS_LIMIT)
    .toRequest();
}

export interface AddAliasArgs {
  externalUserId: string;
  /** The alias as typed; sent trimmed. */
  alias: string;
}

/** `POST rpc/add_external_user_alias` with `{p_external_user_id, p_alias}`. */
export function addAliasRequest({ externalUserId, alias }: AddAliasArgs): RequestArgs {
  return {
    url: pg('rpc/add_external_user_alias').toRequest().url,
    method: 'POST',
    body: { p_external_user_id: externalUserId, p_alias: alias.trim() },
    prefer: false,
  };
}

export interface MergeUsersArgs {
  /** The user kept. */
  primaryId: string;
  /** The user merged into it and removed. */
  duplicateId: string;
}

/** `POST rpc/merge_external_users` with `{p_primary_id, p_duplicate_id}`; answers the kept id. */
export function mergeUsersRequest({ primaryId, duplicateId }: MergeUsersArgs): RequestArgs {
  return {
    url: pg('rpc/merge_external_users').toRequest().url,
    method: 'POST',
    body: { p_primary_id: primaryId, p_duplicate_id: duplicateId },
    prefer: false,
  };
}

const ACCESS_LIST_TAG = { type: 'ConfigAccess', id: 'LIST' } as const;

/** What the access page's Refresh reloads: every access list read. */
export const configAccessTags = ['ConfigAccess'] as const;

/** An item's access and sign-ins, refetched with the item. */
const itemTags = (configId: string) => [
  ACCESS_LIST_TAG,
  { type: 'ConfigAccess' as const, id: `config:${configId}` },
];

export const configAccessApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The flat list (`config_access_summary`), a page at a time. */
    getAccessSummary: build.query<ItemPage<AccessRow>, AccessSummaryArgs, AccessRow[]>({
      query: accessSummaryRequest,
      rawResponseSchema: responseSchema(AccessRowsStruct, 'GET /api/db/config_access_summary'),
      transformResponse: pageOf('rows'),
      providesTags: (_page, _error, args) =>
        args.configId ? itemTags(args.configId) : [ACCESS_LIST_TAG],
    }),
    /** Access by user (`config_access_summary_by_user`). */
    getAccessByUser: build.query<ItemPage<AccessByUser>, AccessGroupsArgs, AccessByUser[]>({
      query: accessByUserRequest,
      rawResponseSchema: responseSchema(
        AccessByUserRowsStruct,
        'GET /api/db/config_access_summary_by_user',
      ),
      transformResponse: pageOf('rows'),
      providesTags: [ACCESS_LIST_TAG],
    }),
    /** Access by group (`config_access_summary_by_group`). */
    getAccessByGroup: build.query<ItemPage<AccessByGroup>, AccessGroupsArgs, AccessByGroup[]>({
      query: accessByGroupRequest,
      rawResponseSchema: responseSchema(
        AccessByGroupRowsStruct,
        'GET /api/db/config_access_summary_by_group',
      ),
      transformResponse: pageOf('rows'),
      providesTags: [ACCESS_LIST_TAG],
    }),
    /** Access by config item (`config_access_summary_by_config`). */
    getAccessByConfig: build.query<ItemPage<AccessByConfig>, AccessGroupsArgs, AccessByConfig[]>({
      query: accessByConfigRequest,
      rawResponseSchema: responseSchema(
        AccessByConfigRowsStruct,
        'GET /api/db/config_access_summary_by_config',
      ),
      transformResponse: pageOf('rows'),
      providesTags: [ACCESS_LIST_TAG],
    }),
    /** The filters' options, each narrowed by the other filters. */
    getAccessFilterOptions: build.query<AccessFilterOptions, AccessFilters>({
      query: accessFilterOptionsRequest,
      responseSchema: responseSchema(
        AccessFilterOptionsStruct,
        'GET /api/db/rpc/config_access_filter_options',
      ),
      providesTags: [ACCESS_LIST_TAG],
    }),
    /** An item's sign-ins, newest first. */
    getConfigAccessLogs: build.query<ItemPage<AccessLog>, ConfigAccessLogsArgs, AccessLog[]>({
      query: configAccessLogsRequest,
      rawResponseSchema: responseSchema(AccessLogsStruct, 'GET /api/db/config_access_logs'),
      transformResponse: pageOf('rows'),
      providesTags: (_page, _error, args) => itemTags(args.configId),
    }),
    /** How many access rows an item has (its Access tab's count). */
    getConfigAccessCount: build.query<number, string, Array<{ config_id: string }>>({
      query: (configId) => configRowCountRequest('config_access_summary', configId),
      rawResponseSchema: responseSchema(CountedRowsStruct, 'GET /api/db/config_access_summary'),
      transformResponse: totalOf,
      providesTags: (_count, _error, configId) => itemTags(configId),
    }),
    /** How many sign-in rows an item has (its Access Logs tab's count). */
    getConfigAccessLogCount: build.query<number, string, Array<{ config_id: string }>>({
      query: (configId) => configRowCountRequest('config_access_logs', configId),
      rawResponseSchema: responseSchema(CountedRowsStruct, 'GET /api/db/config_access_logs'),
      transformResponse: totalOf,
      providesTags: (_count, _error, configId) => itemTags(configId),
    }),
    /** One external user with its aliases; null when there is none. */
    getExternalUser: build.query<ExternalUser | null, string, ExternalUser[]>({
      query: externalUserRequest,
      rawResponseSchema: responseSchema(ExternalUsersStruct, 'GET /api/db/external_users'),
      transformResponse: firstRowOrNull,
      providesTags: (_user, _error, id) => [{ type: 'ConfigAccess', id: `user:${id}` }],
    }),
    /** The external users whose name or email holds the typed text (a picker's search). */
    searchExternalUsers: build.query<ExternalUser[], ExternalUserSearchArgs>({
      query: externalUserSearchRequest,
      responseSchema: responseSchema(ExternalUsersStruct, 'GET /api/db/external_users'),
      providesTags: [ACCESS_LIST_TAG],
      keepUnusedDataFor: 30,
    }),
    /** Adds an alias to an external user; every access list and user read is refreshed. */
    addExternalUserAlias: build.mutation<ExternalUserAlias, AddAliasArgs>({
      query: addAliasRequest,
      responseSchema: responseSchema(
        ExternalUserAliasStruct,
        'POST /api/db/rpc/add_external_user_alias',
      ),
      invalidatesTags: [...configAccessTags],
    }),
    /** Merges the duplicate into the primary user; answers the kept id. */
    mergeExternalUsers: build.mutation<string, MergeUsersArgs>({
      query: mergeUsersRequest,
      responseSchema: responseSchema(string(), 'POST /api/db/rpc/merge_external_users'),
      invalidatesTags: [...configAccessTags],
    }),
  }),
});

export const {
  useGetAccessSummaryQuery,
  useGetAccessByUserQuery,
  useGetAccessByGroupQuery,
  useGetAccessByConfigQuery,
  useGetAccessFilterOptionsQuery,
  useGetConfigAccessLogsQuery,
  useGetConfigAccessCountQuery,
  useGetConfigAccessLogCountQuery,
  useGetExternalUserQuery,
  useSearchExternalUsersQuery,
  useAddExternalUserAliasMutation,
} = configAccessApi;
