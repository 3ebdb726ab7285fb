import { baseApi } from '../baseApi';
import type { FoundResource, ResourceSearchResult } from '../schemas/resources';
import { ResourceSearchResultStruct } from '../schemas/resources';
import { responseSchema } from '../validate';

/** The kinds of resource MISC-03 searches. */
export const SEARCH_KINDS = [
  'configs',
  'checks',
  'canaries',
  'components',
  'connections',
  'playbooks',
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** A resource selector of MISC-03 (api.md): what to match in one kind. */
export interface ResourceSelector {
  id?: string;
  name?: string;
  namespace?: string;
  agent?: string;
  types?: string[];
  statuses?: string[];
  search?: string;
  includeDeleted?: boolean;
  limit?: number;
}

export interface SearchResourcesArgs {
  kind: SearchKind;
  /** The typed text. */
  search: string;
  /** More of the selector (types, namespace, ...). */
  selector?: ResourceSelector;
}

/** Kinds whose selector names an agent; the others name a name. */
const AGENT_KINDS: ReadonlySet<SearchKind> = new Set([
  'configs',
  'components',
  'checks',
  'canaries',
]);

/**
 * The body a picker sends (api.md MISC-03): the selector with the typed text as `search`, plus
 * `agent: "all"` for configs, components, checks and canaries or `name: "*"` for connections
 * and playbooks when the selector does not say.
 */
export function searchBody({ kind, search, selector = {} }: SearchResourcesArgs) {
  const withDefaults: ResourceSelector = { ...selector, search };
  if (AGENT_KINDS.has(kind)) withDefaults.agent ??= 'all';
  else withDefaults.name ??= '*';
  return { [kind]: [withDefaults] };
}

/** The kinds one MISC-03 request can search together: the resources and the config changes. */
export type MultiSearchKind = SearchKind | 'config_changes';

export interface SearchResourceKindsArgs {
  /** The kinds searched in the one request. */
  kinds: readonly MultiSearchKind[];
  /** The typed text (a selector: `type=…`, `tags.k=v`, free words as a name match). */
  search: string;
  /** At most this many per kind. */
  limit?: number;
  /** At most this many for these kinds (instead of `limit`). */
  limits?: Partial<Record<MultiSearchKind, number>>;
  /** A selector naming a key a kind lacks finds nothing of that kind (instead of a 400). */
  lenient?: boolean;
}

/**
 * The body of one MISC-03 search across several kinds (api.md allows several keys in one body):
 * each kind's selector as `searchBody` makes it (changes as configs, by agent), with its limit
 * when given, and `lenient` when asked.
 */
export function searchKindsBody({
  kinds,
  search,
  limit,
  limits,
  lenient,
}: SearchResourceKindsArgs) {
  const limitOf = (kind: MultiSearchKind) => limits?.[kind] ?? limit;
  const selectorOf = (kind: MultiSearchKind): ResourceSelector => {
    const max = limitOf(kind);
    return max === undefined ? {} : { limit: max };
  };
  const bodies = kinds.map((kind) =>
    kind === 'config_changes'
      ? { config_changes: [{ ...selectorOf(kind), search, agent: 'all' }] }
      : searchBody({ kind, search, selector: selectorOf(kind) }),
  );
  return Object.assign({}, ...bodies, lenient ? { lenient: true } : {}) as Partial<
    Record<MultiSearchKind, ResourceSelector[]>
  > & { lenient?: boolean };
}

export const resourcesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** MISC-03: the resources of one kind whose name holds the text. */
    searchResources: build.query<FoundResource[], SearchResourcesArgs, Record<string, unknown>>({
      query: (args) => ({ url: '/api/resources/search', method: 'POST', body: searchBody(args) }),
      rawResponseSchema: responseSchema(ResourceSearchResultStruct, 'POST /api/resources/search'),
      transformResponse: (answer: Record<string, unknown>, _meta, { kind }) =>
        (answer[kind] as FoundResource[] | null | undefined) ?? [],
      keepUnusedDataFor: 30,
    }),
    /**
     * MISC-03 over several kinds at once: per kind, what was found (absent when nothing). A
     * selector the server cannot read is a 400 naming the problem.
     */
    searchResourceKinds: build.query<ResourceSearchResult, SearchResourceKindsArgs>({
      query: (args) => ({
        url: '/api/resources/search',
        method: 'POST',
        body: searchKindsBody(args),
      }),
      responseSchema: responseSchema(ResourceSearchResultStruct, 'POST /api/resources/search'),
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useSearchResourcesQuery } = resourcesApi;
