import { baseApi } from '../baseApi';
import type { RequestArgs } from '../baseQuery';
import { pageOf, firstRowOrNull } from '../pages';
import { defineOutcomes } from '../outcomes';
import { pg } from '../postgrest';
import type {
  CatalogChangesResponse,
  ChangeTypeRow,
  ConfigChange,
  ConfigCheck,
  ConfigComponentLink,
  ConfigDetail,
  ConfigInsight,
  ConfigInsightDetail,
  ConfigParent,
  LinkedComponent,
  ManualComponentLink,
  PlaybookRun,
  RelatedConfig,
} from '../schemas/configItem';
import {
  CatalogChangesResponseStruct,
  ChangeTypesStruct,
  ConfigChecksStruct,
  ConfigComponentLinksStruct,
  ConfigDetailRowsStruct,
  ConfigInsightDetailsStruct,
  ConfigInsightsStruct,
  ConfigParentsStruct,
  ManualComponentLinksStruct,
  PlaybookRunsStruct,
  RelatedConfigsStruct,
} from '../schemas/configItem';
import type { ResourceIncident } from '../schemas/incidents';
import { ResourceIncidentsStruct } from '../schemas/incidents';
import { responseSchema } from '../validate';

/** A page of a list served a page at a time. */
export interface PageArgs {
  /** From 0. */
  pageIndex: number;
  pageSize: number;
}

/** Rows of one page and the total the server counted (`Content-Range` or `total`). */
export interface ItemPage<Row> {
  rows: Row[];
  totalEntries: number;
}

// ---------------------------------------------------------------- CAT-03, CAT-36, CAT-33

/** CAT-03: `config_detail?id=eq.{id}&select=*`. */
export function configDetailRequest(id: string): RequestArgs {
  return pg('config_detail').eq('id', id).select('*').toRequest();
}

/** CAT-36: `rpc/get_parents_by_location?config_id={id}`. */
export function configParentsRequest(id: string): RequestArgs {
  return pg('rpc/get_parents_by_location').param('config_id', id).toRequest();
}

/** CAT-33: the components linked to a config, embedded through the foreign key. */
export function configComponentsRequest(id: string): RequestArgs {
  return pg('config_component_relationships')
    .eq('config_id', id)
    .select('components!config_component_relationships_component_id_fkey(id, icon, name)')
    .toRequest();
}

// ---------------------------------------------------------------- CAT-18, CAT-19

/** CAT-18: every change type but the empty one. */
export function changeTypesRequest(): RequestArgs {
  return pg('change_types').not('change_type', 'eq', '').toRequest();
}

/** Whose changes CAT-19 lists besides the item's own: its parents, children, both or neither. */
export type ChangesRecursive = 'all' | 'upstream' | 'downstream' | 'none';

/** How far up or down CAT-19 follows relationships when it is recursive. */
export const CHANGES_DEPTH = 5;

/** The sort CAT-19 uses when the list names none. */
export const DEFAULT_CHANGES_SORT = '-created_at';

export interface ConfigChangesArgs extends PageArgs {
  /** The config item. */
  id: string;
  recursive: ChangesRecursive;
  /** Datemath (`now-2d`) or an ISO time. */
  from?: string;
  to?: string;
  /** Change types as a tri-state filter: `a,!b`. */
  type?: string;
  /** One severity. */
  severity?: string;
  /** A column the backend sorts by: name, change_type, summary, source, created_at, count. */
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
  includeDeletedConfigs: boolean;
  /** Changes of softly related items too (`soft: true`). Default false. */
  soft?: boolean;
  /** A label selector on the changed configs' tags (`k=v,k!=v`), sent as `tags`. */
  tags?: string;
}

/** `{-}{column}` of CAT-19, `-` meaning descending; `-created_at` without a sort. */
export function changesSortBy(sortBy: string | undefined, sortOrder?: 'asc' | 'desc'): string {
  if (!sortBy) return DEFAULT_CHANGES_SORT;
  return `${sortOrder === 'desc' ? '-' : ''}${sortBy}`;
}

/** CAT-19's answer as a page: the changes, the total and the count per change type. */
export function changesPage(response: CatalogChangesResponse): ConfigChangesPage {
  const rows = response.changes ?? [];
  return { rows, totalEntries: response.total ?? rows.length, summary: response.summary ?? {} };
}

/** What CAT-19 is asked for, beside which changes: when, how severe, which page, in what order. */
export type ChangesWindowArgs = PageArgs &
  Pick<ConfigChangesArgs, 'from' | 'to' | 'severity' | 'sortBy' | 'sortOrder'>;

/**
 * CAT-19's time range, severity, page and sort, for one config's changes and the catalog's:
 * only the keys that have a value, `page` from the second page on.
 */
export function changesWindowBody(args: ChangesWindowArgs): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (args.from) body.from = args.from;
  if (args.to) body.to = args.to;
  if (args.severity) body.severity = args.severity;
  if (args.pageIndex !== 0) body.page = args.pageIndex + 1;
  body.page_size = args.pageSize;
  body.sort_by = changesSortBy(args.sortBy, args.sortOrder);
  return body;
}

/**
 * CAT-19's body for one config's changes: only the keys that have a value, in the reference's
 * order. `page` is sent from the second page on, `tags` when some are chosen, `depth` only when
 * the search is recursive, `soft` only when on, `include_deleted_configs` always.
 */
export function configChangesBody(args: ConfigChangesArgs): Record<string, unknown> {
  const body: Record<string, unknown> = { id: args.id };
  if (args.type) body.type = args.type;
  Object.assign(body, changesWindowBody(args));
  if (args.tags) body.tags = args.tags;
  body.recursive = args.recursive;
  if (args.recursive !== 'none') body.depth = CHANGES_DEPTH;
  if (args.soft) body.soft = true;
  body.include_deleted_configs = args.includeDeletedConfigs;
  return body;
}

/** CAT-19: `POST /api/catalog/changes`. */
export function configChangesRequest(args: ConfigChangesArgs): RequestArgs {
  return { url: '/api/catalog/changes', method: 'POST', body: configChangesBody(args) };
}

/** A page of CAT-19: the changes, the total and the count per change type. */
export interface ConfigChangesPage extends ItemPage<ConfigChange> {
  summary: Record<string, number>;
}

// ---------------------------------------------------------------- CAT-24, CAT-25

const INSIGHT_CONFIG = 'config:configs(id,name,config_class,type)';

export interface ConfigInsightsArgs extends PageArgs {
  configId: string;
}

/** CAT-24 with `Prefer: count=exact`. */
export function configInsightsRequest({
  configId,
  pageIndex,
  pageSize,
}: ConfigInsightsArgs): RequestArgs {
  return pg('config_analysis')
    .select('id,analyzer,analysis_type,message,severity,analysis,first_observed', INSIGHT_CONFIG)
    .eq('config_id', configId)
    .range(pageIndex, pageSize)
    .count()
    .toRequest();
}

/** CAT-25 with `Prefer: count=exact`, with the insight's summary and properties too. */
export function configInsightRequest(id: string): RequestArgs {
  return pg('config_analysis')
    .select(
      'id,source,analyzer,analysis_type,message,summary,severity,status,analysis,properties,first_observed',
      INSIGHT_CONFIG,
    )
    .eq('id', id)
    .count()
    .toRequest();
}

// ---------------------------------------------------------------- CAT-30

/** CAT-30's `type_filter`: the direction relationships are followed in. */
export type RelationshipDirection = 'all' | 'incoming' | 'outgoing';

export interface RelatedConfigsArgs {
  configId: string;
  /** Follow relationships towards the item (its parents). */
  incoming: boolean;
  /** Follow relationships away from the item (its children). */
  outgoing: boolean;
  /** Soft relationships too (`both`), not only hard ones. */
  soft: boolean;
  includeDeletedConfigs: boolean;
  /**
   * Config types the result keeps (`a,!b`, api.md §3), sent as `type.filter`. A type may be
   * written with `__` for `::` (as the address holds it): it goes out with `::`.
   */
  type?: string;
  /** Statuses the result keeps (`a,!b`), sent as `status.filter`. */
  status?: string;
  /** Health values the result keeps (`a,!b`), sent as `health.filter`. */
  health?: string;
}

/** The direction of the toggles: both is `all`; neither is the backend's `outgoing`. */
export function relationshipDirection(incoming: boolean, outgoing: boolean): RelationshipDirection {
  if (incoming && outgoing) return 'all';
  return incoming ? 'incoming' : 'outgoing';
}

/** How far CAT-30 follows relationships. */
export const RELATIONSHIP_MAX_DEPTH = 10;

/**
 * CAT-30: `rpc/related_configs_recursive?config_id&include_deleted_configs&max_depth=10
 * [&type.filter][&status.filter][&health.filter]&type_filter[&incoming_relation]
 * [&outgoing_relation]`. The tri-state filters are sent only when they hold something; each
 * relation is `both` with soft relationships, else `hard`, and sent only for the directions
 * followed.
 */
export function relatedConfigsRequest(args: RelatedConfigsArgs): RequestArgs {
  const direction = relationshipDirection(args.incoming, args.outgoing);
  const relation = args.soft ? 'both' : 'hard';
  let query = pg('rpc/related_configs_recursive')
    .param('config_id', args.configId)
    .param('include_deleted_configs', args.includeDeletedConfigs)
    .param('max_depth', RELATIONSHIP_MAX_DEPTH);
  if (args.type) query = query.filter('type', args.type.replaceAll('__', '::'));
  if (args.status) query = query.filter('status', args.status);
  if (args.health) query = query.filter('health', args.health);
  query = query.param('type_filter', direction);
  if (direction !== 'outgoing') query = query.param('incoming_relation', relation);
  if (direction !== 'incoming') query = query.param('outgoing_relation', relation);
  return query.toRequest();
}

// ---------------------------------------------------------------- CAT-34, CAT-35

/** The `selector_id` of links made by hand in the console. */
export const MANUAL_SELECTOR = 'manual';

/** A link between a config and a topology component. */
export interface ComponentLinkArgs {
  configId: string;
  componentId: string;
}

/**
 * The components linked to a config by hand:
 * `config_component_relationships?config_id=eq.{id}&selector_id=eq.manual&select=component_id`.
 */
export function manualComponentLinksRequest(configId: string): RequestArgs {
  return pg('config_component_relationships')
    .eq('config_id', configId)
    .eq('selector_id', MANUAL_SELECTOR)
    .select('component_id')
    .toRequest();
}

/** CAT-34: `POST config_component_relationships` with `{ component_id, config_id, selector_id }`. */
export function linkComponentRequest({ configId, componentId }: ComponentLinkArgs): RequestArgs {
  return {
    url: pg('config_component_relationships').toRequest().url,
    method: 'POST',
    body: { component_id: componentId, config_id: configId, selector_id: MANUAL_SELECTOR },
  };
}

/** CAT-35: `DELETE config_component_relationships?component_id&config_id&selector_id=eq.manual`. */
export function unlinkComponentRequest({ configId, componentId }: ComponentLinkArgs): RequestArgs {
  return {
    url: pg('config_component_relationships')
      .eq('component_id', componentId)
      .eq('config_id', configId)
      .eq('selector_id', MANUAL_SELECTOR)
      .toRequest().url,
    method: 'DELETE',
  };
}

// ---------------------------------------------------------------- PB-10, CAT-37

export interface ConfigPlaybookRunsArgs extends PageArgs {
  configId: string;
}

const PLAYBOOK_RUN_SELECT = [
  '*',
  'created_by(id,name,avatar)',
  'playbooks(id,name,title,spec,icon)',
  'component:components(id,name,icon)',
  'check:checks(id,name,icon)',
  'config:config_items(id,name,type,config_class)',
];

/** PB-10 for one config, parameters in the reference's order, with `Prefer: count=exact`. */
export function configPlaybookRunsRequest({
  configId,
  pageIndex,
  pageSize,
}: ConfigPlaybookRunsArgs): RequestArgs {
  return pg('playbook_runs')
    .eq('config_id', configId)
    .is('parent_id', null)
    .range(pageIndex, pageSize)
    .order('created_at', 'desc')
    .select(...PLAYBOOK_RUN_SELECT)
    .count()
    .toRequest();
}

/** CAT-37: `check_summary_for_config?config_id=eq.{id}`. */
export function configChecksRequest(configId: string): RequestArgs {
  return pg('check_summary_for_config').eq('config_id', configId).toRequest();
}

/** INC-04 for a config item: `incidents_by_config?order=created_at.desc&config_id=eq.{id}`. */
export function configIncidentsRequest(configId: string): RequestArgs {
  return pg('incidents_by_config')
    .order('created_at', 'desc')
    .eq('config_id', configId)
    .toRequest();
}

// ---------------------------------------------------------------- tags

/** Cache tags of one config item's page; the page's refresh invalidates them all. */
export function configItemTags(id: string) {
  return [
    { type: 'Configs' as const, id },
    { type: 'ConfigChanges' as const, id },
    { type: 'ConfigAnalysis' as const, id },
    { type: 'ConfigAccess' as const, id: `config:${id}` },
    { type: 'PlaybookRuns' as const, id: `config:${id}` },
    { type: 'Checks' as const, id: `config:${id}` },
    { type: 'Components' as const, id: `config:${id}` },
    { type: 'Incidents' as const, id: `config:${id}` },
  ];
}

/**
 * The calls of a config item's page (api.md §10): the item, its location parents and linked
 * components, its changes, insights, relationships, playbook runs and health checks.
 */
export const configItemApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** CAT-03; null when there is no such item. */
    getConfigItem: build.query<ConfigDetail | null, string>({
      query: configDetailRequest,
      rawResponseSchema: responseSchema(ConfigDetailRowsStruct, 'GET /api/db/config_detail'),
      transformResponse: firstRowOrNull,
      providesTags: (_item, _error, id) => [{ type: 'Configs', id }],
    }),
    /** CAT-36 */
    getConfigItemParents: build.query<ConfigParent[], string>({
      query: configParentsRequest,
      responseSchema: responseSchema(
        ConfigParentsStruct,
        'GET /api/db/rpc/get_parents_by_location',
      ),
      providesTags: (_rows, _error, id) => [{ type: 'Configs', id }],
    }),
    /** CAT-33: the components, without link rows whose component is gone. */
    getConfigItemComponents: build.query<LinkedComponent[], string, ConfigComponentLink[]>({
      query: configComponentsRequest,
      rawResponseSchema: responseSchema(
        ConfigComponentLinksStruct,
        'GET /api/db/config_component_relationships',
      ),
      transformResponse: (links: ConfigComponentLink[]) =>
        links.flatMap((link) => (link.components ? [link.components] : [])),
      providesTags: (_rows, _error, id) => [{ type: 'Components', id: `config:${id}` }],
    }),
    /** CAT-18: the names, in the backend's order. */
    getConfigItemChangeTypes: build.query<string[], void, ChangeTypeRow[]>({
      query: changeTypesRequest,
      rawResponseSchema: responseSchema(ChangeTypesStruct, 'GET /api/db/change_types'),
      transformResponse: (rows: ChangeTypeRow[]) =>
        rows.flatMap((row) => (row.change_type ? [row.change_type] : [])),
      providesTags: [{ type: 'ConfigChanges', id: 'TYPES' }],
      keepUnusedDataFor: 300,
    }),
    /** CAT-19 */
    getConfigItemChanges: build.query<ConfigChangesPage, ConfigChangesArgs, CatalogChangesResponse>(
      {
        query: configChangesRequest,
        rawResponseSchema: responseSchema(
          CatalogChangesResponseStruct,
          'POST /api/catalog/changes',
        ),
        transformResponse: changesPage,
        providesTags: (_page, _error, args) => [{ type: 'ConfigChanges', id: args.id }],
      },
    ),
    /** CAT-24 */
    getConfigItemInsights: build.query<
      ItemPage<ConfigInsight>,
      ConfigInsightsArgs,
      ConfigInsight[]
    >({
      query: configInsightsRequest,
      rawResponseSchema: responseSchema(ConfigInsightsStruct, 'GET /api/db/config_analysis'),
      transformResponse: pageOf('rows'),
      providesTags: (_page, _error, args) => [{ type: 'ConfigAnalysis', id: args.configId }],
    }),
    /** CAT-25; null when there is no such insight. */
    getConfigItemInsight: build.query<ConfigInsightDetail | null, string, ConfigInsightDetail[]>({
      query: configInsightRequest,
      rawResponseSchema: responseSchema(ConfigInsightDetailsStruct, 'GET /api/db/config_analysis'),
      transformResponse: firstRowOrNull,
      providesTags: (insight) => [{ type: 'ConfigAnalysis', id: insight?.config?.id ?? 'LIST' }],
    }),
    /** CAT-30 */
    getConfigItemRelationships: build.query<RelatedConfig[], RelatedConfigsArgs>({
      query: relatedConfigsRequest,
      responseSchema: responseSchema(
        RelatedConfigsStruct,
        'GET /api/db/rpc/related_configs_recursive',
      ),
      providesTags: (_rows, _error, args) => [{ type: 'Configs', id: args.configId }],
    }),
    /** The components linked to the item by hand (their ids), which may be unlinked. */
    getConfigItemManualComponents: build.query<string[], string, ManualComponentLink[]>({
      query: manualComponentLinksRequest,
      rawResponseSchema: responseSchema(
        ManualComponentLinksStruct,
        'GET /api/db/config_component_relationships',
      ),
      transformResponse: (links: ManualComponentLink[]) => links.map((link) => link.component_id),
      providesTags: (_ids, _error, id) => [{ type: 'Components', id: `config:${id}` }],
    }),
    /** CAT-34 */
    linkConfigItemComponent: build.mutation<unknown, ComponentLinkArgs>({
      query: linkComponentRequest,
      invalidatesTags: (_result, _error, { configId }) => [
        { type: 'Components', id: `config:${configId}` },
      ],
    }),
    /** CAT-35 */
    unlinkConfigItemComponent: build.mutation<unknown, ComponentLinkArgs>({
      query: unlinkComponentRequest,
      invalidatesTags: (_result, _error, { configId }) => [
        { type: 'Components', id: `config:${configId}` },
      ],
    }),
    /** PB-10 */
    getConfigItemPlaybookRuns: build.query<
      ItemPage<PlaybookRun>,
      ConfigPlaybookRunsArgs,
      PlaybookRun[]
    >({
      query: configPlaybookRunsRequest,
      rawResponseSchema: responseSchema(PlaybookRunsStruct, 'GET /api/db/playbook_runs'),
      transformResponse: pageOf('rows'),
      providesTags: (_page, _error, args) => [
        { type: 'PlaybookRuns', id: 'LIST' },
        { type: 'PlaybookRuns', id: `config:${args.configId}` },
      ],
    }),
    /** CAT-37 */
    getConfigItemChecks: build.query<ConfigCheck[], string>({
      query: configChecksRequest,
      responseSchema: responseSchema(ConfigChecksStruct, 'GET /api/db/check_summary_for_config'),
      providesTags: (_rows, _error, id) => [{ type: 'Checks', id: `config:${id}` }],
    }),
    /** INC-04: the incidents with evidence of the item, newest first. */
    getConfigItemIncidents: build.query<ResourceIncident[], string>({
      query: configIncidentsRequest,
      responseSchema: responseSchema(ResourceIncidentsStruct, 'GET /api/db/incidents_by_config'),
      providesTags: (_rows, _error, id) => [
        { type: 'Incidents', id: 'LIST' },
        { type: 'Incidents', id: `config:${id}` },
      ],
    }),
  }),
});

/** What linking a component by hand tells (CAT-34, CAT-35). */
export const COMPONENT_LINK_MESSAGES = {
  linked: 'Component linked',
  unlinked: 'Component unlinked',
} as const;

defineOutcomes(configItemApi, {
  linkConfigItemComponent: { success: COMPONENT_LINK_MESSAGES.linked },
  unlinkConfigItemComponent: { success: COMPONENT_LINK_MESSAGES.unlinked, failure: 'toast' },
});

export const {
  useGetConfigItemQuery,
  useGetConfigItemParentsQuery,
  useGetConfigItemComponentsQuery,
  useGetConfigItemChangeTypesQuery,
  useGetConfigItemChangesQuery,
  useGetConfigItemInsightsQuery,
  useGetConfigItemInsightQuery,
  useGetConfigItemRelationshipsQuery,
  useGetConfigItemManualComponentsQuery,
  useLinkConfigItemComponentMutation,
  useUnlinkConfigItemComponentMutation,
  useGetConfigItemPlaybookRunsQuery,
  useGetConfigItemChecksQuery,
  useGetConfigItemIncidentsQuery,
} = configItemApi;
