import { baseApi } from '../baseApi';
import type { PgRequest } from '../postgrest';
import { pg, pgAnd, pgCondition, pgContains, pgQuoted } from '../postgrest';
import type { ConfigListItem, ConfigSummaryRow } from '../schemas/catalog';
import {
  ConfigLabelsStruct,
  ConfigListStruct,
  ConfigStatusesStruct,
  ConfigSummaryStruct,
  ConfigTypesStruct,
  TagKeysStruct,
} from '../schemas/catalog';
import { responseSchema } from '../validate';
import type { TriStateMap } from '../../lib/triState';
import { triStateItems, triStateToQuery } from '../../lib/triState';
import { columnValues, pageOf } from '../pages';
import type { OwnerFilter } from './ownership';
import { ownedBy } from './ownership';

/** The columns of a catalog list row (CAT-01), in the console's order. */
export const CONFIG_LIST_COLUMNS =
  'id,type,config_class,status,health,labels,name,tags,created_at,updated_at,deleted_at,' +
  'cost_per_minute,cost_total_1d,cost_total_7d,cost_total_30d,changes,analysis';

/** The agent embed, sent as a second `select` (api.md CAT-01, §23 item 7). */
export const CONFIG_LIST_AGENT_SELECT = 'agent:agents(id,name)';

export interface ConfigListArgs {
  /** One type, or none for every type. */
  configType?: string;
  status?: TriStateMap;
  health?: TriStateMap;
  /** Text looked for in name, type, description and namespace. */
  search?: string;
  /** `key:value` items: included labels must match, excluded ones must not. */
  labels?: TriStateMap;
  /** "Owned by my teams": items whose owner label names one of these teams. */
  owners?: OwnerFilter;
  sortBy: string;
  sortOrder: 'asc' | 'desc';
  showDeleted: boolean;
  pageIndex: number;
  pageSize: number;
}

export interface ConfigListPage {
  configs: ConfigListItem[];
  /** From `Content-Range`; the page's length when the server sends no total. */
  totalEntries: number;
}

/**
 * The mark of a tag in the label filter's selection: `#key:value` is a tag of the item (its
 * `tags`), `key:value` a label (`labels`). `#` cannot begin a label key.
 */
export const TAG_ITEM = '#';

/** A tag as an item of the label filter's selection: `#key:value`. */
export function tagItem(key: string, value: string): string {
  return `${TAG_ITEM}${key}:${value}`;
}

/** `[#]key:value` → the JSON column, the key and the value (a value may hold further colons). */
function splitLabel(item: string): [column: 'tags' | 'labels', key: string, value: string] {
  const column = item.startsWith(TAG_ITEM) ? 'tags' : 'labels';
  const text = column === 'tags' ? item.slice(TAG_ITEM.length) : item;
  const at = text.indexOf(':');
  return at === -1 ? [column, text, ''] : [column, text.slice(0, at), text.slice(at + 1)];
}

/**
 * The `and(tags->>k.eq."v",labels->>k2.neq."v2")` condition of a label filter's selection:
 * tags (`#key:value`) and labels, included ones `eq`, excluded ones `neq`, each value
 * double-quoted so that commas, dots, colons and parentheses in it are read as text.
 */
export function labelCondition(labels: TriStateMap): string | undefined {
  const conditions = [1, -1].flatMap((state) =>
    triStateItems(labels, state as 1 | -1).map((item) => {
      const [column, key, value] = splitLabel(item);
      return `${column}->>${key}.${state === 1 ? 'eq' : 'neq'}.${pgQuoted(value)}`;
    }),
  );
  return conditions.length > 0 ? pgAnd(...conditions) : undefined;
}

/**
 * CAT-01 request: the list's columns and the agent embed (two `select` parameters), the type,
 * the status and health tri-state filters, then either the search or the label filter, the
 * owner label's teams ("Owned by my teams"), the order (`type,name` when sorting by type), live items only unless deleted ones are shown,
 * and the page, with `Prefer: count=exact`.
 */
export function configListRequest(args: ConfigListArgs): PgRequest {
  let query = pg('configs').select(CONFIG_LIST_COLUMNS).param('select', CONFIG_LIST_AGENT_SELECT);
  if (args.configType) query = query.eq('type', args.configType);
  if (args.status && Object.keys(args.status).length > 0) {
    query = query.filter('status', triStateToQuery(args.status));
  }
  if (args.health && Object.keys(args.health).length > 0) {
    query = query.filter('health', triStateToQuery(args.health));
  }
  const search = args.search?.trim();
  const labels = args.labels ? labelCondition(args.labels) : undefined;
  if (search) {
    const pattern = pgContains(search);
    query = query.or(
      ['name', 'type', 'description', 'namespace'].map((column) =>
        pgCondition(column, 'ilike', pattern),
      ),
    );
  } else if (labels) {
    query = query.or(labels);
  }
  query = ownedBy(query, args.owners);
  query =
    args.sortBy === 'type'
      ? query.order('type').order('name', args.sortOrder)
      : query.order(args.sortBy, args.sortOrder);
  if (!args.showDeleted) query = query.is('deleted_at', null);
  return query.range(args.pageIndex, args.pageSize).count().toRequest();
}

/** CAT-02 body: what the summary is grouped by and which items it counts. */
export interface ConfigSummaryArgs {
  /** Group-by columns: `type` and tag keys (`config_class` is grouped in the browser). */
  groupBy: string[];
  /** Whether deleted items are counted. */
  deleted: boolean;
  /** Label key → value (`!value` excludes) the counted items must carry (an owner team's). */
  filter?: Record<string, string>;
  health?: TriStateMap;
  status?: TriStateMap;
}

/** The period of the summary's changes, insights and cost (the console asks for 30 days). */
export const SUMMARY_PERIOD = '30d';

export function configSummaryBody(args: ConfigSummaryArgs): Record<string, unknown> {
  const body: Record<string, unknown> = {
    groupBy: args.groupBy.filter((column) => column !== 'config_class'),
    deleted: args.deleted,
  };
  if (args.filter && Object.keys(args.filter).length > 0) body.filter = args.filter;
  if (args.health && Object.keys(args.health).length > 0)
    body.health = triStateToQuery(args.health);
  if (args.status && Object.keys(args.status).length > 0)
    body.status = triStateToQuery(args.status);
  body.changes = { since: SUMMARY_PERIOD };
  body.analysis = { since: SUMMARY_PERIOD };
  body.cost = SUMMARY_PERIOD;
  return body;
}

/** The 30-day cost of a summary row: `cost_30d` as sent, else the older `cost_total_30d`. */
export function summaryCost(row: ConfigSummaryRow): number {
  const value = row.cost_30d ?? row.cost_total_30d;
  const amount = typeof value === 'string' ? Number(value) : value;
  return typeof amount === 'number' && Number.isFinite(amount) ? amount : 0;
}

const CONFIGS_LIST_TAG = { type: 'Configs', id: 'LIST' } as const;

/** What the catalog page's Refresh reloads: the config list. */
export const catalogTags = [CONFIGS_LIST_TAG] as const;

/** The filters' option lists: they change with the catalog, and are kept five minutes. */
const FILTER_OPTIONS_CACHE = { providesTags: [CONFIGS_LIST_TAG], keepUnusedDataFor: 300 };

/**
 * The catalog (api.md §10.1): the list a page at a time, the summary by type, and the option
 * lists of its filters (types, statuses, labels, tag and label keys).
 */
export const catalogApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** CAT-01, with `Prefer: count=exact`. */
    getConfigList: build.query<ConfigListPage, ConfigListArgs, ConfigListItem[]>({
      query: configListRequest,
      rawResponseSchema: responseSchema(ConfigListStruct, 'GET /api/db/configs'),
      transformResponse: pageOf('configs'),
      providesTags: [CONFIGS_LIST_TAG],
    }),
    /** CAT-02: `POST /api/catalog/summary`. */
    getConfigSummary: build.query<ConfigSummaryRow[], ConfigSummaryArgs>({
      query: (args) => ({
        url: '/api/catalog/summary',
        method: 'POST',
        body: configSummaryBody(args),
      }),
      responseSchema: responseSchema(ConfigSummaryStruct, 'POST /api/catalog/summary'),
      providesTags: [CONFIGS_LIST_TAG],
    }),
    /** CAT-13: `tag:{key}` and `label:{key}`. */
    getConfigTagKeys: build.query<string[], void>({
      query: () => pg('config_tags_labels_keys').toRequest(),
      rawResponseSchema: responseSchema(TagKeysStruct, 'GET /api/db/config_tags_labels_keys'),
      transformResponse: (rows: Array<{ key: string }>) => rows.map((row) => row.key).sort(),
      ...FILTER_OPTIONS_CACHE,
    }),
    /** CAT-14 */
    getConfigTypes: build.query<string[], void>({
      query: () => pg('config_types').toRequest(),
      rawResponseSchema: responseSchema(ConfigTypesStruct, 'GET /api/db/config_types'),
      transformResponse: columnValues('type'),
      ...FILTER_OPTIONS_CACHE,
    }),
    /** CAT-15 */
    getConfigStatuses: build.query<string[], void>({
      query: () => pg('config_statuses').toRequest(),
      rawResponseSchema: responseSchema(ConfigStatusesStruct, 'GET /api/db/config_statuses'),
      transformResponse: columnValues('status'),
      ...FILTER_OPTIONS_CACHE,
    }),
    /** CAT-12, kept a minute. */
    getConfigLabels: build.query<Array<{ key: string; value: string }>, void>({
      query: () => pg('config_labels').toRequest(),
      rawResponseSchema: responseSchema(ConfigLabelsStruct, 'GET /api/db/config_labels'),
      transformResponse: (rows: Array<{ key: string; value?: string | null }>) =>
        rows.map((row) => ({ key: row.key, value: row.value ?? '' })),
      keepUnusedDataFor: 60,
    }),
  }),
});

export const {
  useGetConfigListQuery,
  useGetConfigSummaryQuery,
  useGetConfigTagKeysQuery,
  useGetConfigTypesQuery,
  useGetConfigStatusesQuery,
  useGetConfigLabelsQuery,
} = catalogApi;
