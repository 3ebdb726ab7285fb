import { baseApi } from '../baseApi';
import { firstRowOrNull } from '../pages';
import { defineOutcomes, editOutcomes } from '../outcomes';
import { pg, pgInsert } from '../postgrest';
import type { PgOrderDirection } from '../postgrest';
import type { Connection, ConnectionSummary, ConnectionTest } from '../schemas/connections';
import {
  ConnectionSummariesStruct,
  ConnectionTestStruct,
  ConnectionsStruct,
} from '../schemas/connections';
import { responseSchema } from '../validate';
import { listSettingsResourcesRequest } from './settingsResources';

/**
 * Connections (api.md §16): the list (CONN-01, the generic settings list of §21 on the table
 * itself), one row (§21 `getResource`, and CONN-03's minimal form), create, update and soft
 * delete (CONN-04/05/06), and the test (CONN-02).
 */

const TABLE = 'connections';

/** The toasts of the writes. */
export const CONNECTION_MESSAGES = {
  created: 'Connection created successfully',
  updated: 'Connection updated successfully',
  deleted: 'Connection deleted successfully',
  missing: 'The connection no longer exists.',
} as const;

export interface ListConnectionsArgs {
  /** The sorted column; default `created_at` descending. */
  sortBy?: string | undefined;
  sortOrder?: PgOrderDirection | undefined;
}

/** CONN-04 / CONN-05: the body is the form's mapping (model/connectionForm.ts). */
export interface SaveConnectionArgs {
  body: Record<string, unknown>;
}

export interface UpdateConnectionArgs extends SaveConnectionArgs {
  id: string;
}

/**
 * CONN-01: `select=*,created_by(A)`, `order`, `deleted_at=is.null`, `limit=100`, in that order,
 * from the table itself.
 */
export function listConnectionsRequest({ sortBy, sortOrder }: ListConnectionsArgs = {}) {
  return listSettingsResourcesRequest({ table: TABLE, sortBy, sortOrder });
}

const byId = (id: string) => pg(TABLE).eq('id', id);

const LIST = { type: 'Connections' as const, id: 'LIST' };
const row = (id: string) => ({ type: 'Connections' as const, id });

export const connectionsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** CONN-01. */
    getConnections: build.query<Connection[], ListConnectionsArgs>({
      query: listConnectionsRequest,
      responseSchema: responseSchema(ConnectionsStruct, 'GET /api/db/connections'),
      providesTags: (rows) => [LIST, ...(rows ?? []).map((connection) => row(connection.id))],
    }),
    /** §21 `getResource`: the whole row, null when there is none. */
    getConnection: build.query<Connection | null, string>({
      query: (id) => byId(id).toRequest().url,
      rawResponseSchema: responseSchema(ConnectionsStruct, 'GET /api/db/connections'),
      transformResponse: firstRowOrNull,
      providesTags: (_row, _error, id) => [row(id)],
    }),
    /** CONN-03: `id`, `name` and `type` of one connection, null when there is none. */
    getConnectionSummary: build.query<ConnectionSummary | null, string>({
      query: (id) => byId(id).select('id', 'name', 'type').toRequest().url,
      rawResponseSchema: responseSchema(ConnectionSummariesStruct, 'GET /api/db/connections'),
      transformResponse: firstRowOrNull,
      providesTags: (_row, _error, id) => [row(id)],
    }),
    /** CONN-04: the body plus `created_by` (the signed-in user). */
    createConnection: build.mutation<Connection[], SaveConnectionArgs>({
      query: ({ body }) => pgInsert(TABLE, body),
      responseSchema: responseSchema(ConnectionsStruct, 'POST /api/db/connections'),
      invalidatesTags: [LIST],
    }),
    /** CONN-05: the same body plus `id` and `created_by`. */
    updateConnection: build.mutation<Connection[], UpdateConnectionArgs>({
      query: ({ id, body }) => ({
        url: byId(id).toRequest().url,
        method: 'PATCH',
        body: { ...body, id },
        stamp: 'created_by',
        notFound: CONNECTION_MESSAGES.missing,
      }),
      responseSchema: responseSchema(ConnectionsStruct, 'PATCH /api/db/connections'),
      invalidatesTags: (_rows, _error, { id }) => [LIST, row(id)],
    }),
    /** CONN-06: soft, `deleted_at` set by the database's clock. */
    deleteConnection: build.mutation<Connection[], string>({
      query: (id) => ({
        url: byId(id).toRequest().url,
        method: 'PATCH',
        body: { deleted_at: 'now()' },
        notFound: CONNECTION_MESSAGES.missing,
      }),
      responseSchema: responseSchema(ConnectionsStruct, 'PATCH /api/db/connections'),
      invalidatesTags: (_rows, _error, id) => [LIST, row(id)],
    }),
    /** CONN-02: no body; a failure's `data.error` is read by the caller (model/testResult.ts). */
    testConnection: build.mutation<ConnectionTest, string>({
      query: (id) => ({
        url: `/api/connection/test/${encodeURIComponent(id)}`,
        method: 'POST',
        prefer: false,
      }),
      responseSchema: responseSchema(ConnectionTestStruct, 'POST /api/connection/test/{id}'),
    }),
  }),
});

defineOutcomes(connectionsApi, editOutcomes('Connection', CONNECTION_MESSAGES));

export const {
  useGetConnectionsQuery,
  useGetConnectionQuery,
  useGetConnectionSummaryQuery,
  useCreateConnectionMutation,
  useUpdateConnectionMutation,
  useDeleteConnectionMutation,
  useTestConnectionMutation,
} = connectionsApi;

// ---------------------------------------------------------------- page tags

/** What the connections page's Refresh reloads. */
export const connectionTags = [{ type: 'Connections', id: 'LIST' }] as const;
