import type { skipToken } from '@reduxjs/toolkit/query';
import { deepFreeze } from '../../lib/deepFreeze';
import { baseApi, listTags } from '../baseApi';
import { JsonTreePruner } from '../pruneJson';
import type { RequestArgs, ResponseMeta } from '../baseQuery';
import { totalOf, firstRowOrNull } from '../pages';
import type { ApiError } from '../errors';
import { shapeError } from '../errors';
import { defineOutcomes } from '../outcomes';
import { pg } from '../postgrest';
import type {
  ComponentChange,
  ComponentCheck,
  ComponentConfig,
  ComponentIncident,
  ComponentInsight,
  ComponentInsightRow,
  ComponentName,
  ComponentTeam,
  Topology,
  TopologyComponent,
} from '../schemas/topology';
import {
  ComponentChangesStruct,
  ComponentChecksStruct,
  ComponentConfigsStruct,
  ComponentIncidentsStruct,
  ComponentInsightRowsStruct,
  ComponentNamesStruct,
  ComponentTeamsStruct,
  CardStruct,
  LISTED_CHILD_FIELDS,
  TopologyStruct,
} from '../schemas/topology';
import { partChecker, responseSchema } from '../validate';

/** The path of TOPO-01. */
export const TOPOLOGY_URL = '/api/canary/api/topology';

/** What the dashboard asks TOPO-01 for. `All` (or nothing) leaves a filter out. */
export interface TopologyArgs {
  /** The component whose children are the cards; none for the roots. */
  id?: string;
  /** A health status. */
  status?: string;
  /** A component type: sent with `flatten=true`. */
  type?: string;
  team?: string;
  /** `key=value` pairs, comma-separated. */
  labels?: string;
  agentId?: string;
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
  /** `false` sends `hidden=false` (the address says `showHiddenComponents=no`). */
  showHidden?: boolean;
}

/** The value TOPO-01 leaves out. */
export const ALL = 'All';

function given(value: string | undefined): value is string {
  return value !== undefined && value !== '' && value !== ALL;
}

/**
 * TOPO-01's query, as `qs.stringify` writes it: percent-encoded, values that are missing or
 * `All` left out; `flatten=true` only with a type, `hidden=false` only when hidden components
 * are not shown. Sorting defaults to `status` `desc`.
 */
export function topologyQuery(args: TopologyArgs): string {
  const entries: Array<[string, string]> = [];
  if (given(args.id)) entries.push(['id', args.id]);
  if (given(args.status)) entries.push(['status', args.status]);
  if (given(args.type)) entries.push(['type', args.type]);
  if (given(args.team)) entries.push(['team', args.team]);
  if (given(args.labels)) entries.push(['labels', args.labels]);
  if (given(args.agentId)) entries.push(['agent_id', args.agentId]);
  entries.push(['sortBy', args.sortBy || 'status']);
  entries.push(['sortOrder', args.sortOrder ?? 'desc']);
  if (given(args.type)) entries.push(['flatten', 'true']);
  if (args.showHidden === false) entries.push(['hidden', 'false']);
  return entries
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
}

/**
 * The levels of TOPO-01's tree the console reads: the cards and their children, below the
 * page's component when there is one. The backend nests three levels below every card.
 */
export function topologyLevels(args: Pick<TopologyArgs, 'id'>): number {
  return given(args.id) ? 3 : 2;
}

/**
 * TOPO-01: `GET /api/canary/api/topology?{query}`. What lies below the levels the console reads
 * is skipped over, not parsed (at scale most of the answer's megabytes), as the answer arrives.
 */
export function topologyRequest(args: TopologyArgs): RequestArgs {
  const levels = topologyLevels(args);
  return {
    url: `${TOPOLOGY_URL}?${topologyQuery(args)}`,
    readJson: () => {
      const pruner = new JsonTreePruner('components', levels);
      return { push: (part) => pruner.push(part), end: () => JSON.parse(pruner.end()) };
    },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringLists(tags: unknown): Record<string, string[]> {
  const lists: Record<string, string[]> = {};
  if (!isRecord(tags)) return lists;
  for (const [key, values] of Object.entries(tags)) {
    if (Array.isArray(values)) lists[key] = values.map(String);
    else if (values !== null && values !== undefined) lists[key] = [String(values)];
  }
  return lists;
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A component without what lies below it. */
function withoutChildren(component: unknown): unknown {
  if (!isRecord(component) || !('components' in component)) return component;
  const { components: _children, ...rest } = component;
  return rest;
}

/** What a card lists of a child: the fields its list reads, nothing else (not what lies below). */
function listedChild(child: unknown): unknown {
  if (!isRecord(child)) return child;
  const listed: Record<string, unknown> = {};
  for (const field of LISTED_CHILD_FIELDS) {
    if (field in child) listed[field] = child[field];
  }
  return listed;
}

/** A card whose children keep only what its list reads of them. */
function card(component: unknown): unknown {
  if (!isRecord(component) || !Array.isArray(component.components)) return component;
  return { ...component, components: component.components.map(listedChild) };
}

/**
 * TOPO-01's body as the console reads it (`Topology`): on a component's page (`id`) the first
 * component is the page's and its children are the cards; otherwise the components are. Lists
 * and objects the server left out (or a `null` body) are empty. The result is checked after
 * this (the endpoint's `responseSchema`), so nothing here trusts the body's shape.
 */
export function toTopology(response: unknown, id?: string): Topology {
  const body = isRecord(response) ? response : {};
  const level = list(body.components);
  const first = level[0];
  const cards = id ? (isRecord(first) ? list(first.components) : []) : level;
  return {
    ...(id && first !== undefined ? { component: withoutChildren(first) } : {}),
    cards: cards.map(card),
    healthStatuses: list(body.healthStatuses),
    teams: list(body.teams),
    tags: stringLists(body.tags),
    types: list(body.types),
  } as Topology;
}

const checkCard = partChecker(CardStruct, `GET ${TOPOLOGY_URL}`);

/**
 * The first of `cards` (cards of `topology`) that is not a card in full (`CardStruct`), as the
 * error of the answer, or undefined. The answer's own check covers only what is read of every
 * card; a card is checked in full once, when it is first drawn (TOPO-01's cards are many and
 * large, and most are drawn later or never).
 */
export function cardShapeError(
  topology: Topology,
  cards: readonly TopologyComponent[],
): ApiError | undefined {
  for (const component of cards) {
    const index = topology.cards.indexOf(component);
    const error = checkCard(component, ['cards', index === -1 ? component.id : index]);
    if (error) return shapeError(error.message);
  }
  return undefined;
}

/** TOPO-03: a partial component, e.g. `{ hidden: true }`. */
export interface UpdateComponentArgs {
  id: string;
  /** The component's name, for what the change tells. */
  name: string;
  patch: Partial<Pick<TopologyComponent, 'hidden'>>;
}

/** TOPO-03: `PATCH /api/db/components?id=eq.{id}`. */
export function updateComponentRequest({ id, patch }: UpdateComponentArgs): RequestArgs {
  return {
    ...pg('components').eq('id', id).toRequest(),
    method: 'PATCH',
    body: patch,
    notFound: 'The component no longer exists',
  };
}

/** TOPO-02: `components?id=eq.{id}`. */
export function componentByIdRequest(id: string): RequestArgs {
  return pg('components').eq('id', id).toRequest();
}

/** TOPO-05: `component_names?id=eq.{id}`. */
export function componentNameRequest(id: string): RequestArgs {
  return pg('component_names').eq('id', id).toRequest();
}

/** TOPO-09, with the space after the comma inside the embed as the reference has it. */
export function componentTeamsRequest(id: string): RequestArgs {
  return pg('team_components')
    .eq('component_id', id)
    .select('*', 'team:teams(*, created_by(id,name,avatar))')
    .toRequest();
}

/** HEALTH-10 */
export function componentChecksRequest(id: string): RequestArgs {
  return pg('checks_by_component').eq('component_id', id).toRequest();
}

/** CAT-32, without the deleted links. */
export function componentConfigsRequest(id: string): RequestArgs {
  return pg('config_component_relationships')
    .eq('component_id', id)
    .param('configs.order', 'name')
    .select(
      '*',
      'configs!config_component_relationships_config_id_fkey(id, type, name, config_class, deleted_at)',
    )
    .is('deleted_at', null)
    .toRequest();
}

/** How many insights the panel lists. */
export const COMPONENT_INSIGHTS_LIMIT = 50;

/** CAT-28, the first page, counted. */
export function componentInsightsRequest(id: string): RequestArgs {
  return pg('analysis_by_component')
    .eq('component_id', id)
    .range(0, COMPONENT_INSIGHTS_LIMIT)
    .select(
      'analysis_id',
      'config:configs(id,name,config_class,type,analysis:config_analysis(id,analyzer,analysis_type,message,severity,analysis,first_observed))',
    )
    .count()
    .toRequest();
}

/** CAT-28's rows as insights: each keeps the analysis its `analysis_id` names. */
export function toComponentInsights(rows: ComponentInsightRow[]): ComponentInsight[] {
  const insights: ComponentInsight[] = [];
  for (const row of rows) {
    const config = row.config;
    const analysis = config?.analysis?.find((item) => item.id === row.analysis_id);
    if (!config || !analysis) continue;
    insights.push({
      id: analysis.id,
      analyzer: analysis.analyzer,
      analysis_type: analysis.analysis_type,
      message: analysis.message,
      severity: analysis.severity,
      first_observed: analysis.first_observed,
      config: { id: config.id, name: config.name, type: config.type },
    });
  }
  return insights;
}

/** CAT-22, with the config embedded under the `created_at` alias as the reference has it. */
export function componentChangesRequest(id: string): RequestArgs {
  return pg('changes_by_component')
    .eq('component_id', id)
    .select(
      'id,type,config_id,name,change_type,config_class,created_at:configs(id, name, type, config_class)',
    )
    .toRequest();
}

/** INC-04 for a component: newest first. */
export function componentIncidentsRequest(id: string): RequestArgs {
  return pg('incidents_by_component')
    .order('created_at', 'desc')
    .eq('component_id', id)
    .toRequest();
}

/** The windows a snapshot can cover (TOPO-10's `start`). */
export const SNAPSHOT_WINDOWS = ['15m', '1h', '6h', '1d'] as const;
export type SnapshotWindow = (typeof SNAPSHOT_WINDOWS)[number];

export interface SnapshotArgs {
  id: string;
  start: SnapshotWindow;
  related: boolean;
}

/** TOPO-10: `GET /api/snapshot/topology/{id}?start=…&related=…`, read as a file. */
export function snapshotRequest({ id, start, related }: SnapshotArgs): RequestArgs {
  const query = new URLSearchParams({ start, related: String(related) });
  return {
    url: `/api/snapshot/topology/${encodeURIComponent(id)}?${query}`,
    responseType: 'blob',
    timeoutMs: 120_000,
  };
}

/** The file name a download is saved under: the server's, else `snapshot-{id}.zip`. */
export function snapshotFileName(disposition: string | undefined, id: string): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? '');
  if (match?.[1]) {
    try {
      return decodeURIComponent(match[1]);
    } catch {
      return match[1];
    }
  }
  return `snapshot-${id}.zip`;
}

/** A downloaded snapshot: the file and the name to save it under. */
export interface Snapshot {
  fileName: string;
  size: number;
}

/** Saves a file the browser holds, as a download. */
export type SaveFile = (blob: Blob, fileName: string) => void;

function saveWithLink(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

let saveFile: SaveFile = saveWithLink;

/** Replaces how downloads are saved (tests record them instead). Returns the previous one. */
export function setSaveFile(next: SaveFile): SaveFile {
  const previous = saveFile;
  saveFile = next;
  return previous;
}

export const topologyApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** TOPO-01 */
    getTopology: build.query<Topology, TopologyArgs, unknown>({
      query: topologyRequest,
      // Frozen here, the answer is stored without the store's own walk through it.
      transformResponse: (response: unknown, _meta, args) =>
        deepFreeze(toTopology(response, args.id)),
      responseSchema: responseSchema(TopologyStruct, `GET ${TOPOLOGY_URL}`),
      // The answer for every status stays a while after another is chosen: the dashboard
      // draws a status's cards from it while that status's own answer comes.
      keepUnusedDataFor: 300,
      providesTags: (_result, _error, args) => [
        { type: 'Components', id: 'LIST' },
        ...(args.id ? [{ type: 'Components' as const, id: args.id }] : []),
      ],
    }),
    /** TOPO-03 */
    updateComponent: build.mutation<unknown, UpdateComponentArgs>({
      query: updateComponentRequest,
      invalidatesTags: (_result, error, { id }) =>
        error
          ? []
          : [
              { type: 'Components', id: 'LIST' },
              { type: 'Components', id },
            ],
    }),
    /** TOPO-02: the first row (its id, name, icon and type), or null. */
    getComponentById: build.query<ComponentName | null, string, ComponentName[]>({
      query: componentByIdRequest,
      rawResponseSchema: responseSchema(ComponentNamesStruct, 'GET /api/db/components'),
      transformResponse: firstRowOrNull,
      providesTags: (_result, _error, id) => [{ type: 'Components', id }],
    }),
    /** TOPO-05: the first row, or null. */
    getComponentName: build.query<ComponentName | null, string, ComponentName[]>({
      query: componentNameRequest,
      rawResponseSchema: responseSchema(ComponentNamesStruct, 'GET /api/db/component_names'),
      transformResponse: firstRowOrNull,
      providesTags: (_result, _error, id) => [{ type: 'Components', id }],
    }),
    /** TOPO-09 */
    getComponentTeams: build.query<ComponentTeam[], string>({
      query: componentTeamsRequest,
      responseSchema: responseSchema(ComponentTeamsStruct, 'GET /api/db/team_components'),
      providesTags: (_result, _error, id) => [{ type: 'Teams', id: `component:${id}` }],
    }),
    /** HEALTH-10 */
    getComponentChecks: build.query<ComponentCheck[], string>({
      query: componentChecksRequest,
      responseSchema: responseSchema(ComponentChecksStruct, 'GET /api/db/checks_by_component'),
      providesTags: [{ type: 'Checks', id: 'LIST' }],
    }),
    /** CAT-32 */
    getComponentConfigs: build.query<ComponentConfig[], string>({
      query: componentConfigsRequest,
      responseSchema: responseSchema(
        ComponentConfigsStruct,
        'GET /api/db/config_component_relationships',
      ),
      providesTags: [{ type: 'Configs', id: 'LIST' }],
    }),
    /** CAT-28 */
    getComponentInsights: build.query<
      { insights: ComponentInsight[]; total: number },
      string,
      ComponentInsightRow[]
    >({
      query: componentInsightsRequest,
      rawResponseSchema: responseSchema(
        ComponentInsightRowsStruct,
        'GET /api/db/analysis_by_component',
      ),
      transformResponse: (rows: ComponentInsightRow[], meta: ResponseMeta | undefined) => ({
        insights: toComponentInsights(rows),
        total: totalOf(rows, meta),
      }),
      providesTags: [{ type: 'ConfigAnalysis', id: 'LIST' }],
    }),
    /** CAT-22 */
    getComponentChanges: build.query<ComponentChange[], string>({
      query: componentChangesRequest,
      responseSchema: responseSchema(ComponentChangesStruct, 'GET /api/db/changes_by_component'),
      providesTags: [{ type: 'ConfigChanges', id: 'LIST' }],
    }),
    /** INC-04 */
    getComponentIncidents: build.query<ComponentIncident[], string>({
      query: componentIncidentsRequest,
      responseSchema: responseSchema(
        ComponentIncidentsStruct,
        'GET /api/db/incidents_by_component',
      ),
      providesTags: [{ type: 'Incidents', id: 'LIST' }],
    }),
    /** TOPO-10: fetches the zip and saves it as a download. */
    downloadTopologySnapshot: build.mutation<Snapshot, SnapshotArgs>({
      queryFn: async (args, _api, _extra, baseQuery) => {
        const result = await baseQuery(snapshotRequest(args));
        if (result.error) return { error: result.error as ApiError };
        const blob = result.data as Blob;
        const meta = result.meta as ResponseMeta | undefined;
        const fileName = snapshotFileName(meta?.headers?.['content-disposition'], args.id);
        saveFile(blob, fileName);
        return { data: { fileName, size: blob.size } };
      },
    }),
  }),
});

/** What changing a component and saving its snapshot tell (TOPO-03, TOPO-10). */
export const TOPOLOGY_MESSAGES = {
  hidden: (name: string, hidden: boolean) => `${name} is ${hidden ? 'hidden' : 'shown again'}`,
  snapshotSaved: (fileName: string) => `Snapshot saved as ${fileName}`,
} as const;

defineOutcomes(topologyApi, {
  updateComponent: {
    success: ({ name, patch }) => TOPOLOGY_MESSAGES.hidden(name, patch.hidden === true),
    failure: 'toast',
  },
  downloadTopologySnapshot: {
    success: (_args, snapshot) => TOPOLOGY_MESSAGES.snapshotSaved(snapshot.fileName),
  },
});

export const {
  useGetTopologyQuery,
  useUpdateComponentMutation,
  useGetComponentNameQuery,
  useGetComponentByIdQuery,
  useGetComponentTeamsQuery,
  useGetComponentChecksQuery,
  useGetComponentConfigsQuery,
  useGetComponentInsightsQuery,
  useGetComponentChangesQuery,
  useGetComponentIncidentsQuery,
  useDownloadTopologySnapshotMutation,
} = topologyApi;

/**
 * A thunk giving the running TOPO-01 request of `args`, if there is one:
 * `dispatch(runningTopology(args))?.abort()` cancels it.
 */
export function runningTopology(args: TopologyArgs) {
  return topologyApi.util.getRunningQueryThunk('getTopology', args);
}

/** A selector of the cached TOPO-01 answer of `args` (none for `skipToken`). */
export function selectCachedTopology(args: TopologyArgs | typeof skipToken) {
  return topologyApi.endpoints.getTopology.select(args);
}

// ---------------------------------------------------------------- page tags

/** What the topology page's Refresh reloads: the components and what their cards show. */
export const topologyTags = listTags(
  'Components',
  'Checks',
  'Configs',
  'ConfigAnalysis',
  'ConfigChanges',
  'Incidents',
);
