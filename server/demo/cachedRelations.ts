import type { ReadCache, VersionedTable } from './db/readCache';
import type { PostgrestRequest, PostgrestResponse } from './postgrest';

/**
 * Relations under `/api/db` whose reads are kept (see ReadCache), with the tables they are read
 * from: the catalog list and search (CAT-01) read `configs`, a view over the config items that
 * counts their changes and open analyses, with the agent embedded.
 */
const CACHED_RELATIONS: Record<string, readonly VersionedTable[]> = {
  configs: ['config_items', 'config_changes', 'config_analysis', 'agents'],
};

/** Headers that shape a read's answer, part of its key. */
const ANSWER_HEADERS = ['accept', 'prefer', 'range', 'range-unit'];

/**
 * A PostgREST request answered from `reads` when it is a read of a cached relation (the key
 * holds the caller, the query and the headers that shape the answer), else run as it is.
 */
export function cachedRead(
  reads: ReadCache,
  request: PostgrestRequest,
  run: () => Promise<PostgrestResponse>,
): Promise<PostgrestResponse> {
  const tables = CACHED_RELATIONS[request.relation];
  if (request.method !== 'GET' || tables === undefined) return run();
  const key = JSON.stringify([
    'db',
    request.relation,
    request.query.toString(),
    request.claims ?? null,
    ANSWER_HEADERS.map((name) => request.headers[name] ?? null),
  ]);
  return reads.read(key, tables, run);
}
