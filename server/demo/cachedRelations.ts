import type { ReadCache, TimeWindow, VersionedTable } from './db/readCache';
import { evaluateDateMath, formatRfc3339 } from './postgrest/datemath';
import { DATE_FILTER_FIELDS } from './postgrest/filterExtension';
import type { PostgrestRequest, PostgrestResponse } from './postgrest';
import { EncodedJson } from './routes/encodedJson';

interface CachedRelation {
  /** Every table the relation and the embeds it may be read with are read from. */
  tables: readonly VersionedTable[];
  /** Relations that may be embedded (`select=agent:agents(...)`); any other is not kept. */
  embeds: ReadonlySet<string>;
  /** Windows ending now of the relation itself. */
  windows: readonly TimeWindow[];
  /**
   * The table whose timestamps the relation's own date columns are, and those columns; none when
   * date math on the relation is not kept.
   */
  dated?: { table: VersionedTable; columns: ReadonlySet<string> };
}

/**
 * Every table the access review's views read (300_access_review.sql): the grants unwrapped per
 * group member, their items, users, groups, roles and latest sign-ins. None of them reads the
 * time, and none reads `external_user_aliases`.
 */
const ACCESS_TABLES: readonly VersionedTable[] = [
  'config_access',
  'external_user_groups',
  'config_items',
  'external_users',
  'external_groups',
  'external_roles',
  'config_access_logs',
];

/** A read of the access review: its tables, no embeds, no windows, no date math kept. */
const ACCESS_READ: CachedRelation = { tables: ACCESS_TABLES, embeds: new Set(), windows: [] };

/**
 * Relations under `/api/db` whose reads are kept (see ReadCache): the catalog list and search
 * (CAT-01) read `configs`, a view over the config items that counts their changes of the last
 * seven days and their open analyses, with the agent embedded; the access review reads its four
 * summaries and its filters' options (`GET rpc/config_access_filter_options`, whose arguments are
 * part of the query and so of the key).
 */
const CACHED_RELATIONS: Record<string, CachedRelation> = {
  configs: {
    tables: ['config_items', 'config_changes', 'config_analysis', 'agents'],
    embeds: new Set(['agents']),
    // `changes` counts `cc.created_at > now() - interval '7 days'` (060_catalog_views.sql).
    windows: [{ table: 'config_changes', column: 'created_at', interval: '7 days' }],
    dated: { table: 'config_items', columns: new Set(['created_at', 'updated_at', 'deleted_at']) },
  },
  config_access_summary: ACCESS_READ,
  config_access_summary_by_user: ACCESS_READ,
  config_access_summary_by_group: ACCESS_READ,
  config_access_summary_by_config: ACCESS_READ,
  'rpc/config_access_filter_options': ACCESS_READ,
};

/** Headers that shape a read's answer, part of its key. */
const ANSWER_HEADERS = ['accept', 'prefer', 'range', 'range-unit'];

/** Words PostgreSQL reads as a moment relative to now in a timestamp (`created_at=gt.now`). */
const SPECIAL_TIMES = /\b(now|today|tomorrow|yesterday)\b/i;

/** A relation named before `(` in a select: an embed, or an aggregate such as `count()`. */
const EMBED = /([A-Za-z_][\w$]*)\s*(?:![\w$]+)?\s*\(/g;

const FILTER_SUFFIX = '.filter';

/**
 * The windows ending now of a read of `relation` with `query`, or null when the read is not kept:
 * it embeds a relation not known to be versioned, or reads a time in a way the cache cannot
 * follow (a plain filter against `now`, date math on a column that is not the relation's own).
 */
function windowsOfRead(relation: CachedRelation, query: URLSearchParams): TimeWindow[] | null {
  const windows = [...relation.windows];
  const seen = new Set<string>();
  for (const [key, value] of query) {
    if (key === 'select') {
      for (const [, name] of value.matchAll(EMBED)) {
        if (!relation.embeds.has(name ?? '')) return null;
      }
      continue;
    }
    const column = key.endsWith(FILTER_SUFFIX) ? key.slice(0, -FILTER_SUFFIX.length) : null;
    if (column === null || !DATE_FILTER_FIELDS.has(column)) {
      if (SPECIAL_TIMES.test(value)) return null;
      continue;
    }
    // Date math, as the engine reads it (filterExtension.ts): the first value of the key, an
    // optional `=`, `>` or `<`, a moment written to the second.
    if (seen.has(key)) continue;
    seen.add(key);
    const expression = /^[=<>]/.test(value) ? value.slice(1) : value;
    if (!expression.trim().startsWith('now')) continue;
    const { dated } = relation;
    if (dated === undefined || !dated.columns.has(column)) return null;
    const bound = (now: Date) => new Date(formatRfc3339(evaluateDateMath(expression, now)));
    try {
      bound(new Date());
    } catch {
      return null;
    }
    windows.push({ table: dated.table, column, bound });
  }
  return windows;
}

/**
 * A PostgREST request answered from `reads` when it is a read of a cached relation (the key
 * holds the caller, the query and the headers that shape the answer), else run as it is. The
 * read and its date math are made at the cache's moment, so a kept answer is the one the
 * engine gives at the time of each read.
 */
export function cachedRead(
  reads: ReadCache,
  request: PostgrestRequest,
  run: (now?: Date) => Promise<PostgrestResponse>,
): Promise<PostgrestResponse> {
  const relation = CACHED_RELATIONS[request.relation];
  if (request.method !== 'GET' || relation === undefined) return run();
  const windows = windowsOfRead(relation, request.query);
  if (windows === null) return run();
  const key = JSON.stringify([
    'db',
    request.relation,
    request.query.toString(),
    request.claims ?? null,
    request.narrow?.key ?? null,
    ANSWER_HEADERS.map((name) => request.headers[name] ?? null),
  ]);
  // Kept with its body ready to send: written once, compressed once per encoding.
  const prepare = async (now: Date) => {
    const response = await run(now);
    if (response.body === undefined) return response;
    return { ...response, prepared: new EncodedJson(JSON.stringify(response.body)) };
  };
  return reads.read(key, relation.tables, prepare, windows);
}
