import { evaluateDateMath, formatRfc3339 } from './datemath';

/** Columns whose `.filter` value is date math rather than a list of values. */
export const DATE_FILTER_FIELDS: ReadonlySet<string> = new Set([
  'acknowledged',
  'check_time',
  'closed',
  'created_at',
  'deleted_at',
  'end_time',
  'expires_at',
  'first_observed',
  'last_attempt',
  'last_login',
  'last_observed',
  'last_received',
  'last_runtime',
  'last_scraped_time',
  'last_seen',
  'last_transition_time',
  'next_runtime',
  'resolved',
  'scheduled_time',
  'silenced_at',
  'start_time',
  'time',
  'time_end',
  'time_start',
  'updated_at',
]);

const SUFFIX = '.filter';

function quoteListValue(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

function dateFilter(column: string, value: string, now: Date): Array<[string, string]> {
  const operators: Record<string, string> = { '=': 'eq', '>': 'gt', '<': 'lt' };
  const prefix = value.charAt(0);
  const operator = operators[prefix];
  const expression = operator === undefined ? value : value.slice(1);
  const time = formatRfc3339(evaluateDateMath(expression, now));
  return [[column, `${operator ?? 'lt'}.${time}`]];
}

function listFilter(column: string, value: string): Array<[string, string]> {
  const include: string[] = [];
  const exclude: string[] = [];
  const patterns: string[] = [];
  for (const raw of value.split(',')) {
    const excluded = raw.startsWith('!');
    const item = excluded ? raw.slice(1) : raw;
    if (item === '') continue;
    if (item.startsWith('*') || item.endsWith('*')) {
      if (!excluded) patterns.push(item);
    } else {
      (excluded ? exclude : include).push(item);
    }
  }
  const out: Array<[string, string]> = [];
  if (include.length > 0) out.push([column, `in.(${include.map(quoteListValue).join(',')})`]);
  if (exclude.length > 0) out.push([column, `not.in.(${exclude.map(quoteListValue).join(',')})`]);
  for (const pattern of patterns) out.push([column, `like.${pattern}`]);
  return out;
}

/**
 * A jsonb column's list (a `labels` column): each item `key:value` is a label, matched by
 * containment (`cs.{"key":"value"}`); several included labels match any of them (`or=(…)`),
 * `!key:value` excludes rows with that label (rows without labels stay). An item without `:`
 * names no label and is left out.
 */
function labelFilter(column: string, value: string): Array<[string, string]> {
  const include: string[] = [];
  const exclude: string[] = [];
  for (const raw of value.split(',')) {
    const excluded = raw.startsWith('!');
    const item = excluded ? raw.slice(1) : raw;
    const colon = item.indexOf(':');
    if (colon <= 0) continue;
    const label = JSON.stringify({ [item.slice(0, colon)]: item.slice(colon + 1) });
    (excluded ? exclude : include).push(label);
  }
  const out: Array<[string, string]> = [];
  if (include.length === 1) out.push([column, `cs.${include[0]}`]);
  else if (include.length > 1) {
    out.push(['or', `(${include.map((label) => `${column}.cs.${label}`).join(',')})`]);
  }
  for (const label of exclude) out.push(['or', `(${column}.is.null,${column}.not.cs.${label})`]);
  return out;
}

/**
 * Mission Control's `{column}.filter=` query extension, applied before PostgREST parsing:
 * date columns take date math with an optional `=`, `>` or `<` prefix (default `<`); other
 * columns take comma-separated values where `!x` excludes, `*x*`/`*x`/`x*` become `like`
 * patterns (excluded patterns are dropped) and plain values become `in.(...)` /
 * `not.in.(...)`; the columns of `jsonColumns` (a view's `labels`) take labels (`labelFilter`).
 * Only the first value of each `.filter` key counts. The rewritten filters
 * take the place of the first occurrence; everything else keeps its order.
 *
 * Throws DateMathError for a date value it cannot evaluate.
 */
export function applyFilterExtension(
  params: URLSearchParams,
  now: Date,
  jsonColumns: ReadonlySet<string> = new Set(),
): URLSearchParams {
  const out = new URLSearchParams();
  const seen = new Set<string>();
  for (const [key, value] of params) {
    if (!key.endsWith(SUFFIX) || key.length === SUFFIX.length) {
      out.append(key, value);
      continue;
    }
    if (seen.has(key)) continue;
    seen.add(key);
    const column = key.slice(0, -SUFFIX.length);
    const rewritten = DATE_FILTER_FIELDS.has(column)
      ? dateFilter(column, value, now)
      : jsonColumns.has(column)
        ? labelFilter(column, value)
        : listFilter(column, value);
    for (const [k, v] of rewritten) out.append(k, v);
  }
  return out;
}
