/**
 * Scrape plugins (`scrape_plugins`, duty schema/config.hcl): the transforms every catalog
 * scraper applies. The list, one plugin by id, create, update and soft delete, through
 * `/api/db` like the other settings resources.
 */
import { baseApi } from '../baseApi';
import type { RequestArgs } from '../baseQuery';
import { defineOutcomes, editOutcomes } from '../outcomes';
import { firstRowOrNull } from '../pages';
import { AVATAR_COLUMNS, pg, pgInsert } from '../postgrest';
import type { ScrapePluginRow } from '../schemas/scrapePlugins';
import { ScrapePluginRowsStruct } from '../schemas/scrapePlugins';
import { responseSchema } from '../validate';

const TABLE = 'scrape_plugins';

/** The JSON schema file the spec editor checks a plugin's spec against (MISC-06). */
export const SCRAPE_PLUGIN_SCHEMA = 'scrape_plugin.schema.json';

/** The toasts of the writes. */
export const SCRAPE_PLUGIN_MESSAGES = {
  created: 'Scrape plugin created successfully',
  updated: 'Scrape plugin updated successfully',
  deleted: 'Scrape plugin deleted successfully',
  missing: 'The scrape plugin no longer exists.',
} as const;

/** What a plugin's form writes. */
export interface ScrapePluginValues {
  name: string;
  namespace: string | null;
  spec: Record<string, unknown>;
}

export interface UpdateScrapePluginArgs {
  id: string;
  values: ScrapePluginValues;
}

/**
 * `scrape_plugins?select=id,name,namespace,spec,source,created_at,updated_at,
 * created_by(A)&deleted_at=is.null&order=namespace.asc,name.asc`.
 */
export function scrapePluginsRequest(): RequestArgs {
  return pg(TABLE)
    .select(
      'id',
      'name',
      'namespace',
      'spec',
      'source',
      'created_at',
      'updated_at',
      `created_by(${AVATAR_COLUMNS})`,
    )
    .is('deleted_at', null)
    .order('namespace', 'asc')
    .order('name', 'asc')
    .toRequest();
}

const byId = (id: string) => pg(TABLE).eq('id', id).toRequest().url;

/** `scrape_plugins?id=eq.{id}&deleted_at=is.null`: the whole row. */
export function scrapePluginRequest(id: string): RequestArgs {
  return pg(TABLE).eq('id', id).is('deleted_at', null).toRequest();
}

/** POST a new plugin made in the console (`source` UI), stamped with its creator. */
export function createScrapePluginRequest(values: ScrapePluginValues): RequestArgs {
  return pgInsert(TABLE, { ...values, source: 'UI' });
}

/** PATCH the plugin's name, namespace and spec by id. */
export function updateScrapePluginRequest({ id, values }: UpdateScrapePluginArgs): RequestArgs {
  return { url: byId(id), method: 'PATCH', body: values, notFound: SCRAPE_PLUGIN_MESSAGES.missing };
}

/** Soft delete: `deleted_at` set by the database's clock. */
export function deleteScrapePluginRequest(id: string): RequestArgs {
  return {
    url: byId(id),
    method: 'PATCH',
    body: { deleted_at: 'now()' },
    notFound: SCRAPE_PLUGIN_MESSAGES.missing,
  };
}

const LIST = { type: 'ScrapePlugins' as const, id: 'LIST' };
const row = (id: string) => ({ type: 'ScrapePlugins' as const, id });

export const scrapePluginsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The live plugins, by namespace then name, with their creators. */
    getScrapePlugins: build.query<ScrapePluginRow[], void>({
      query: scrapePluginsRequest,
      responseSchema: responseSchema(ScrapePluginRowsStruct, `GET /api/db/${TABLE}`),
      providesTags: (rows) => [LIST, ...(rows ?? []).map((plugin) => row(plugin.id))],
    }),
    /** One live plugin; null when there is none. */
    getScrapePlugin: build.query<ScrapePluginRow | null, string, ScrapePluginRow[]>({
      query: scrapePluginRequest,
      rawResponseSchema: responseSchema(ScrapePluginRowsStruct, `GET /api/db/${TABLE}`),
      transformResponse: firstRowOrNull,
      providesTags: (_row, _error, id) => [row(id)],
    }),
    createScrapePlugin: build.mutation<ScrapePluginRow[], ScrapePluginValues>({
      query: createScrapePluginRequest,
      responseSchema: responseSchema(ScrapePluginRowsStruct, `POST /api/db/${TABLE}`),
      invalidatesTags: [LIST],
    }),
    updateScrapePlugin: build.mutation<ScrapePluginRow[], UpdateScrapePluginArgs>({
      query: updateScrapePluginRequest,
      responseSchema: responseSchema(ScrapePluginRowsStruct, `PATCH /api/db/${TABLE}`),
      invalidatesTags: (_rows, _error, { id }) => [LIST, row(id)],
    }),
    deleteScrapePlugin: build.mutation<ScrapePluginRow[], string>({
      query: deleteScrapePluginRequest,
      responseSchema: responseSchema(ScrapePluginRowsStruct, `PATCH /api/db/${TABLE}`),
      invalidatesTags: (_rows, _error, id) => [LIST, row(id)],
    }),
  }),
});

defineOutcomes(scrapePluginsApi, editOutcomes('ScrapePlugin', SCRAPE_PLUGIN_MESSAGES));

export const {
  useGetScrapePluginsQuery,
  useGetScrapePluginQuery,
  useCreateScrapePluginMutation,
  useUpdateScrapePluginMutation,
  useDeleteScrapePluginMutation,
} = scrapePluginsApi;

/** What the scrape plugins page's Refresh reloads. */
export const scrapePluginTags = [LIST] as const;
