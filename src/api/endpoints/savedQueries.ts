/**
 * The catalog's query builder (api.md CAT-38..42): a query's rows (`/api/config/query`) and the
 * saved queries (`saved_query`): the list, create, rename and delete.
 */
import { baseApi } from '../baseApi';
import type { RequestArgs } from '../baseQuery';
import { editOutcomes, defineOutcomes } from '../outcomes';
import { pg, pgInsert } from '../postgrest';
import type { ConfigListItem } from '../schemas/catalog';
import type { ConfigQueryAnswer, SavedQuery } from '../schemas/savedQueries';
import { ConfigQueryStruct, SavedQueriesStruct } from '../schemas/savedQueries';
import { responseSchema } from '../validate';

const TABLE = 'saved_query';

/** The toasts of the writes. */
export const SAVED_QUERY_MESSAGES = {
  created: 'Query saved successfully',
  updated: 'Query updated successfully',
  deleted: 'Query deleted successfully',
  missing: 'The saved query no longer exists.',
} as const;

/**
 * CAT-38: `GET /api/config/query?query={text}`. The text is sent as it is typed, not
 * URL-encoded, except the characters that would otherwise end it or change it on the way:
 * `%`, `&`, `#` and `+`, and line breaks and tabs (which an address drops).
 */
export function configQueryRequest(text: string): RequestArgs {
  const kept = text.replace(/[%&#+\t\r\n]/g, (char) => encodeURIComponent(char));
  return { url: `/api/config/query?query=${kept}` };
}

/** A JSON column's text as its object; text that is not JSON is kept as it is. */
function parsedJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** A JSON text that is an object of strings, as the list's tag and label cells take it. */
function stringMap(value: unknown): Record<string, unknown> | null {
  const parsed = parsedJson(value);
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : null;
}

/**
 * The rows of CAT-38 as catalog list rows: `tags` and `labels` parsed from their JSON text
 * (as the console parses `tags`), and a row without an id (a query that selects none) named
 * by its place.
 */
export function configQueryRows(answer: ConfigQueryAnswer): ConfigListItem[] {
  return answer.results.map((row, index) => ({
    ...row,
    id: row.id ?? `row-${index + 1}`,
    tags: stringMap(row.tags),
    labels: stringMap(row.labels),
  }));
}

/** The count a `SELECT count(*)` query answers: its one row's `count`. */
export function queryCount(answer: ConfigQueryAnswer): number {
  const [row] = answer.results as Array<Record<string, unknown>>;
  const value = Number(row?.count);
  return Number.isFinite(value) ? value : 0;
}

/** What Save writes: the query's text and the name it is listed under. */
export interface CreateSavedQueryArgs {
  query: string;
  description: string;
}

/** What an edit writes: the name, the text, or both, of the query with `id`. */
export interface UpdateSavedQueryArgs {
  id: string;
  query?: string;
  description?: string;
}

const byId = (id: string) => pg(TABLE).eq('id', id).toRequest().url;

const LIST_TAG = { type: 'SavedQueries', id: 'LIST' } as const;

/** What the queries page's Refresh reloads: the saved queries and the rows of queries. */
export const savedQueryTags = [LIST_TAG, { type: 'Configs', id: 'LIST' }] as const;

export const savedQueriesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** CAT-38: the catalog rows a query selects, tags and labels read from their JSON text. */
    getConfigsByQuery: build.query<ConfigListItem[], string, ConfigQueryAnswer>({
      query: configQueryRequest,
      rawResponseSchema: responseSchema(ConfigQueryStruct, 'GET /api/config/query'),
      transformResponse: configQueryRows,
      providesTags: [{ type: 'Configs', id: 'LIST' }],
    }),
    /** CAT-38 with a `SELECT count(*)` query: how many items a query would select. */
    getConfigQueryCount: build.query<number, string, ConfigQueryAnswer>({
      query: configQueryRequest,
      rawResponseSchema: responseSchema(ConfigQueryStruct, 'GET /api/config/query'),
      transformResponse: queryCount,
      providesTags: [{ type: 'Configs', id: 'LIST' }],
    }),
    /** CAT-39: every saved query. */
    getSavedQueries: build.query<SavedQuery[], void>({
      query: () => pg(TABLE).toRequest(),
      responseSchema: responseSchema(SavedQueriesStruct, `GET /api/db/${TABLE}`),
      providesTags: (rows) => [
        LIST_TAG,
        ...(rows ?? []).map((row) => ({ type: 'SavedQueries' as const, id: row.id })),
      ],
    }),
    /** CAT-40 */
    createSavedQuery: build.mutation<SavedQuery[], CreateSavedQueryArgs>({
      query: (body) => pgInsert(TABLE, body),
      responseSchema: responseSchema(SavedQueriesStruct, `POST /api/db/${TABLE}`),
      invalidatesTags: [LIST_TAG],
    }),
    /** CAT-41: the fields given, on the row with `id`. */
    updateSavedQuery: build.mutation<SavedQuery[], UpdateSavedQueryArgs>({
      query: ({ id, ...body }) => ({
        url: byId(id),
        method: 'PATCH',
        body,
        notFound: SAVED_QUERY_MESSAGES.missing,
      }),
      responseSchema: responseSchema(SavedQueriesStruct, `PATCH /api/db/${TABLE}`),
      invalidatesTags: (_rows, _error, { id }) => [LIST_TAG, { type: 'SavedQueries', id }],
    }),
    /** CAT-42 */
    deleteSavedQuery: build.mutation<SavedQuery[], string>({
      query: (id) => ({ url: byId(id), method: 'DELETE', notFound: SAVED_QUERY_MESSAGES.missing }),
      responseSchema: responseSchema(SavedQueriesStruct, `DELETE /api/db/${TABLE}`),
      invalidatesTags: (_rows, _error, id) => [LIST_TAG, { type: 'SavedQueries', id }],
    }),
  }),
});

defineOutcomes(savedQueriesApi, editOutcomes('SavedQuery', SAVED_QUERY_MESSAGES));

export const {
  useGetConfigsByQueryQuery,
  useGetConfigQueryCountQuery,
  useGetSavedQueriesQuery,
  useCreateSavedQueryMutation,
  useUpdateSavedQueryMutation,
  useDeleteSavedQueryMutation,
} = savedQueriesApi;
