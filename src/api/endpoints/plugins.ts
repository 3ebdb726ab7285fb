/** The installed plugins: the `plugins` table (duty schema/plugins.hcl). */
import { baseApi, listTags } from '../baseApi';
import type { RequestArgs } from '../baseQuery';
import { pg } from '../postgrest';
import type { PluginRow } from '../schemas/plugins';
import { PluginRowsStruct } from '../schemas/plugins';
import { responseSchema } from '../validate';

/** The columns the Plugins page reads, as the original console asks for them. */
export const PLUGIN_COLUMNS = [
  'id',
  'name',
  'namespace',
  'source',
  'spec',
  'installed_path',
  'plugin_version',
  'created_at',
  'updated_at',
  'deleted_at',
] as const;

/** `plugins?select=…&deleted_at=is.null&order=namespace.asc,name.asc`. */
export function pluginsRequest(): RequestArgs {
  return pg('plugins')
    .select(...PLUGIN_COLUMNS)
    .is('deleted_at', null)
    .order('namespace', 'asc')
    .order('name', 'asc')
    .toRequest();
}

export const pluginsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Every plugin not deleted, by namespace then name. */
    getPlugins: build.query<PluginRow[], void>({
      query: pluginsRequest,
      responseSchema: responseSchema(PluginRowsStruct, 'GET /api/db/plugins'),
      providesTags: listTags('Plugins'),
    }),
  }),
});

export const { useGetPluginsQuery } = pluginsApi;

/** What the Plugins page's Refresh reloads. */
export const pluginTags = listTags('Plugins');

/**
 * The version a plugin runs: the one its binary reported, else the one its spec asks for;
 * undefined when neither is known.
 */
export function pluginVersion(row: PluginRow): string | undefined {
  const reported = row.plugin_version?.trim();
  if (reported) return reported;
  return row.spec?.version?.trim() || undefined;
}
