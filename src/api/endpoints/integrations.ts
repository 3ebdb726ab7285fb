/**
 * Integrations (api.md §19): the scrapers, topologies and log backends with their last job a
 * page at a time (INT-01), and the values files of the charts the Add Integration wizard
 * installs (MISC-06-style `/api/schemas/{chart}.values.json`, shown as YAML; their JSON schemas are read with
 * the editors' schema query). One integration is read and written through the generic settings
 * resources (§21).
 */
import type { SortOrder } from '../../lib/listState';
import { baseApi } from '../baseApi';
import type { RequestArgs } from '../baseQuery';
import { pg } from '../postgrest';
import type { IntegrationRow } from '../schemas/integrations';
import { IntegrationRowsStruct } from '../schemas/integrations';
import { responseSchema } from '../validate';
import { pageOf } from '../pages';

/** The relation of INT-01. */
const INTEGRATIONS_VIEW = 'integrations_with_status';

export interface IntegrationsArgs {
  /** Zero-based page. */
  pageIndex: number;
  /** Rows per page. */
  pageSize: number;
  /** The user's sort, sent as a second `order`; none by default. */
  sortBy?: string | undefined;
  sortOrder?: SortOrder | undefined;
}

/** One page of integrations. */
export interface IntegrationsPage {
  rows: IntegrationRow[];
  /** From `Content-Range`; the page's length when the backend sends no total. */
  total: number;
}

/**
 * INT-01 exactly as api.md writes it: `order=created_at.desc&select=*&deleted_at=is.null&limit
 * &offset`, and the user's sort as a second `order` after them (§23 #8: the last is meant to
 * win), with `Prefer: count=exact`.
 */
export function integrationsRequest(args: IntegrationsArgs): RequestArgs {
  let query = pg(INTEGRATIONS_VIEW)
    .order('created_at', 'desc')
    .select('*')
    .is('deleted_at', null)
    .range(args.pageIndex, args.pageSize);
  if (args.sortBy) query = query.param('order', `${args.sortBy}.${args.sortOrder ?? 'asc'}`);
  return query.count().toRequest();
}

/** The address of a chart's default values (a JSON document). */
export function chartValuesUrl(chart: string): string {
  return `/api/schemas/${encodeURIComponent(`${chart}.values.json`)}`;
}

/** The MISC-06 file name of a chart's values schema, for `useGetJsonSchemaQuery`. */
export function chartValuesSchemaFile(chart: string): string {
  return `${chart}.values.schema.json`;
}

export const integrationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** INT-01: a page of integrations with their last job. */
    getIntegrations: build.query<IntegrationsPage, IntegrationsArgs, IntegrationRow[]>({
      query: integrationsRequest,
      rawResponseSchema: responseSchema(IntegrationRowsStruct, `GET /api/db/${INTEGRATIONS_VIEW}`),
      transformResponse: pageOf('rows', 'total'),
      providesTags: [{ type: 'Integrations', id: 'LIST' }],
    }),
    /** A chart's default values as YAML text, as a values file is written. */
    getChartValues: build.query<string, string>({
      query: (chart) => ({ url: chartValuesUrl(chart) }),
      // js-yaml loads with the first values file, not with the integrations list.
      transformResponse: async (data: unknown) =>
        typeof data === 'string'
          ? data
          : (await import('js-yaml')).dump(data ?? {}, { noRefs: true, lineWidth: -1 }),
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useGetIntegrationsQuery, useGetChartValuesQuery } = integrationsApi;

// ---------------------------------------------------------------- page tags

/** What the integrations page's Refresh reloads. */
export const integrationTags = [{ type: 'Integrations', id: 'LIST' }] as const;
