/**
 * Log backends (api.md §18): the list (LOG-02), one backend by id (INT-02), and create, update
 * and soft delete through the generic settings writes (LOG-03, §21).
 */
import { baseApi } from '../baseApi';
import { firstRowOrNull } from '../pages';
import type { RequestArgs } from '../baseQuery';
import { defineOutcomes } from '../outcomes';
import { pg, AVATAR_COLUMNS, pgInsert } from '../postgrest';
import type { LogBackendRow } from '../schemas/logBackends';
import { LogBackendRowsStruct } from '../schemas/logBackends';
import { responseSchema } from '../validate';

const TABLE = 'logging_backends';

/** The toasts of the writes. */
export const LOG_BACKEND_MESSAGES = {
  created: 'Log Backend created successfully',
  updated: 'Log Backend updated successfully',
  deleted: 'Log Backend deleted successfully',
  missing: 'The log backend no longer exists.',
} as const;

/**
 * LOG-02: `order=created_at.desc&select=id,spec,name,source,created_at,updated_at,
 * created_by(A)&deleted_at=is.null`.
 */
export function logBackendsRequest(): RequestArgs {
  return pg(TABLE)
    .order('created_at', 'desc')
    .select(`id,spec,name,source,created_at,updated_at,created_by(${AVATAR_COLUMNS})`)
    .is('deleted_at', null)
    .toRequest();
}

/** INT-02: `logging_backends?id=eq.{id}`, every column (labels included). */
export function logBackendRequest(id: string): RequestArgs {
  return pg(TABLE).eq('id', id).toRequest();
}

/** What the form saves: its values, with the id of the backend being updated. */
export interface SaveLogBackendArgs {
  /** Absent: create (POST, stamped with `created_by`); present: update (PATCH by id). */
  id?: string;
  /** The columns to write: name, labels, spec (and for an update the stored row's others). */
  values: Record<string, unknown>;
}

const byId = (id: string) => pg(TABLE).eq('id', id).toRequest().url;

/** LOG-03: POST a new backend, or PATCH the one with `id`. */
export function saveLogBackendRequest({ id, values }: SaveLogBackendArgs): RequestArgs {
  if (id === undefined) {
    return pgInsert(TABLE, values);
  }
  return { url: byId(id), method: 'PATCH', body: values, notFound: LOG_BACKEND_MESSAGES.missing };
}

const listTag = { type: 'LogBackends' as const, id: 'LIST' };

export const logBackendsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** LOG-02: the backends that are not deleted, newest first. */
    getLogBackends: build.query<LogBackendRow[], void>({
      query: logBackendsRequest,
      responseSchema: responseSchema(LogBackendRowsStruct, `GET /api/db/${TABLE}`),
      providesTags: (rows) => [
        listTag,
        ...(rows ?? []).map((row) => ({ type: 'LogBackends' as const, id: row.id })),
      ],
    }),
    /** INT-02: one backend; null when there is none. */
    getLogBackend: build.query<LogBackendRow | null, string, LogBackendRow[]>({
      query: logBackendRequest,
      rawResponseSchema: responseSchema(LogBackendRowsStruct, `GET /api/db/${TABLE}`),
      transformResponse: firstRowOrNull,
      providesTags: (_row, _error, id) => [{ type: 'LogBackends', id }],
    }),
    /** LOG-03: create or update. */
    saveLogBackend: build.mutation<LogBackendRow[], SaveLogBackendArgs>({
      query: saveLogBackendRequest,
      responseSchema: responseSchema(LogBackendRowsStruct, `POST|PATCH /api/db/${TABLE}`),
      invalidatesTags: (_rows, _error, { id }) => [
        listTag,
        { type: 'Integrations', id: 'LIST' },
        ...(id === undefined ? [] : [{ type: 'LogBackends' as const, id }]),
      ],
    }),
    /** §21 `deleteResource`: soft, `deleted_at` set by the database's clock. */
    deleteLogBackend: build.mutation<LogBackendRow[], string>({
      query: (id) => ({
        url: byId(id),
        method: 'PATCH',
        body: { deleted_at: 'now()' },
        notFound: LOG_BACKEND_MESSAGES.missing,
      }),
      responseSchema: responseSchema(LogBackendRowsStruct, `PATCH /api/db/${TABLE}`),
      invalidatesTags: (_rows, _error, id) => [
        listTag,
        { type: 'LogBackends', id },
        { type: 'Integrations', id: 'LIST' },
      ],
    }),
  }),
});

defineOutcomes(logBackendsApi, {
  saveLogBackend: {
    success: ({ id }) =>
      id === undefined ? LOG_BACKEND_MESSAGES.created : LOG_BACKEND_MESSAGES.updated,
  },
  deleteLogBackend: { success: LOG_BACKEND_MESSAGES.deleted, failure: 'toast' },
});

export const {
  useGetLogBackendsQuery,
  useGetLogBackendQuery,
  useSaveLogBackendMutation,
  useDeleteLogBackendMutation,
} = logBackendsApi;

// ---------------------------------------------------------------- page tags

/** What the log backends page's Refresh reloads. */
export const logBackendTags = [{ type: 'LogBackends', id: 'LIST' }] as const;
