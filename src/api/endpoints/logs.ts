import { baseApi } from '../baseApi';
import type { RequestArgs } from '../baseQuery';
import { pg } from '../postgrest';
import type { ComponentWithLogs, LogLine, LogSearchResult } from '../schemas/logs';
import { ComponentsWithLogsStruct, LogSearchResultStruct } from '../schemas/logs';
import { responseSchema } from '../validate';

/** The path of LOG-01. */
export const LOGS_URL = '/api/logs';

/** What a log search asks for (api.md LOG-01). */
export interface LogSearchArgs {
  /** The component. */
  id: string;
  /** The name of one of its log selectors. */
  name: string;
  /** Label pairs every line must carry. */
  labels?: Record<string, string>;
  /** The window as ISO times; a real backend ignores them, so the console filters too. */
  start?: string;
  end?: string;
}

/** What the console reads of LOG-01: the lines (none when the body has none) and their total. */
export interface LogSearch {
  total: number;
  lines: LogLine[];
}

/** LOG-01: `POST /api/logs` with `{ name, id, labels?, start?, end? }`. */
export function logSearchRequest({ id, name, labels, start, end }: LogSearchArgs): RequestArgs {
  return {
    url: LOGS_URL,
    method: 'POST',
    body: {
      name,
      id,
      ...(labels && Object.keys(labels).length > 0 ? { labels } : {}),
      ...(start ? { start } : {}),
      ...(end ? { end } : {}),
    },
  };
}

/** TOPO-06: `GET /api/db/components_with_logs?order=name.asc`. */
export function componentsWithLogsRequest(): RequestArgs {
  return pg('components_with_logs').order('name', 'asc').toRequest();
}

export const logsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** LOG-01 */
    searchLogs: build.query<LogSearch, LogSearchArgs, LogSearchResult>({
      query: logSearchRequest,
      rawResponseSchema: responseSchema(LogSearchResultStruct, `POST ${LOGS_URL}`),
      transformResponse: (answer: LogSearchResult) => {
        const lines = answer.results ?? [];
        return { total: answer.total ?? lines.length, lines };
      },
      // A search is a read; the same search again within a minute is served from the cache
      // unless the page is refreshed.
      keepUnusedDataFor: 60,
      providesTags: (_result, _error, { id }) => [{ type: 'Components', id: `logs:${id}` }],
    }),
    /** TOPO-06 */
    getComponentsWithLogs: build.query<ComponentWithLogs[], void>({
      query: componentsWithLogsRequest,
      responseSchema: responseSchema(ComponentsWithLogsStruct, 'GET /api/db/components_with_logs'),
      providesTags: [{ type: 'Components', id: 'LIST' }],
    }),
  }),
});

export const { useSearchLogsQuery, useGetComponentsWithLogsQuery } = logsApi;

// ---------------------------------------------------------------- page tags

/** What the logs page's Refresh reloads: the components that have logs. */
export const logComponentTags = [{ type: 'Components', id: 'LIST' }] as const;
