/**
 * Views (api.md §17): a view evaluated for its variables (VIEW-02), its metadata with its
 * sections' views, the dashboard view, its materialised table a page at a time (VIEW-05), the
 * views of a config (VIEW-06), a view's id from its name (VIEW-07/08), and the variables a
 * config item gives a view of its tabs. The sidebar's list
 * (VIEW-04) is in `sidebarViews.ts`.
 */
import type { SortOrder } from '../../lib/listState';
import { baseApi } from '../baseApi';
import type { RequestArgs, ResponseMeta } from '../baseQuery';
import { pageOf } from '../pages';
import type { ApiError } from '../errors';
import { pg } from '../postgrest';
import type { ConfigView, ViewMetadata, ViewResult } from '../schemas/views';
import {
  ConfigViewsStruct,
  DisplayPluginVariablesStruct,
  ViewIdsStruct,
  ViewMetadataStruct,
  ViewResultStruct,
  ViewTableRowsStruct,
} from '../schemas/views';
import { is } from 'superstruct';
import { responseSchema } from '../validate';

/** Rows a page of a view's table shows unless the address says otherwise (spec 000 §9). */
export const VIEW_TABLE_PAGE_SIZE = 50;

/** The header of a forced re-evaluation (api.md §2.1, VIEW-02). */
export const FORCE_REFRESH_HEADERS = { 'cache-control': 'max-age=1' } as const;

// ----------------------------------------------------------------------------------- VIEW-02

export interface EvaluateViewArgs {
  id: string;
  /**
   * The variables' values; `{}` for none (always sent). A multi-select variable is one text:
   * its values joined by commas, or `All` (upstream's variables are plain texts).
   */
  variables: Record<string, string>;
  /**
   * Greater than 0 for a forced re-evaluation (the Refresh button): the request carries
   * `cache-control: max-age=1`. Each press uses a new number, so it is a new request.
   */
  refresh?: number;
}

/** VIEW-02: `POST /api/view/{id}` with `{ variables }`. */
export function evaluateViewRequest({ id, variables, refresh }: EvaluateViewArgs): RequestArgs {
  return {
    url: `/api/view/${encodeURIComponent(id)}`,
    method: 'POST',
    body: { variables },
    prefer: false,
    ...(refresh ? { headers: { ...FORCE_REFRESH_HEADERS } } : {}),
  };
}

/**
 * VIEW-02's failure as the console words it: the body's `error`, else
 * `HTTP {status}: {statusText}`. Failures without a status (timeouts, network) keep theirs.
 */
export function viewError(error: ApiError, meta: ResponseMeta | undefined): ApiError {
  if (typeof error.status !== 'number') return error;
  const body = error.data;
  const reason =
    typeof body === 'object' && body !== null && 'error' in body
      ? (body as { error: unknown }).error
      : undefined;
  const message =
    typeof reason === 'string' && reason.trim() !== ''
      ? reason.trim()
      : `HTTP ${error.status}: ${meta?.statusText ?? ''}`.trimEnd();
  return { ...error, message };
}

// ----------------------------------------------------------------------------------- VIEW-05

export interface ViewTableArgs {
  namespace?: string | null;
  name: string;
  /** VIEW-02's `requestFingerprint`. */
  fingerprint: string;
  pageIndex: number;
  pageSize: number;
  sortBy?: string;
  sortOrder?: SortOrder;
  /** Column → backend filter (`a,!b`); empty values are left out. */
  filters?: Record<string, string>;
  /** A new number asks for the page again (the view's Refresh); not sent. */
  refresh?: number;
}

/** `view_{namespace}_{name}` with every `-` turned into `_`. */
export function viewTableName(namespace: string | null | undefined, name: string): string {
  return `view_${namespace ?? ''}_${name}`.replace(/-/g, '_');
}

/**
 * VIEW-05 in api.md's order: `select=*&limit&offset[&order={col}.desc.nullslast|{col}.asc]
 * [&{col}.filter=…]&request_fingerprint=eq.{fp}`, with `Prefer: count=exact`.
 */
export function viewTableRequest(args: ViewTableArgs): RequestArgs {
  let query = pg(viewTableName(args.namespace, args.name))
    .select('*')
    .range(args.pageIndex, args.pageSize);
  if (args.sortBy) {
    query =
      args.sortOrder === 'desc'
        ? query.order(args.sortBy, 'desc', { nulls: 'last' })
        : query.order(args.sortBy, 'asc');
  }
  for (const [column, value] of Object.entries(args.filters ?? {})) {
    if (value !== '') query = query.filter(column, value);
  }
  return query.eq('request_fingerprint', args.fingerprint).count().toRequest();
}

/** A page of a view's table: rows keyed by column name, and the total. */
export interface ViewTablePage {
  rows: Record<string, unknown>[];
  total: number;
}

// ------------------------------------------------------------------ display plugin variables

export interface DisplayPluginVariablesArgs {
  viewId: string;
  configId: string;
}

/** `GET /api/view/display-plugin-variables/{viewId}?config_id={configId}`. */
export function displayPluginVariablesRequest({
  viewId,
  configId,
}: DisplayPluginVariablesArgs): string {
  return `/api/view/display-plugin-variables/${encodeURIComponent(viewId)}?config_id=${encodeURIComponent(configId)}`;
}

// ------------------------------------------------------------------------------ VIEW-07/08

/** VIEW-07 (`namespace` and `name`) or VIEW-08 (`name` only): `views_summary?…&select=id`. */
export function viewIdRequest({ namespace, name }: ViewRef): RequestArgs {
  const query = namespace ? pg('views_summary').eq('namespace', namespace) : pg('views_summary');
  return query.eq('name', name).select('id').toRequest();
}

export interface ViewRef {
  namespace?: string;
  name: string;
}

// --------------------------------------------------------------------------------- endpoints

export const viewsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** VIEW-02: the view evaluated for its variables. */
    evaluateView: build.query<ViewResult, EvaluateViewArgs>({
      query: evaluateViewRequest,
      responseSchema: responseSchema(ViewResultStruct, 'POST /api/view/{id}'),
      transformErrorResponse: (error: ApiError, meta) => viewError(error, meta),
      providesTags: (_result, _error, { id }) => [{ type: 'Views', id }],
    }),
    /**
     * `GET /api/view/metadata/{id}`: the view evaluated with its default variables, with its
     * `viewRef` sections' views in `sectionResults` (keyed `namespace/name`).
     */
    getViewMetadata: build.query<ViewMetadata, string>({
      query: (id) => `/api/view/metadata/${encodeURIComponent(id)}`,
      responseSchema: responseSchema(ViewMetadataStruct, 'GET /api/view/metadata/{id}'),
      transformErrorResponse: (error: ApiError, meta) => viewError(error, meta),
      providesTags: (_result, _error, id) => [{ type: 'Views', id }],
    }),
    /**
     * `GET /api/dashboard`: the dashboard view (property `dashboard.default.view`, else the view
     * `mission-control-dashboard`) as `getViewMetadata` answers it; 404 when there is none.
     */
    getDashboard: build.query<ViewMetadata, void>({
      query: () => '/api/dashboard',
      responseSchema: responseSchema(ViewMetadataStruct, 'GET /api/dashboard'),
      transformErrorResponse: (error: ApiError, meta) => viewError(error, meta),
      providesTags: [{ type: 'Views', id: 'DASHBOARD' }],
    }),
    /** VIEW-05: a page of the view's materialised table for one evaluation. */
    getViewTable: build.query<ViewTablePage, ViewTableArgs, Record<string, unknown>[]>({
      query: viewTableRequest,
      rawResponseSchema: responseSchema(ViewTableRowsStruct, 'GET /api/db/view_{ns}_{name}'),
      transformResponse: pageOf('rows', 'total'),
      providesTags: [{ type: 'Views', id: 'TABLE' }],
    }),
    /** VIEW-06: the views that apply to a config, for its tabs. */
    getConfigViews: build.query<ConfigView[], string>({
      query: (configId) => `/api/view/list?config_id=${encodeURIComponent(configId)}`,
      responseSchema: responseSchema(ConfigViewsStruct, 'GET /api/view/list'),
      providesTags: [{ type: 'Views', id: 'LIST' }],
    }),
    /**
     * The variables a config item gives a view shown as its tab (the view's
     * `display.plugins[].variables` templated with the item); `{}` when it gives none.
     */
    getDisplayPluginVariables: build.query<Record<string, string>, DisplayPluginVariablesArgs>({
      query: displayPluginVariablesRequest,
      responseSchema: responseSchema(
        DisplayPluginVariablesStruct,
        'GET /api/view/display-plugin-variables/{id}',
      ),
      transformErrorResponse: (error: ApiError, meta) => viewError(error, meta),
      providesTags: (_result, _error, { viewId }) => [{ type: 'Views', id: viewId }],
    }),
    /** VIEW-07/08: the id of a view named by namespace and name, or name; null when none. */
    getViewId: build.query<string | null, ViewRef, Array<{ id: string }>>({
      query: viewIdRequest,
      rawResponseSchema: responseSchema(ViewIdsStruct, 'GET /api/db/views_summary'),
      transformResponse: (rows: Array<{ id: string }>) => rows[0]?.id ?? null,
      providesTags: [{ type: 'Views', id: 'LIST' }],
    }),
  }),
});

/**
 * The dashboard's answer is also the view's metadata and, when it reads as one, VIEW-02's
 * evaluation of the view with no variables: the actions that cache it as both, so `/` draws it
 * without asking either again.
 */
export function dashboardCacheActions(dashboard: ViewMetadata) {
  const actions = [
    viewsApi.util.upsertQueryEntries([
      { endpointName: 'getViewMetadata', arg: dashboard.id, value: dashboard },
    ]),
  ];
  if (is(dashboard, ViewResultStruct)) {
    actions.push(
      viewsApi.util.upsertQueryEntries([
        {
          endpointName: 'evaluateView',
          arg: { id: dashboard.id, variables: {} },
          value: dashboard,
        },
      ]),
    );
  }
  return actions;
}

export const {
  useEvaluateViewQuery,
  useGetViewMetadataQuery,
  useGetDashboardQuery,
  useGetViewTableQuery,
  useGetConfigViewsQuery,
  useGetDisplayPluginVariablesQuery,
  useGetViewIdQuery,
} = viewsApi;
