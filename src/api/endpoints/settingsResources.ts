import { baseApi } from '../baseApi';
import type { TagType } from '../baseApi';
import { defineOutcomes } from '../outcomes';
import { pg, AVATAR_COLUMNS } from '../postgrest';
import type { PgOrderDirection } from '../postgrest';
import type { SettingsResource } from '../schemas/settingsResources';
import { SettingsResourcesStruct } from '../schemas/settingsResources';
import { responseSchema } from '../validate';
import { pageOf, firstRowOrNull } from '../pages';

/**
 * The generic settings resources of api.md §21: one list, detail, create, update and soft
 * delete for every table the settings editors serve (teams, incident_rules, canaries,
 * topologies, config_scrapers). All of them live under the one PostgREST prefix.
 */

/** The agent embed, sent only when listing topologies. */
const AGENT_EMBED = 'agent:agent_id(id,name,description)';

/** How many rows a list reads. */
export const RESOURCE_LIST_LIMIT = 100;

/** The order of a list when its table is not sorted. */
export const DEFAULT_RESOURCE_ORDER = { column: 'created_at', direction: 'desc' } as const;

/** Tables listed from themselves; every other is listed from `{table}_with_status`. */
const PLAIN_LIST_TABLES: ReadonlySet<string> = new Set([
  'incident_rules',
  'connections',
  'applications',
]);

/** The relation a table is listed from (api.md §21). */
export function listRelationOf(table: string): string {
  return PLAIN_LIST_TABLES.has(table) ? table : `${table}_with_status`;
}

/** Whether a table's list embeds the agent (only topologies). */
export function listEmbedsAgent(table: string): boolean {
  return table === 'topologies';
}

/** The tags other pages read the same rows under, refreshed when a row is written. */
const RELATED_TAGS: Readonly<Record<string, TagType>> = {
  teams: 'Teams',
  canaries: 'Canaries',
  topologies: 'Topologies',
};

export interface ListSettingsResourcesArgs {
  table: string;
  /** The sorted column; default `created_at` descending. */
  sortBy?: string | undefined;
  sortOrder?: PgOrderDirection | undefined;
}

export interface SettingsResourceArgs {
  table: string;
  id: string;
}

/** What each write names for its toast: the table's display name ("Topology"). */
interface Named {
  displayName: string;
}

export interface CreateSettingsResourceArgs extends Named {
  table: string;
  /** The form's values; `created_by` is added from the signed-in user. */
  values: Record<string, unknown>;
  /** The caller announces the success itself (with a follow-up of its own). */
  quiet?: boolean;
}

export interface UpdateSettingsResourceArgs extends Named {
  table: string;
  id: string;
  /** The stored resource overlaid by the form's values. */
  resource: Record<string, unknown>;
}

export interface DeleteSettingsResourceArgs extends Named {
  table: string;
  id: string;
  /** Removes the row (`DELETE`), for tables deleted for good (views, VIEW-03); default soft. */
  hard?: boolean;
}

export interface PagedSettingsResourcesArgs extends ListSettingsResourcesArgs {
  pageIndex: number;
  pageSize: number;
}

/** A page of a table's records and the total from `Content-Range`. */
export interface SettingsResourcePage {
  rows: SettingsResource[];
  total: number;
}

/** The toasts of the writes ("Topology updated successfully"). */
export const RESOURCE_MESSAGES = {
  created: (displayName: string) => `${displayName} created successfully`,
  updated: (displayName: string) => `${displayName} updated successfully`,
  deleted: (displayName: string) => `${displayName} deleted successfully`,
  missing: (displayName: string) => `The ${displayName.toLowerCase()} no longer exists.`,
} as const;

/** §21 `getAll`: `select`, `order`, `deleted_at=is.null`, `limit=100`, in that order. */
export function listSettingsResourcesRequest({
  table,
  sortBy,
  sortOrder,
}: ListSettingsResourcesArgs) {
  const column = sortBy || DEFAULT_RESOURCE_ORDER.column;
  const direction = sortBy ? (sortOrder ?? 'asc') : DEFAULT_RESOURCE_ORDER.direction;
  const select = [
    `*`,
    `created_by(${AVATAR_COLUMNS})`,
    ...(listEmbedsAgent(table) ? [AGENT_EMBED] : []),
  ];
  return pg(listRelationOf(table))
    .select(...select)
    .order(column, direction)
    .is('deleted_at', null)
    .limit(RESOURCE_LIST_LIMIT)
    .toRequest();
}

/**
 * A page of a table read from the table itself, with the total (VIEW-01 for views):
 * `select=*&deleted_at=is.null&limit&offset&order={col}.{dir}`, `Prefer: count=exact`.
 */
export function pagedSettingsResourcesRequest({
  table,
  sortBy,
  sortOrder,
  pageIndex,
  pageSize,
}: PagedSettingsResourcesArgs) {
  const column = sortBy || DEFAULT_RESOURCE_ORDER.column;
  const direction = sortBy ? (sortOrder ?? 'asc') : DEFAULT_RESOURCE_ORDER.direction;
  return pg(table)
    .select('*')
    .is('deleted_at', null)
    .limit(pageSize)
    .offset(pageIndex * pageSize)
    .order(column, direction)
    .count()
    .toRequest();
}

const byId = (table: string, id: string) => pg(table).eq('id', id).toRequest().url;

const listTag = (table: string) => ({ type: 'SettingsResources' as const, id: `${table}:LIST` });

/** What a settings table's list Refresh reloads: the table's rows. */
export function settingsResourceListTags(table: string) {
  return [listTag(table)];
}
const rowTag = (table: string, id: string) => ({
  type: 'SettingsResources' as const,
  id: `${table}:${id}`,
});
const relatedTags = (table: string) => {
  const related = RELATED_TAGS[table];
  return related ? [{ type: related, id: 'LIST' }] : [];
};

/** What a write of one row changes: the table's list, the row, and the lists that show it. */
const rowWriteTags = (table: string, id: string) => [
  listTag(table),
  rowTag(table, id),
  ...relatedTags(table),
];

/** A write of one row by id, failing with "no longer exists" when it matches none. */
const rowWrite = (table: string, id: string, displayName: string) => ({
  url: byId(table, id),
  notFound: RESOURCE_MESSAGES.missing(displayName),
});

export const settingsResourcesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** §21 `getAll`. */
    getSettingsResources: build.query<SettingsResource[], ListSettingsResourcesArgs>({
      query: listSettingsResourcesRequest,
      responseSchema: responseSchema(SettingsResourcesStruct, 'GET /api/db/{list relation}'),
      providesTags: (rows, _error, { table }) => [
        listTag(table),
        ...(rows ?? []).map((row) => rowTag(table, row.id)),
      ],
    }),
    /** A page of a table's records with the total (VIEW-01). */
    getPagedSettingsResources: build.query<
      SettingsResourcePage,
      PagedSettingsResourcesArgs,
      SettingsResource[]
    >({
      query: pagedSettingsResourcesRequest,
      rawResponseSchema: responseSchema(SettingsResourcesStruct, 'GET /api/db/{table}'),
      transformResponse: pageOf('rows', 'total'),
      providesTags: (page, _error, { table }) => [
        listTag(table),
        ...(page?.rows ?? []).map((row) => rowTag(table, row.id)),
      ],
    }),
    /** §21 `getResource`: the first row, null when there is none. */
    getSettingsResource: build.query<SettingsResource | null, SettingsResourceArgs>({
      query: ({ table, id }) => byId(table, id),
      rawResponseSchema: responseSchema(SettingsResourcesStruct, 'GET /api/db/{table}'),
      transformResponse: firstRowOrNull,
      providesTags: (_row, _error, { table, id }) => [rowTag(table, id)],
    }),
    /** §21 `createResource`: the values plus `created_by`. */
    createSettingsResource: build.mutation<SettingsResource[], CreateSettingsResourceArgs>({
      query: ({ table, values }) => ({
        url: pg(table).toRequest().url,
        method: 'POST',
        body: values,
        stamp: 'created_by',
      }),
      responseSchema: responseSchema(SettingsResourcesStruct, 'POST /api/db/{table}'),
      invalidatesTags: (_rows, _error, { table }) => [listTag(table), ...relatedTags(table)],
    }),
    /** §21 `updateResource`: the merged resource. */
    updateSettingsResource: build.mutation<SettingsResource[], UpdateSettingsResourceArgs>({
      query: ({ table, id, resource, displayName }) => ({
        ...rowWrite(table, id, displayName),
        method: 'PATCH',
        body: resource,
      }),
      responseSchema: responseSchema(SettingsResourcesStruct, 'PATCH /api/db/{table}'),
      invalidatesTags: (_rows, _error, { table, id }) => rowWriteTags(table, id),
    }),
    /**
     * §21 `deleteResource`: soft, `deleted_at` set by the database's clock; or, for a table
     * deleted for good, `DELETE` by id (VIEW-03).
     */
    deleteSettingsResource: build.mutation<SettingsResource[], DeleteSettingsResourceArgs>({
      query: ({ table, id, displayName, hard }) =>
        hard
          ? { ...rowWrite(table, id, displayName), method: 'DELETE' }
          : { ...rowWrite(table, id, displayName), method: 'PATCH', body: { deleted_at: 'now()' } },
      responseSchema: responseSchema(SettingsResourcesStruct, 'PATCH /api/db/{table}'),
      invalidatesTags: (_rows, _error, { table, id }) => rowWriteTags(table, id),
    }),
  }),
});

defineOutcomes(settingsResourcesApi, {
  createSettingsResource: {
    success: ({ displayName }) => RESOURCE_MESSAGES.created(displayName),
    quiet: ({ quiet }) => quiet === true,
  },
  updateSettingsResource: { success: ({ displayName }) => RESOURCE_MESSAGES.updated(displayName) },
  deleteSettingsResource: {
    success: ({ displayName }) => RESOURCE_MESSAGES.deleted(displayName),
    failure: 'toast',
  },
});

export const {
  useGetSettingsResourcesQuery,
  useGetPagedSettingsResourcesQuery,
  useGetSettingsResourceQuery,
  useCreateSettingsResourceMutation,
  useUpdateSettingsResourceMutation,
  useDeleteSettingsResourceMutation,
} = settingsResourcesApi;
