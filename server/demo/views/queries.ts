/**
 * A view's named queries against the catalog and the checks: selectors (with `$(var.key)`
 * references resolved) turned into parameterised SQL. Each query's rows are JSON objects with
 * the fields listed in QUERY_FIELDS; panels see them as tables of those columns.
 */
import type { SqlClient } from '../db/types';
import type { CheckSelector, ConfigSelector } from './spec';

export type QueryKind = 'configs' | 'checks';
export type QueryRow = Record<string, unknown>;

/** The fields of a query row, with the SQL type each has in a panel's table. */
export const QUERY_FIELDS: Record<QueryKind, ReadonlyArray<[string, string]>> = {
  configs: [
    ['id', 'text'],
    ['name', 'text'],
    ['type', 'text'],
    ['config_class', 'text'],
    ['status', 'text'],
    ['health', 'text'],
    ['ready', 'boolean'],
    ['description', 'text'],
    ['tags', 'jsonb'],
    ['labels', 'jsonb'],
    ['config', 'jsonb'],
    ['cost_total_30d', 'numeric'],
    ['created_at', 'timestamptz'],
    ['updated_at', 'timestamptz'],
  ],
  checks: [
    ['id', 'text'],
    ['name', 'text'],
    ['type', 'text'],
    ['status', 'text'],
    ['severity', 'text'],
    ['namespace', 'text'],
    ['canary_id', 'text'],
    ['labels', 'jsonb'],
    ['last_runtime', 'timestamptz'],
    ['created_at', 'timestamptz'],
    ['updated_at', 'timestamptz'],
  ],
};

const VARIABLE = /\$\(\s*var\.([A-Za-z0-9_-]+)\s*\)/g;

/** Replaces every `$(var.key)` in the strings of a selector by the variable's value ('' when unset). */
export function substitute<T>(value: T, variables: Record<string, string>): T {
  if (typeof value === 'string') {
    return value.replace(VARIABLE, (_match, key: string) => variables[key] ?? '') as T;
  }
  if (Array.isArray(value)) return value.map((item) => substitute(item, variables)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, substitute(item, variables)]),
    ) as T;
  }
  return value;
}

class Sql {
  readonly params: unknown[] = [];
  readonly where: string[] = [];
  bind(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }
}

function listOf(value: string | string[] | undefined): string[] {
  const items = Array.isArray(value) ? value : (value ?? '').split(',');
  return items.map((item) => item.trim()).filter((item) => item !== '');
}

/** `a,!b` on a text column: in the included values (if any), not in the excluded ones. */
function inclusion(sql: Sql, column: string, value: string | string[] | undefined): void {
  const items = listOf(value);
  const include = items.filter((item) => !item.startsWith('!'));
  const exclude = items.filter((item) => item.startsWith('!')).map((item) => item.slice(1));
  if (include.length > 0) sql.where.push(`${column} = ANY(${sql.bind(include)}::text[])`);
  if (exclude.length > 0) {
    sql.where.push(`(${column} IS NULL OR NOT ${column} = ANY(${sql.bind(exclude)}::text[]))`);
  }
}

/** `k=v,k2!=v2,k3` over a jsonb map of strings; `k=` with no value matches any. */
function keyValues(sql: Sql, column: string, selector: string | undefined): void {
  for (const term of listOf(selector)) {
    const match = /^([^!=]+?)\s*(!=|==|=)\s*(.*)$/.exec(term);
    if (!match) {
      const negated = term.startsWith('!');
      const key = negated ? term.slice(1) : term;
      sql.where.push(`${negated ? 'NOT ' : ''}COALESCE(${column} ? ${sql.bind(key)}, false)`);
      continue;
    }
    const [, key = '', operator, expected = ''] = match;
    // `key=` (an unset variable) selects any value.
    if (operator !== '!=' && expected.trim() === '') continue;
    const field = `${column} ->> ${sql.bind(key.trim())}`;
    if (operator === '!=') {
      sql.where.push(`${field} IS DISTINCT FROM ${sql.bind(expected.trim())}`);
    } else {
      sql.where.push(`${field} = ${sql.bind(expected.trim())}`);
    }
  }
}

/** A name search: `*` is a wildcard; without one, the name contains the text (any case). */
function search(sql: Sql, column: string, text: string | undefined): void {
  const value = (text ?? '').trim();
  if (value === '') return;
  const escaped = value.replace(/[\\%_]/g, (c) => `\\${c}`);
  const pattern = escaped.includes('*') ? escaped.replace(/\*/g, '%') : `%${escaped}%`;
  sql.where.push(`${column} ILIKE ${sql.bind(pattern)}`);
}

function configSql(selector: ConfigSelector, extra?: { id: string }): Sql {
  const sql = new Sql();
  sql.where.push('c.deleted_at IS NULL');
  if (selector.types && selector.types.length > 0) {
    sql.where.push(`c.type = ANY(${sql.bind(selector.types)}::text[])`);
  }
  keyValues(sql, 'c.tags', selector.tagSelector);
  keyValues(sql, 'c.labels', selector.labelSelector);
  search(sql, 'c.name', selector.search);
  inclusion(sql, 'c.health', selector.health);
  inclusion(sql, 'c.status', selector.status);
  if (extra) sql.where.push(`c.id = ${sql.bind(extra.id)}::uuid`);
  return sql;
}

function checkSql(selector: CheckSelector): Sql {
  const sql = new Sql();
  sql.where.push('c.deleted_at IS NULL');
  if (selector.types && selector.types.length > 0) {
    sql.where.push(`c.type = ANY(${sql.bind(selector.types)}::text[])`);
  }
  keyValues(sql, 'c.labels', selector.labelSelector);
  search(sql, 'c.name', selector.search);
  inclusion(sql, 'c.status', selector.status);
  inclusion(sql, 'c.severity', selector.severity);
  return sql;
}

function fieldList(kind: QueryKind): string {
  return QUERY_FIELDS[kind]
    .map(([name, type]) => (type === 'text' ? `c.${name}::text AS ${name}` : `c.${name}`))
    .join(', ');
}

/** The rows a query selects, as JSON objects (times as ISO strings), by name then id. */
export async function runQuery(
  db: SqlClient,
  kind: QueryKind,
  selector: ConfigSelector | CheckSelector,
): Promise<QueryRow[]> {
  const sql = kind === 'configs' ? configSql(selector as ConfigSelector) : checkSql(selector);
  const table = kind === 'configs' ? 'config_items' : 'checks';
  const { rows } = await db.query<{ row: QueryRow }>(
    `SELECT to_jsonb(x) AS row FROM (
       SELECT ${fieldList(kind)} FROM ${table} c WHERE ${sql.where.join(' AND ')}
       ORDER BY c.name, c.id
     ) x`,
    sql.params,
  );
  return rows.map((r) => r.row);
}

/** The distinct names of the configs a selector matches (a variable's options), sorted. */
export async function configNames(db: SqlClient, selector: ConfigSelector): Promise<string[]> {
  const sql = configSql(selector);
  const { rows } = await db.query<{ name: string }>(
    `SELECT DISTINCT c.name FROM config_items c
      WHERE ${sql.where.join(' AND ')} AND c.name IS NOT NULL ORDER BY c.name`,
    sql.params,
  );
  return rows.map((r) => r.name);
}

/** Whether the config `id` matches a selector. */
export async function configMatches(
  db: SqlClient,
  selector: ConfigSelector,
  id: string,
): Promise<boolean> {
  const sql = configSql(selector, { id });
  const { rows } = await db.query(
    `SELECT 1 FROM config_items c WHERE ${sql.where.join(' AND ')} LIMIT 1`,
    sql.params,
  );
  return rows.length > 0;
}
