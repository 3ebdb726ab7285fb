/**
 * The query string of `GET /canary/api/topology` (api.md TOPO-01), read the way the backend reads
 * it: `id`, `owner`, `labels`, `status`, `type`, `depth`, `flatten`, `sortBy`, `sortOrder` and
 * `noCache`/`no-cache` (accepted, no effect). `team`, `hidden` and `agent_id` are ignored, as
 * upstream ignores them; the console filters those itself.
 */
import { isUuid } from '../canary/ids';

type Query = Record<string, unknown>;

export type SortOrder = 'asc' | 'desc';

export interface LabelPair {
  key: string;
  value: string;
}

export interface TopologyQuery {
  /** The component whose children are the cards; null for the root components. */
  id: string | null;
  /** Exact `owner` of a card, when given. */
  owner: string | null;
  /** Every pair must be among a card's labels. */
  labels: LabelPair[];
  /** A card's `status` must be one of these (none: any). */
  statuses: string[];
  /** A card's `type` must be one of these (none: any). */
  types: string[];
  /** Levels of children each card carries. */
  depth: number;
  /** Cards are every component of the scope that matches, not only the top level. */
  flatten: boolean;
  sortBy: string;
  sortOrder: SortOrder;
}

/** Levels of children a card carries when `depth` is not given. */
export const DEFAULT_DEPTH = 3;
export const DEFAULT_SORT_BY = 'status';
export const DEFAULT_SORT_ORDER: SortOrder = 'desc';

/** The first value of a parameter (a repeated one gives an array), trimmed; undefined when empty. */
export function firstParam(query: Query, name: string): string | undefined {
  const raw = query[name];
  const item = Array.isArray(raw) ? raw[0] : raw;
  if (typeof item !== 'string') return undefined;
  const value = item.trim();
  return value === '' ? undefined : value;
}

/** The non-empty items of a comma list. */
export function commaList(value: string | undefined): string[] {
  if (value === undefined) return [];
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** A boolean as Go's `strconv.ParseBool` reads it; null when it is none. */
export function parseBool(value: string): boolean | null {
  if (['1', 't', 'T', 'true', 'TRUE', 'True'].includes(value)) return true;
  if (['0', 'f', 'F', 'false', 'FALSE', 'False'].includes(value)) return false;
  return null;
}

/** `key=value,key2=value2` as pairs; an error naming the first pair without a key or `=`. */
export function parseLabelPairs(value: string | undefined): LabelPair[] | { error: string } {
  const pairs: LabelPair[] = [];
  for (const item of commaList(value)) {
    const at = item.indexOf('=');
    const key = at < 0 ? '' : item.slice(0, at).trim();
    if (key === '') {
      return { error: `labels: "${item}" is not a key=value pair` };
    }
    pairs.push({ key, value: item.slice(at + 1).trim() });
  }
  return pairs;
}

/** Reads TOPO-01's query string, or an error message for a 400. */
export function readTopologyQuery(query: Query): TopologyQuery | { error: string } {
  const id = firstParam(query, 'id');
  if (id !== undefined && !isUuid(id)) return { error: `id must be a UUID, got "${id}"` };

  const labels = parseLabelPairs(firstParam(query, 'labels'));
  if ('error' in labels) return labels;

  const depthText = firstParam(query, 'depth');
  let depth = DEFAULT_DEPTH;
  if (depthText !== undefined) {
    if (!/^\d{1,6}$/.test(depthText)) {
      return { error: `depth must be a whole number of at least 0, got "${depthText}"` };
    }
    depth = Number(depthText);
  }

  const flattenText = firstParam(query, 'flatten');
  const flatten = flattenText === undefined ? false : parseBool(flattenText);
  if (flatten === null) return { error: `flatten must be true or false, got "${flattenText}"` };

  const sortOrder = firstParam(query, 'sortOrder') ?? DEFAULT_SORT_ORDER;
  if (sortOrder !== 'asc' && sortOrder !== 'desc') {
    return { error: `sortOrder must be asc or desc, got "${sortOrder}"` };
  }

  return {
    id: id?.toLowerCase() ?? null,
    owner: firstParam(query, 'owner') ?? null,
    labels,
    statuses: commaList(firstParam(query, 'status')),
    types: commaList(firstParam(query, 'type')),
    depth,
    flatten,
    sortBy: firstParam(query, 'sortBy') ?? DEFAULT_SORT_BY,
    sortOrder,
  };
}
