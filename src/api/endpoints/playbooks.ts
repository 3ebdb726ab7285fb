import { baseApi, listTags } from '../baseApi';
import type { RequestArgs } from '../baseQuery';
import type { ApiError } from '../errors';
import { ERROR_MESSAGES, shapeError } from '../errors';
import { defineOutcomes, editOutcomes } from '../outcomes';
import { pg, pgAnd, pgCondition, AVATAR_COLUMNS, pgInsert } from '../postgrest';
import type {
  Playbook,
  PlaybookName,
  PlaybookParameter,
  PlaybookSourceConfig,
  PlaybookRun,
  PlaybookRunAction,
  PlaybookRunActionDetail,
  PlaybookRunDetail,
  PlaybookRunRetry,
  PlaybookRunStarted,
  PlaybookSpec,
  PlaybookTitle,
  RunnablePlaybook,
} from '../schemas/playbooks';
import {
  PlaybookMessageStruct,
  PlaybookNamesStruct,
  PlaybookParamsResponseStruct,
  PlaybookSourceConfigsStruct,
  PlaybookRunActionDetailsStruct,
  PlaybookRunActionsStruct,
  PlaybookRunDetailsStruct,
  PlaybookRunRetriesStruct,
  PlaybookRunStartedStruct,
  PlaybookRunsStruct,
  PlaybooksStruct,
  PlaybookTitlesStruct,
  RunnablePlaybooksStruct,
} from '../schemas/playbooks';
import { check, responseSchema } from '../validate';
import { pageOf, pageTags, firstRow, firstRowOrNull } from '../pages';

/** Where the playbook routes of mission-control are reached (api.md §1.1 `PlaybookAPI`). */
const PLAYBOOK_BASE = '/api/playbook';

/** What the playbook pages tell the user (spec 002 §8). */
export const PLAYBOOK_MESSAGES = {
  created: 'Playbook created',
  updated: 'Playbook updated',
  deleted: 'Playbook deleted',
  approved: 'Playbook run approved',
  cancelled: 'Playbook run cancelled',
} as const;

/** A resource a playbook runs on: one of the ids of PB-07, PB-08 and PB-09. */
export type PlaybookResourceKind = 'config' | 'component' | 'check';
export interface PlaybookResource {
  kind: PlaybookResourceKind;
  id: string;
}

/** The body key of each resource kind (`config_id`, …). */
export const RESOURCE_KEYS: Record<
  PlaybookResourceKind,
  'config_id' | 'component_id' | 'check_id'
> = {
  config: 'config_id',
  component: 'component_id',
  check: 'check_id',
};

/** `{ config_id: … }` for a resource, `{}` for none. */
export function resourceIds(resource: PlaybookResource | undefined): Record<string, string> {
  return resource ? { [RESOURCE_KEYS[resource.kind]]: resource.id } : {};
}

// ---------------------------------------------------------------------------------------------
// Requests

/** PB-01 */
export function playbookNamesRequest(): RequestArgs {
  return pg('playbook_names')
    .select('id,name,title,icon,category')
    .order('title', 'asc')
    .toRequest();
}

/** PB-02 */
export function playbookRequest(id: string): RequestArgs {
  return pg('playbooks').eq('id', id).select(`*,created_by(${AVATAR_COLUMNS})`).toRequest();
}

/** The catalog type of a Playbook custom resource (how config-db types the CRD's objects). */
export const PLAYBOOK_CONFIG_TYPE = 'MissionControl::Playbook';

/**
 * The config item of the Kubernetes resource a CRD playbook comes from: Mission Control saves
 * such a playbook under the resource's UID, which is also the id the catalog gives the scraped
 * resource, so it is `config_items?id=eq.{playbook id}&type=eq.MissionControl::Playbook`.
 */
export function playbookSourceConfigRequest(playbookId: string): RequestArgs {
  return pg('config_items')
    .eq('id', playbookId)
    .eq('type', PLAYBOOK_CONFIG_TYPE)
    .is('deleted_at', null)
    .select('id,name,type,config_class,tags')
    .toRequest();
}

/** PB-03 */
export function playbookTitlesRequest(ids: readonly string[]): RequestArgs {
  return pg('playbooks').in('id', ids).select('id,title,spec').toRequest();
}

/**
 * PB-07: `/api/playbook/list?{key}={id}`, the id as given (the console does not encode it).
 * Only asked with a resource: without one the backend would list every playbook.
 */
export function runnablePlaybooksRequest(resource: PlaybookResource): RequestArgs {
  return { url: `${PLAYBOOK_BASE}/list?${RESOURCE_KEYS[resource.kind]}=${resource.id}` };
}

export interface PlaybookParamsArgs {
  playbookId: string;
  resource?: PlaybookResource;
}

/** PB-08: `POST /api/playbook/{id}/params` with `{ id, config_id? | component_id? | check_id? }`. */
export function playbookParamsRequest({ playbookId, resource }: PlaybookParamsArgs): RequestArgs {
  return {
    url: `${PLAYBOOK_BASE}/${encodeURIComponent(playbookId)}/params`,
    method: 'POST',
    body: { id: playbookId, ...resourceIds(resource) },
    prefer: false,
  };
}

export interface RunPlaybookArgs {
  playbookId: string;
  resource?: PlaybookResource;
  /** The values by parameter name, as the parameter model converts them. */
  params?: Record<string, string>;
}

/** PB-09: `POST /api/playbook/run` with `{ id, {resource}_id?, params? }`. */
export function runPlaybookRequest({ playbookId, resource, params }: RunPlaybookArgs): RequestArgs {
  return {
    url: `${PLAYBOOK_BASE}/run`,
    method: 'POST',
    body: { id: playbookId, ...resourceIds(resource), ...(params ? { params } : {}) },
    prefer: false,
  };
}

export interface GetPlaybookRunsArgs {
  /** Zero-based page. */
  pageIndex: number;
  pageSize: number;
  componentId?: string;
  configId?: string;
  checkId?: string;
  status?: string;
  playbookId?: string;
  /** Both ends of the time range (ISO 8601); the range is sent only when both are known. */
  from?: string;
  to?: string;
}

export interface PlaybookRunsPage {
  runs: PlaybookRun[];
  /** From `Content-Range`; the page's length when the server sends no total. */
  totalEntries: number;
}

/** PB-10's embeds. */
export const PLAYBOOK_RUNS_SELECT =
  '*,created_by(id,name,avatar),playbooks(id,name,title,spec,icon),' +
  'component:components(id,name,icon),check:checks(id,name,icon),' +
  'config:config_items(id,name,type,config_class)';

const given = (value: string | undefined): value is string => value !== undefined && value !== '';

/** PB-10, its parameters in the order api.md gives, with `Prefer: count=exact`. */
export function playbookRunsRequest(args: GetPlaybookRunsArgs): RequestArgs {
  let query = pg('playbook_runs');
  if (given(args.componentId)) query = query.eq('component_id', args.componentId);
  if (given(args.configId)) query = query.eq('config_id', args.configId);
  if (given(args.checkId)) query = query.eq('check_id', args.checkId);
  if (given(args.status)) query = query.eq('status', args.status);
  query = query
    .is('parent_id', null)
    .range(args.pageIndex, args.pageSize)
    .order('created_at', 'desc');
  if (given(args.from) && given(args.to)) {
    query = query.or([
      pgAnd(pgCondition('start_time', 'gte', args.from), pgCondition('start_time', 'lte', args.to)),
      pgAnd(pgCondition('created_at', 'gte', args.from), pgCondition('created_at', 'lte', args.to)),
    ]);
  }
  if (given(args.playbookId)) query = query.eq('playbook_id', args.playbookId);
  return query.select(PLAYBOOK_RUNS_SELECT).count().toRequest();
}

/** PB-11's embeds. */
export const PLAYBOOK_RUN_SELECT =
  `*,created_by(${AVATAR_COLUMNS}),playbooks(id,name,title,spec),component:components(id,name,icon),` +
  'config:config_items(id,name,type,config_class),check:checks(id,name,icon),' +
  `playbook_approvals(*, person_id(${AVATAR_COLUMNS}), team_id(*))`;

/** PB-11: the run and its children. */
export function playbookRunRequest(id: string): RequestArgs {
  return pg('playbook_runs')
    .or([pgCondition('id', 'eq', id), pgCondition('parent_id', 'eq', id)])
    .select(PLAYBOOK_RUN_SELECT)
    .toRequest();
}

/** The runs that retry this one (`retry_of`), oldest first. */
export function playbookRunRetriesRequest(id: string): RequestArgs {
  return pg('playbook_runs')
    .eq('retry_of', id)
    .select('id,status,created_at')
    .order('created_at', 'asc')
    .toRequest();
}

export interface RetryPlaybookRunArgs {
  runId: string;
  /** The failed action the new run starts from. */
  actionId: string;
}

/** Retry from an action: `POST /api/playbook/run/retry/{id}` with `{ action_id }`. */
export function retryPlaybookRunRequest({ runId, actionId }: RetryPlaybookRunArgs): RequestArgs {
  return {
    url: `${PLAYBOOK_BASE}/run/retry/${encodeURIComponent(runId)}`,
    method: 'POST',
    body: { action_id: actionId },
    prefer: false,
  };
}

/** PB-12 */
export function playbookRunActionsRequest(runId: string): RequestArgs {
  return pg('rpc/get_playbook_run_actions').param('run_id', runId).toRequest();
}

/** PB-13 */
export function playbookRunActionRequest(id: string): RequestArgs {
  return pg('playbook_run_actions')
    .eq('id', id)
    .select('*,artifacts:artifacts(*)::jsonb,playbook_run:playbook_runs(spec)')
    .toRequest();
}

/**
 * MISC-04: where an artifact is read from (an image's source, or fetched for a preview); with
 * `filename`, the address that saves it under that name (the server answers it as an
 * attachment).
 */
export function artifactDownloadUrl(artifactId: string, filename?: string | null): string {
  const url = `/api/artifacts/download/${encodeURIComponent(artifactId)}`;
  return filename ? `${url}?filename=${encodeURIComponent(filename)}` : url;
}

/** PB-04: `POST /api/db/playbooks` with `name` = `title`; `created_by` is stamped on sending. */
export function createPlaybookRequest(body: CreatePlaybookBody): RequestArgs {
  return pgInsert('playbooks', { name: body.title, ...body });
}

/** PB-05: `PATCH /api/db/playbooks?id=eq.{id}` with `{ id, title, source, spec, description, icon }`. */
export function updatePlaybookRequest(body: UpdatePlaybookBody): RequestArgs {
  return { url: pg('playbooks').eq('id', body.id).toRequest().url, method: 'PATCH', body };
}

/** PB-06: the soft delete, `PATCH /api/db/playbooks?id=eq.{id}` with `{ deleted_at: "now()" }`. */
export function deletePlaybookRequest(id: string): RequestArgs {
  return {
    url: pg('playbooks').eq('id', id).toRequest().url,
    method: 'PATCH',
    body: { deleted_at: 'now()' },
  };
}

/** The file of the playbook spec's JSON schema (MISC-06). */
export const PLAYBOOK_SPEC_SCHEMA = 'playbook-spec.schema.json';

// ---------------------------------------------------------------------------------------------
// Bodies and results

/** PB-04's body; `name` is the title. The signed-in user is stamped as `created_by`. */
export interface CreatePlaybookBody {
  title: string;
  namespace?: string;
  description?: string;
  icon?: string;
  category?: string;
  spec: Record<string, unknown>;
  source?: 'UI';
}

/** PB-05's body. */
export interface UpdatePlaybookBody {
  id: string;
  title?: string;
  source?: string;
  spec?: Record<string, unknown>;
  description?: string;
  icon?: string;
}

/** PB-07 with the title and spec of each playbook from PB-03, and its icon from the spec. */
export interface PlaybookToRun extends RunnablePlaybook {
  /** The playbook's title, else its name. */
  title: string;
  icon?: string | null;
}

/** PB-11 split: the run itself and its child runs. */
export interface PlaybookRunWithChildren {
  /** Undefined when there is no run with the id. */
  run: PlaybookRunDetail | undefined;
  children: PlaybookRunDetail[];
}

/** Merges PB-03's titles and specs into PB-07's playbooks. */
export function mergePlaybookTitles(
  playbooks: readonly RunnablePlaybook[],
  titles: readonly PlaybookTitle[],
): PlaybookToRun[] {
  const byId = new Map(titles.map((row) => [row.id, row]));
  return playbooks.map((playbook) => {
    const extra = byId.get(playbook.id);
    const spec: PlaybookSpec | null | undefined = extra?.spec ?? playbook.spec;
    return {
      ...playbook,
      spec,
      title: extra?.title || playbook.title || playbook.name || playbook.id,
      icon: spec?.icon ?? playbook.icon,
    };
  });
}

/** Splits PB-11's rows into the run and its children. */
export function splitRun(rows: readonly PlaybookRunDetail[], id: string): PlaybookRunWithChildren {
  return {
    run: rows.find((row) => row.id === id),
    children: rows.filter((row) => row.parent_id === id && row.id !== id),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * PB-09's failure in the user's words (spec 002 §8): the server's `error` field, else the
 * generic message. Failures without an answer (timeout, network) keep their own words.
 */
export function runFailure(error: ApiError): ApiError {
  if (typeof error.status !== 'number') return error;
  const body = error.data;
  const reason =
    isRecord(body) && typeof body.error === 'string' && body.error.trim() !== ''
      ? body.error.trim()
      : ERROR_MESSAGES.generic;
  return { ...error, message: reason };
}

const runTags = (id: string) => [
  { type: 'PlaybookRuns' as const, id },
  { type: 'PlaybookRuns' as const, id: 'LIST' },
];

/**
 * Playbooks and their runs (api.md §12, PB-01..PB-15) and artifact previews (MISC-04).
 * Playbooks are tagged `Playbooks` (per id and `LIST`), runs `PlaybookRuns` (per id and `LIST`).
 */
export const playbooksApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** PB-01: every playbook's name, title, icon and category, by title. */
    getPlaybookNames: build.query<PlaybookName[], void>({
      query: playbookNamesRequest,
      responseSchema: responseSchema(PlaybookNamesStruct, 'GET /api/db/playbook_names'),
      providesTags: (rows) => [
        { type: 'Playbooks', id: 'LIST' },
        ...(rows ?? []).map((row) => ({ type: 'Playbooks' as const, id: row.id })),
      ],
    }),
    /** PB-02: the playbook, or undefined when there is none. */
    getPlaybook: build.query<Playbook | undefined, string, Playbook[]>({
      query: playbookRequest,
      rawResponseSchema: responseSchema(PlaybooksStruct, 'GET /api/db/playbooks'),
      transformResponse: firstRow,
      providesTags: (_row, _error, id) => [{ type: 'Playbooks', id }],
    }),
    /** The config item of the Kubernetes resource a CRD playbook comes from; null when none. */
    getPlaybookSourceConfig: build.query<
      PlaybookSourceConfig | null,
      string,
      PlaybookSourceConfig[]
    >({
      query: playbookSourceConfigRequest,
      rawResponseSchema: responseSchema(PlaybookSourceConfigsStruct, 'GET /api/db/config_items'),
      transformResponse: firstRowOrNull,
      providesTags: (_row, _error, id) => [
        { type: 'Playbooks', id },
        { type: 'Configs', id },
      ],
    }),
    /** PB-03 */
    getPlaybookTitles: build.query<PlaybookTitle[], readonly string[]>({
      query: playbookTitlesRequest,
      responseSchema: responseSchema(PlaybookTitlesStruct, 'GET /api/db/playbooks'),
      providesTags: (_rows, _error, ids) => ids.map((id) => ({ type: 'Playbooks' as const, id })),
    }),
    /** PB-04: answers the created row. */
    createPlaybook: build.mutation<Playbook | undefined, CreatePlaybookBody, Playbook[]>({
      query: createPlaybookRequest,
      rawResponseSchema: responseSchema(PlaybooksStruct, 'POST /api/db/playbooks'),
      transformResponse: firstRow,
      invalidatesTags: [{ type: 'Playbooks', id: 'LIST' }],
    }),
    /** PB-05. A playbook not created in the console answers 409 in the server's words. */
    updatePlaybook: build.mutation<Playbook | undefined, UpdatePlaybookBody, Playbook[]>({
      query: updatePlaybookRequest,
      rawResponseSchema: responseSchema(PlaybooksStruct, 'PATCH /api/db/playbooks'),
      transformResponse: firstRow,
      invalidatesTags: (_row, _error, { id }) => [
        { type: 'Playbooks', id },
        { type: 'Playbooks', id: 'LIST' },
      ],
    }),
    /** PB-06: soft delete. */
    deletePlaybook: build.mutation<null, string>({
      query: deletePlaybookRequest,
      transformResponse: () => null,
      invalidatesTags: (_result, _error, id) => [
        { type: 'Playbooks', id },
        { type: 'Playbooks', id: 'LIST' },
      ],
    }),
    /** PB-07 merged with PB-03: the playbooks runnable on a resource, with titles and icons. */
    getPlaybooksToRun: build.query<PlaybookToRun[], PlaybookResource>({
      queryFn: async (resource, _api, _extra, baseQuery) => {
        const listed = await baseQuery(runnablePlaybooksRequest(resource));
        if (listed.error) return { error: listed.error as ApiError };
        try {
          const playbooks = check(
            RunnablePlaybooksStruct,
            listed.data ?? [],
            'GET /api/playbook/list',
          );
          if (playbooks.length === 0) return { data: [] };
          const titles = await baseQuery(playbookTitlesRequest(playbooks.map((p) => p.id)));
          if (titles.error) return { error: titles.error as ApiError };
          const rows = check(PlaybookTitlesStruct, titles.data, 'GET /api/db/playbooks');
          return { data: mergePlaybookTitles(playbooks, rows) };
        } catch (error) {
          return { error: shapeError((error as Error).message) };
        }
      },
      providesTags: (rows) => [
        { type: 'Playbooks', id: 'LIST' },
        ...(rows ?? []).map((row) => ({ type: 'Playbooks' as const, id: row.id })),
      ],
    }),
    /**
     * PB-08: the parameters rendered for the resource. A 403 means the user may not run the
     * playbook on it; 404 that the playbook is gone.
     */
    getPlaybookParams: build.query<
      PlaybookParameter[],
      PlaybookParamsArgs,
      { params?: PlaybookParameter[] | null }
    >({
      query: playbookParamsRequest,
      rawResponseSchema: responseSchema(
        PlaybookParamsResponseStruct,
        'POST /api/playbook/{id}/params',
      ),
      transformResponse: (response: { params?: PlaybookParameter[] | null }) =>
        response.params ?? [],
      keepUnusedDataFor: 0,
    }),
    /** PB-09: starts a run; its failure reads the server's `error`, else the generic message. */
    runPlaybook: build.mutation<PlaybookRunStarted, RunPlaybookArgs>({
      query: runPlaybookRequest,
      responseSchema: responseSchema(PlaybookRunStartedStruct, 'POST /api/playbook/run'),
      transformErrorResponse: (error) => runFailure(error),
      invalidatesTags: [{ type: 'PlaybookRuns', id: 'LIST' }],
    }),
    /** PB-10, with `Prefer: count=exact`. */
    getPlaybookRuns: build.query<PlaybookRunsPage, GetPlaybookRunsArgs, PlaybookRun[]>({
      query: playbookRunsRequest,
      rawResponseSchema: responseSchema(PlaybookRunsStruct, 'GET /api/db/playbook_runs'),
      transformResponse: pageOf('runs'),
      providesTags: (page) => pageTags('PlaybookRuns', page?.runs),
    }),
    /** PB-11: the run and its child runs, with approvals. */
    getPlaybookRun: build.query<PlaybookRunWithChildren, string, PlaybookRunDetail[]>({
      query: playbookRunRequest,
      rawResponseSchema: responseSchema(PlaybookRunDetailsStruct, 'GET /api/db/playbook_runs'),
      transformResponse: (rows: PlaybookRunDetail[], _meta, id) => splitRun(rows, id),
      providesTags: (_result, _error, id) => [{ type: 'PlaybookRuns', id }],
    }),
    /** The runs that retry this run from one of its actions. */
    getPlaybookRunRetries: build.query<PlaybookRunRetry[], string>({
      query: playbookRunRetriesRequest,
      responseSchema: responseSchema(PlaybookRunRetriesStruct, 'GET /api/db/playbook_runs'),
      providesTags: (_rows, _error, runId) => [{ type: 'PlaybookRuns', id: runId }],
    }),
    /** Retry from an action: a new run linked to the failed one (the server's reason on refusal). */
    retryPlaybookRun: build.mutation<PlaybookRunStarted, RetryPlaybookRunArgs>({
      query: retryPlaybookRunRequest,
      responseSchema: responseSchema(PlaybookRunStartedStruct, 'POST /api/playbook/run/retry'),
      transformErrorResponse: (error) => runFailure(error),
      invalidatesTags: (_result, _error, { runId }) => runTags(runId),
    }),
    /** PB-12: the run's actions. */
    getPlaybookRunActions: build.query<PlaybookRunAction[], string>({
      query: playbookRunActionsRequest,
      responseSchema: responseSchema(
        PlaybookRunActionsStruct,
        'GET /api/db/rpc/get_playbook_run_actions',
      ),
      providesTags: (_rows, _error, runId) => [{ type: 'PlaybookRuns', id: runId }],
    }),
    /** PB-13: one action with its artifacts, or undefined when there is none. */
    getPlaybookRunAction: build.query<
      PlaybookRunActionDetail | undefined,
      string,
      PlaybookRunActionDetail[]
    >({
      query: playbookRunActionRequest,
      rawResponseSchema: responseSchema(
        PlaybookRunActionDetailsStruct,
        'GET /api/db/playbook_run_actions',
      ),
      transformResponse: firstRow,
      providesTags: (row, _error, id) => [
        { type: 'PlaybookRuns', id: `action:${id}` },
        ...(row?.playbook_run_id
          ? [{ type: 'PlaybookRuns' as const, id: row.playbook_run_id }]
          : []),
      ],
    }),
    /** PB-14 */
    approvePlaybookRun: build.mutation<{ message?: string | null }, string>({
      query: (runId) => ({
        url: `${PLAYBOOK_BASE}/run/approve/${encodeURIComponent(runId)}`,
        method: 'POST',
        prefer: false,
      }),
      responseSchema: responseSchema(PlaybookMessageStruct, 'POST /api/playbook/run/approve'),
      invalidatesTags: (_result, _error, runId) => runTags(runId),
    }),
    /** PB-15 */
    cancelPlaybookRun: build.mutation<{ message?: string | null }, string>({
      query: (runId) => ({
        url: `${PLAYBOOK_BASE}/run/cancel/${encodeURIComponent(runId)}`,
        method: 'POST',
        prefer: false,
      }),
      responseSchema: responseSchema(PlaybookMessageStruct, 'POST /api/playbook/run/cancel'),
      invalidatesTags: (_result, _error, runId) => runTags(runId),
    }),
    /** MISC-04 as text, for an inline preview (JSON content is shown indented). */
    getArtifactText: build.query<string, string>({
      query: (artifactId) => ({ url: artifactDownloadUrl(artifactId) }),
      transformResponse: (data: unknown) =>
        typeof data === 'string' ? data : (JSON.stringify(data, null, 2) ?? ''),
    }),
  }),
});

defineOutcomes(playbooksApi, {
  ...editOutcomes('Playbook', PLAYBOOK_MESSAGES),
  runPlaybook: { failure: 'toast' },
  approvePlaybookRun: { success: PLAYBOOK_MESSAGES.approved, failure: 'toast' },
  cancelPlaybookRun: { success: PLAYBOOK_MESSAGES.cancelled, failure: 'toast' },
});

export const {
  useGetPlaybookNamesQuery,
  useGetPlaybookQuery,
  useGetPlaybookSourceConfigQuery,
  useGetPlaybookTitlesQuery,
  useCreatePlaybookMutation,
  useUpdatePlaybookMutation,
  useDeletePlaybookMutation,
  useGetPlaybooksToRunQuery,
  useGetPlaybookParamsQuery,
  useRunPlaybookMutation,
  useGetPlaybookRunsQuery,
  useGetPlaybookRunQuery,
  useGetPlaybookRunActionsQuery,
  useGetPlaybookRunActionQuery,
  useApprovePlaybookRunMutation,
  useCancelPlaybookRunMutation,
  useGetPlaybookRunRetriesQuery,
  useRetryPlaybookRunMutation,
  useGetArtifactTextQuery,
} = playbooksApi;

// ---------------------------------------------------------------- page tags

/** What the playbooks page's Refresh reloads: the playbooks and their latest runs. */
export const playbooksPageTags = listTags('Playbooks', 'PlaybookRuns');

/** What the runs page's Refresh reloads. */
export const playbookRunListTags = [{ type: 'PlaybookRuns', id: 'LIST' }] as const;

/** What a run's page Refresh reloads: the run. */
export function playbookRunTags(id: string) {
  return [{ type: 'PlaybookRuns' as const, id }];
}
