import { baseApi } from '../baseApi';
import type { RequestArgs } from '../baseQuery';
import { pg } from '../postgrest';
import type { OwnerFilter } from './ownership';
import { ownedBy } from './ownership';
import type {
  ComponentAnalysis,
  ConfigRef,
  InsightFilterOptions,
  InsightItem,
} from '../schemas/catalogInsights';
import {
  ComponentAnalysesStruct,
  ConfigRefsStruct,
  InsightFilterOptionsStruct,
  InsightItemsStruct,
} from '../schemas/catalogInsights';
import { responseSchema } from '../validate';
import type { ItemPage, PageArgs } from './configItem';
import { pageOf, firstRowOrNull } from '../pages';

/** The columns of a row of the insights list (CAT-27), in the reference's order. */
export const INSIGHT_ITEM_COLUMNS =
  'id,analysis_type,analyzer,severity,summary,status,first_observed,last_observed';

/** The config embedded in each insight. */
export const INSIGHT_ITEM_CONFIG = 'config:configs(id,name,config_class,type)';

/** The same embed when the list is narrowed by the config's owner: rows without one drop. */
export const INSIGHT_ITEM_OWNED_CONFIG = 'config:configs!inner(id,name,config_class,type)';

/** The columns CAT-05 names a config with. */
export const CONFIG_REF_COLUMNS = 'id,name,config_class,type';

/** Columns the insights list sorts by (on the server, or in the browser for a component). */
export const INSIGHT_SORT_KEYS = [
  'analyzer',
  'analysis_type',
  'severity',
  'status',
  'first_observed',
  'last_observed',
] as const;
export type InsightSortKey = (typeof INSIGHT_SORT_KEYS)[number];

/** The order of the list when the address names none, or names a column it cannot sort by. */
export const DEFAULT_INSIGHT_SORT = { sortBy: 'first_observed', sortOrder: 'desc' } as const;

/** Whether the list can sort by `column`. */
export function isInsightSortKey(column: string | undefined): column is InsightSortKey {
  return (INSIGHT_SORT_KEYS as readonly string[]).includes(column ?? '');
}

/** What the insights list is narrowed to; an absent or empty filter does not narrow it. */
export interface InsightFilters {
  /** `open`, `resolved` or `silenced`. */
  status?: string;
  /** One analysis type (`security`, `cost`, …). */
  type?: string;
  /** One severity; sent lower-cased. */
  severity?: string;
  analyzer?: string;
  /** The insights of one config. */
  configId?: string;
  /** The insights of configs of one type (`Kubernetes::Pod`). */
  configType?: string;
}

export interface CatalogInsightsArgs extends InsightFilters, PageArgs {
  /** "Owned by my teams": insights of configs whose owner label names one of these teams. */
  owners?: OwnerFilter;
  /** One of `INSIGHT_SORT_KEYS`; anything else sorts by the default. */
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
}

/** The sort CAT-27 sends: the column asked for when the list can sort by it, else the default. */
export function insightOrder(
  sortBy: string | undefined,
  sortOrder: 'asc' | 'desc' | undefined,
): { sortBy: InsightSortKey; sortOrder: 'asc' | 'desc' } {
  if (!isInsightSortKey(sortBy)) return DEFAULT_INSIGHT_SORT;
  return { sortBy, sortOrder: sortOrder ?? 'asc' };
}

/**
 * CAT-27: `config_analysis_items?select=…&limit&offset[&status][&analysis_type][&severity]
 * [&analyzer][&config_id][&config_type]&order={sortBy}.{asc|desc}` with `Prefer: count=exact`;
 * each filter `eq.`, the severity lower-cased. Owned by teams, the config is embedded
 * `!inner` and filtered on its owner label (`config.labels->>owner=in.(…)`).
 */
export function catalogInsightsRequest(args: CatalogInsightsArgs): RequestArgs {
  let query = pg('config_analysis_items')
    .select(INSIGHT_ITEM_COLUMNS, args.owners ? INSIGHT_ITEM_OWNED_CONFIG : INSIGHT_ITEM_CONFIG)
    .range(args.pageIndex, args.pageSize);
  query = ownedBy(query, args.owners, 'config.labels');
  const filters: Array<[string, string | undefined]> = [
    ['status', args.status],
    ['analysis_type', args.type],
    ['severity', args.severity?.toLowerCase()],
    ['analyzer', args.analyzer],
    ['config_id', args.configId],
    ['config_type', args.configType],
  ];
  for (const [column, value] of filters) {
    if (value) query = query.eq(column, value);
  }
  const { sortBy, sortOrder } = insightOrder(args.sortBy, args.sortOrder);
  return query.order(sortBy, sortOrder).count().toRequest();
}

/** The insights' filter options: `rpc/config_analysis_filter_options` (every insight's). */
export function insightFilterOptionsRequest(): RequestArgs {
  return pg('rpc/config_analysis_filter_options').toRequest();
}

/** The filter options with every list present (a backend may leave an empty one out). */
export interface InsightOptions {
  types: string[];
  analyzers: string[];
  sources: string[];
  configTypes: string[];
  /** The config items with insights, by name. */
  configs: ConfigRef[];
}

/** The RPC's answer with each list present. */
export function insightOptions(answer: InsightFilterOptions): InsightOptions {
  return {
    types: answer.types ?? [],
    analyzers: answer.analyzers ?? [],
    sources: answer.sources ?? [],
    configTypes: answer.config_types ?? [],
    configs: answer.catalogs ?? [],
  };
}

/** CAT-29: `rpc/lookup_analysis_by_component?id={componentId}`. */
export function componentAnalysisRequest(componentId: string): RequestArgs {
  return pg('rpc/lookup_analysis_by_component').param('id', componentId).toRequest();
}

/** CAT-05: `configs?id=in.({id1},{id2},…)&select=id,name,config_class,type`. */
export function configsByIdsRequest(ids: readonly string[]): RequestArgs {
  return pg('configs').in('id', ids).select(CONFIG_REF_COLUMNS).toRequest();
}

/** CAT-06: `configs?id=eq.{id}&select=id,name,config_class,type`. */
export function configByIdRequest(id: string): RequestArgs {
  return pg('configs').eq('id', id).select(CONFIG_REF_COLUMNS).toRequest();
}

const INSIGHTS_LIST_TAG = { type: 'ConfigAnalysis', id: 'LIST' } as const;

/** What the insights page's Refresh reloads: every insight read. */
export const catalogInsightsTags = ['ConfigAnalysis'] as const;

/**
 * The insights across the estate (api.md §10.3): the list a page at a time (CAT-27), the
 * options of its filters (`rpc/config_analysis_filter_options`), and, for a component, the insights of its configs
 * (CAT-29) with those configs' names (CAT-05).
 */
export const catalogInsightsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** CAT-27, with `Prefer: count=exact`. */
    getCatalogInsights: build.query<ItemPage<InsightItem>, CatalogInsightsArgs, InsightItem[]>({
      query: catalogInsightsRequest,
      rawResponseSchema: responseSchema(InsightItemsStruct, 'GET /api/db/config_analysis_items'),
      transformResponse: pageOf('rows'),
      providesTags: [INSIGHTS_LIST_TAG],
    }),
    /** The options of the list's filters, in one call. */
    getInsightFilterOptions: build.query<InsightOptions, void, InsightFilterOptions>({
      query: insightFilterOptionsRequest,
      rawResponseSchema: responseSchema(
        InsightFilterOptionsStruct,
        'GET /api/db/rpc/config_analysis_filter_options',
      ),
      transformResponse: insightOptions,
      providesTags: [{ type: 'ConfigAnalysis', id: 'OPTIONS' }],
      keepUnusedDataFor: 300,
    }),
    /** CAT-29: every insight of the configs linked to a component, unfiltered. */
    getComponentAnalysis: build.query<ComponentAnalysis[], string>({
      query: componentAnalysisRequest,
      responseSchema: responseSchema(
        ComponentAnalysesStruct,
        'GET /api/db/rpc/lookup_analysis_by_component',
      ),
      providesTags: (_rows, _error, componentId) => [
        { type: 'ConfigAnalysis', id: `component:${componentId}` },
      ],
    }),
    /** CAT-05: the configs of the ids (give them sorted, so equal sets share a cache entry). */
    getConfigsByIds: build.query<ConfigRef[], readonly string[]>({
      query: configsByIdsRequest,
      responseSchema: responseSchema(ConfigRefsStruct, 'GET /api/db/configs'),
      providesTags: (_rows, _error, ids) => ids.map((id) => ({ type: 'Configs' as const, id })),
    }),
    /** CAT-06: the first row, or null when there is no such item. */
    getConfigById: build.query<ConfigRef | null, string, ConfigRef[]>({
      query: configByIdRequest,
      rawResponseSchema: responseSchema(ConfigRefsStruct, 'GET /api/db/configs'),
      transformResponse: firstRowOrNull,
      providesTags: (_result, _error, id) => [{ type: 'Configs', id }],
    }),
  }),
});

export const {
  useGetCatalogInsightsQuery,
  useGetInsightFilterOptionsQuery,
  useGetComponentAnalysisQuery,
  useGetConfigsByIdsQuery,
  useGetConfigByIdQuery,
} = catalogInsightsApi;
