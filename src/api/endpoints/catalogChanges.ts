import type { TriStateMap } from '../../lib/triState';
import { triStateToQuery } from '../../lib/triState';
import { baseApi } from '../baseApi';
import { firstRowOrNull } from '../pages';
import type { RequestArgs } from '../baseQuery';
import { pg } from '../postgrest';
import type {
  CatalogChangesResponse,
  ChangeArtifact,
  ConfigChangeDetail,
  ConfigTagRow,
} from '../schemas/catalogChanges';
import {
  CatalogChangesResponseStruct,
  ChangeArtifactsStruct,
  ChangePeopleStruct,
  ConfigChangeDetailsStruct,
  ConfigTagsStruct,
} from '../schemas/catalogChanges';
import type { PersonSummary } from '../schemas/lookups';
import { responseSchema } from '../validate';
import type { ConfigChangesPage, PageArgs } from './configItem';
import { changesPage, changesWindowBody } from './configItem';

// ---------------------------------------------------------------- CAT-19 (global page)

/** What the global changes page asks CAT-19 for; every filter is optional. */
export interface CatalogChangesArgs extends PageArgs {
  /** One config's changes only (the page's `id` filter). */
  id?: string;
  /** Config types, `::` written `__` (`Kubernetes__Pod`), included (1) or excluded (-1). */
  configTypes?: TriStateMap;
  /** One config type, used when `configTypes` chooses none. */
  configType?: string;
  /** Change types. */
  changeTypes?: TriStateMap;
  /** People who made the change, by id. */
  createdBy?: TriStateMap;
  /** Authors outside the console (`external_created_by`), by name. */
  externalCreatedBy?: TriStateMap;
  summary?: TriStateMap;
  source?: TriStateMap;
  /** Datemath (`now-2d`) or an ISO time. */
  from?: string;
  to?: string;
  /** One severity. */
  severity?: string;
  /** A column the backend sorts by: name, change_type, summary, source, created_at, count. */
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
  /** `key=value` tags of the changed configs, included or excluded. */
  tags?: TriStateMap;
  includeDeletedConfigs: boolean;
}

const hasItems = (map: TriStateMap | undefined): map is TriStateMap =>
  map !== undefined && Object.keys(map).length > 0;

/** `key=value` → `[key, value]`; an item without `=` is a key alone. */
function splitTag(item: string): [string, string | undefined] {
  const at = item.indexOf('=');
  return at === -1 ? [item, undefined] : [item.slice(0, at), item.slice(at + 1)];
}

/** One key's part of a selector: `k=v` / `k in (a,b)`, or `k!=v` / `k notin (a,b)`. */
function keyRequirement(key: string, values: string[], include: boolean): string {
  if (values.length === 1) return `${key}${include ? '=' : '!='}${values[0]}`;
  return `${key} ${include ? 'in' : 'notin'} (${values.join(',')})`;
}

/**
 * The label selector of a tag selection, as CAT-19's `tags` takes it: per key (in the order
 * first chosen) the included values (`k=v`, or `k in (a,b)` for several), then the excluded ones
 * (`k!=v`, or `k notin (a,b)`), all joined by `,`. An item without `=` asks for the key to be
 * there (`k`) or not (`!k`). Empty for no selection.
 */
export function tagSelector(tags: TriStateMap): string {
  const keys = new Map<string, { include: string[]; exclude: string[]; exists?: 1 | -1 }>();
  for (const [item, state] of Object.entries(tags)) {
    const [key, value] = splitTag(item);
    const entry = keys.get(key) ?? { include: [], exclude: [] };
    if (value === undefined) entry.exists = state;
    else (state === 1 ? entry.include : entry.exclude).push(value);
    keys.set(key, entry);
  }
  const parts: string[] = [];
  for (const [key, { include, exclude, exists }] of keys) {
    if (exists !== undefined) parts.push(exists === 1 ? key : `!${key}`);
    if (include.length > 0) parts.push(keyRequirement(key, include, true));
    if (exclude.length > 0) parts.push(keyRequirement(key, exclude, false));
  }
  return parts.join(',');
}

/** `config_type` of CAT-19: the tri-state `a,!b` with `__` turned back into `::`. */
function configTypeQuery(args: CatalogChangesArgs): string | undefined {
  if (hasItems(args.configTypes)) {
    const map: TriStateMap = {};
    for (const [item, state] of Object.entries(args.configTypes)) {
      map[item.replaceAll('__', '::')] = state;
    }
    return triStateToQuery(map);
  }
  return args.configType || undefined;
}

/** `created_by` of CAT-19: people's ids and external authors' names in one tri-state. */
function createdByQuery(args: CatalogChangesArgs): string | undefined {
  const map: TriStateMap = { ...args.createdBy, ...args.externalCreatedBy };
  return hasItems(map) ? triStateToQuery(map) : undefined;
}

/**
 * CAT-19's body for the global changes page (api.md §10.2): only the keys that have a value,
 * in the reference's order. Tri-states are `a,!b`; `summary` and `source` items are
 * URI-encoded; `page` is sent from the second page on; `recursive` is `none` (no single config
 * to walk from) and `include_deleted_configs` is always sent.
 */
export function catalogChangesBody(args: CatalogChangesArgs): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (args.id) body.id = args.id;
  const configType = configTypeQuery(args);
  if (configType) body.config_type = configType;
  if (hasItems(args.changeTypes)) body.type = triStateToQuery(args.changeTypes);
  const createdBy = createdByQuery(args);
  if (createdBy) body.created_by = createdBy;
  if (hasItems(args.summary)) body.summary = triStateToQuery(args.summary, { uriEncode: true });
  if (hasItems(args.source)) body.source = triStateToQuery(args.source, { uriEncode: true });
  Object.assign(body, changesWindowBody(args));
  if (hasItems(args.tags)) {
    const selector = tagSelector(args.tags);
    if (selector) body.tags = selector;
  }
  body.recursive = 'none';
  body.include_deleted_configs = args.includeDeletedConfigs;
  return body;
}

/** CAT-19: `POST /api/catalog/changes`. */
export function catalogChangesRequest(args: CatalogChangesArgs): RequestArgs {
  return { url: '/api/catalog/changes', method: 'POST', body: catalogChangesBody(args) };
}

// ---------------------------------------------------------------- CAT-21, CAT-11, AUTH-03

/** Which change CAT-21 reads: the config it belongs to and its id. */
export interface ConfigChangeArgs {
  configId: string;
  id: string;
}

/** The columns CAT-21 selects, then the embedded config. */
export const CONFIG_CHANGE_SELECT = [
  'id,config_id,change_type,created_at,external_created_by,source,diff,details,patches,created_by',
  'config:configs(id,name,type,config_class)',
];

/** CAT-21: `config_changes?config_id=eq.{configId}&id=eq.{id}&select=…`. */
export function configChangeRequest({ configId, id }: ConfigChangeArgs): RequestArgs {
  return pg('config_changes')
    .eq('config_id', configId)
    .eq('id', id)
    .select(...CONFIG_CHANGE_SELECT)
    .toRequest();
}

/** CAT-11: `config_tags`, every `{ key, value }`. */
export function configTagsRequest(): RequestArgs {
  return pg('config_tags').toRequest();
}

/**
 * A change's artifacts, by name:
 * `artifacts?config_change_id=eq.{id}&deleted_at=is.null&select=id,filename,path,content_type,size,created_at&order=filename.asc`.
 */
export function changeArtifactsRequest(changeId: string): RequestArgs {
  return pg('artifacts')
    .eq('config_change_id', changeId)
    .is('deleted_at', null)
    .select('id,filename,path,content_type,size,created_at')
    .order('filename', 'asc')
    .toRequest();
}

/** AUTH-03: `people?select=*&deleted_at=is.null&email=not.is.null&order=name.asc`. */
export function changePeopleRequest(): RequestArgs {
  return pg('people')
    .select('*')
    .is('deleted_at', null)
    .not('email', 'is', null)
    .order('name', 'asc')
    .toRequest();
}

/** The cache tag of the global changes list; the page's refresh invalidates it. */
export const CATALOG_CHANGES_TAG = { type: 'ConfigChanges', id: 'LIST' } as const;

/** What the changes page's Refresh reloads: the change list. */
export const catalogChangesTags = [CATALOG_CHANGES_TAG] as const;

/**
 * The global changes page (api.md §10.2): the change search across the estate, one change with
 * its diff, and the option lists of its filters (tags, people).
 */
export const catalogChangesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** CAT-19: a page of changes, the total and the count per change type. */
    getCatalogChanges: build.query<ConfigChangesPage, CatalogChangesArgs, CatalogChangesResponse>({
      query: catalogChangesRequest,
      rawResponseSchema: responseSchema(CatalogChangesResponseStruct, 'POST /api/catalog/changes'),
      transformResponse: changesPage,
      providesTags: [CATALOG_CHANGES_TAG],
    }),
    /** CAT-21; null when the config has no such change. */
    getConfigChange: build.query<ConfigChangeDetail | null, ConfigChangeArgs, ConfigChangeDetail[]>(
      {
        query: configChangeRequest,
        rawResponseSchema: responseSchema(ConfigChangeDetailsStruct, 'GET /api/db/config_changes'),
        transformResponse: firstRowOrNull,
        providesTags: (_change, _error, args) => [
          CATALOG_CHANGES_TAG,
          { type: 'ConfigChanges', id: args.configId },
        ],
      },
    ),
    /** The files kept with a change, by name (each downloaded with MISC-04). */
    getChangeArtifacts: build.query<ChangeArtifact[], string>({
      query: changeArtifactsRequest,
      responseSchema: responseSchema(ChangeArtifactsStruct, 'GET /api/db/artifacts'),
      providesTags: (_rows, _error, changeId) => [{ type: 'ConfigChanges', id: changeId }],
    }),
    /** CAT-11: `key=value` pairs, sorted, without repeats. */
    getConfigTagValues: build.query<string[], void, ConfigTagRow[]>({
      query: configTagsRequest,
      rawResponseSchema: responseSchema(ConfigTagsStruct, 'GET /api/db/config_tags'),
      transformResponse: (rows: ConfigTagRow[]) =>
        [...new Set(rows.map((row) => `${row.key}=${row.value ?? ''}`))].sort(),
      providesTags: [{ type: 'Configs', id: 'LIST' }],
      keepUnusedDataFor: 300,
    }),
    /** AUTH-03: people with an email, by name. */
    getChangePeople: build.query<PersonSummary[], void>({
      query: changePeopleRequest,
      responseSchema: responseSchema(ChangePeopleStruct, 'GET /api/db/people'),
      providesTags: [{ type: 'People', id: 'LIST' }],
      keepUnusedDataFor: 300,
    }),
  }),
});

/**
 * A thunk giving the running CAT-19 request of `args`, if there is one:
 * `dispatch(runningCatalogChanges(args))?.abort()` cancels it.
 */
export function runningCatalogChanges(args: CatalogChangesArgs) {
  return catalogChangesApi.util.getRunningQueryThunk('getCatalogChanges', args);
}

export const {
  useGetCatalogChangesQuery,
  useGetConfigChangeQuery,
  useGetChangeArtifactsQuery,
  useGetConfigTagValuesQuery,
  useGetChangePeopleQuery,
} = catalogChangesApi;
