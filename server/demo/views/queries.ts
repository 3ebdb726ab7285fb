/**
 * A view's named queries against the catalog, the checks, config changes, incidents and playbook
 * runs: selectors (with `$(var.key)` references resolved) turned into parameterised SQL. Each
 * query's rows are JSON objects with the fields listed in QUERY_FIELDS; panels see them as
 * tables of those columns.
 */
import type { SqlClient } from '../db/types';
import {
  timeBound,
  type ChangeSelector,
  type CheckSelector,
  type ConfigSelector,
  type IncidentSelector,
  type PlaybookRunSelector,
  type QueryKind,
} from './spec';

export type { QueryKind };
export type QueryRow = Record<string, unknown>;
export type AnySelector =
  ConfigSelector | CheckSelector | ChangeSelector | IncidentSelector | PlaybookRunSelector;

/** A selector the database cannot run: answered as the view's error, not a crash. */
export class QuerySelectorError extends Error {}

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
  changes: [
    ['id', 'text'],
    ['config_id', 'text'],
    ['name', 'text'],
    ['type', 'text'],
    ['tags', 'jsonb'],
    ['change_type', 'text'],
    ['severity', 'text'],
    ['source', 'text'],
    ['summary', 'text'],
    ['created_by', 'text'],
    ['count', 'integer'],
    ['created_at', 'timestamptz'],
  ],
  incidents: [
    ['id', 'text'],
    ['incident_id', 'text'],
    ['title', 'text'],
    ['type', 'text'],
    ['severity', 'text'],
    ['status', 'text'],
    ['acknowledged', 'timestamptz'],
    ['resolved', 'timestamptz'],
    ['closed', 'timestamptz'],
    ['created_at', 'timestamptz'],
  ],
  playbookRuns: [
    ['id', 'text'],
    ['playbook_id', 'text'],
    ['playbook', 'text'],
    ['status', 'text'],
    ['config_id', 'text'],
    ['check_id', 'text'],
    ['error', 'text'],
    ['created_at', 'timestamptz'],
    ['start_time', 'timestamptz'],
    ['end_time', 'timestamptz'],
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

/** Splits on commas outside parentheses (`a,k in (x,y)` is two terms). */
function splitTerms(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (c === '(') depth += 1;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === ',' && depth === 0) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out;
}

function listOf(value: string | string[] | undefined): string[] {
  const items = Array.isArray(value) ? value.flatMap((v) => v.split(',')) : splitTerms(value ?? '');
  return items.map((item) => item.trim()).filter((item) => item !== '');
}

/** `a,-b` (upstream's UI filters) or `a,!b`: the excluded values start with `!` or `-`. */
function exclusionOf(item: string): string | null {
  return item.startsWith('!') || item.startsWith('-') ? item.slice(1) : null;
}

/** `a,!b` on a text column: in the included values (if any), not in the excluded ones. */
function inclusion(sql: Sql, column: string, value: string | string[] | undefined): void {
  const items = listOf(value);
  const include = items.filter((item) => exclusionOf(item) === null);
  const exclude = items.flatMap((item) => exclusionOf(item) ?? []);
  if (include.length > 0) sql.where.push(`${column} = ANY(${sql.bind(include)}::text[])`);
  if (exclude.length > 0) {
    sql.where.push(`(${column} IS NULL OR NOT ${column} = ANY(${sql.bind(exclude)}::text[]))`);
  }
}

/**
 * `k=v,k2!=v2,k3,k4 in (a,b),k5 notin (c)` over a jsonb map of strings; `k=` with no value and
 * `k in ()` (an unset or "All" variable) match any.
 */
function keyValues(sql: Sql, column: string, selector: string | undefined): void {
  for (const term of listOf(selector)) {
    const set = /^([^\s!=()]+)\s+(in|notin)\s*\((.*)\)$/i.exec(term);
    if (set) {
      const [, key = '', operator = '', list = ''] = set;
      const values = list
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v !== '');
      if (values.length === 0) continue;
      const field = `${column} ->> ${sql.bind(key)}`;
      sql.where.push(
        operator.toLowerCase() === 'in'
          ? `${field} = ANY(${sql.bind(values)}::text[])`
          : `(${field} IS NULL OR NOT ${field} = ANY(${sql.bind(values)}::text[]))`,
      );
      continue;
    }
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

/** `created_at` within the selector's `from` .. `to`. */
function timeRange(
  sql: Sql,
  column: string,
  selector: { from?: string; to?: string },
  now: Date,
): void {
  for (const [bound, operator] of [
    ['from', '>='],
    ['to', '<='],
  ] as const) {
    const time = timeBound(selector[bound], now);
    if (time === undefined) {
      throw new QuerySelectorError(
        `${bound} "${selector[bound] ?? ''}" is not a time (now, now-7d, 24h or an ISO time)`,
      );
    }
    if (time !== null) sql.where.push(`${column} ${operator} ${sql.bind(time.toISOString())}`);
  }
}

function changeSql(selector: ChangeSelector, now: Date): Sql {
  const sql = new Sql();
  sql.where.push('i.deleted_at IS NULL');
  if (selector.types && selector.types.length > 0) {
    sql.where.push(`c.change_type = ANY(${sql.bind(selector.types)}::text[])`);
  }
  inclusion(sql, 'c.change_type', selector.changeType);
  inclusion(sql, 'c.severity', selector.severity);
  inclusion(sql, 'i.type', selector.configTypes);
  keyValues(sql, 'i.tags', selector.tagSelector);
  search(sql, 'c.summary', selector.search);
  timeRange(sql, 'c.created_at', selector, now);
  return sql;
}

function incidentSql(selector: IncidentSelector, now: Date): Sql {
  const sql = new Sql();
  inclusion(sql, 'c.status', selector.status);
  inclusion(sql, 'c.severity', selector.severity);
  inclusion(sql, 'c.type', selector.type);
  search(sql, 'c.title', selector.search);
  timeRange(sql, 'c.created_at', selector, now);
  return sql;
}

function playbookRunSql(selector: PlaybookRunSelector, now: Date): Sql {
  const sql = new Sql();
  inclusion(sql, 'c.status', selector.status);
  search(sql, 'p.name', selector.playbook);
  timeRange(sql, 'c.created_at', selector, now);
  return sql;
}

function fieldList(
  kind: QueryKind,
  rename: Record<string, string> = {},
  omit: readonly string[] = [],
): string {
  return QUERY_FIELDS[kind]
    .map(([name, type]) => {
      if (omit.includes(name)) return `NULL::${type} AS ${name}`;
      const source = rename[name] ?? `c.${name}`;
      return type === 'text' ? `${source}::text AS ${name}` : `${source} AS ${name}`;
    })
    .join(', ');
}

/** The SQL of each kind: its rows, their order. */
function querySql(
  kind: QueryKind,
  selector: AnySelector,
  now: Date,
  omit: readonly string[],
): { sql: Sql; text: string } {
  const where = (sql: Sql) => (sql.where.length > 0 ? sql.where.join(' AND ') : 'true');
  switch (kind) {
    case 'configs': {
      const sql = configSql(selector as ConfigSelector);
      return {
        sql,
        text: `SELECT ${fieldList(kind, {}, omit)} FROM config_items c WHERE ${where(sql)} ORDER BY c.name, c.id`,
      };
    }
    case 'checks': {
      const sql = checkSql(selector as CheckSelector);
      return {
        sql,
        text: `SELECT ${fieldList(kind, {}, omit)} FROM checks c WHERE ${where(sql)} ORDER BY c.name, c.id`,
      };
    }
    case 'changes': {
      const sql = changeSql(selector as ChangeSelector, now);
      const fields = fieldList(kind, { name: 'i.name', type: 'i.type', tags: 'i.tags' }, omit);
      return {
        sql,
        text: `SELECT ${fields} FROM config_changes c JOIN config_items i ON i.id = c.config_id
                WHERE ${where(sql)} ORDER BY c.created_at DESC, c.id`,
      };
    }
    case 'incidents': {
      const sql = incidentSql(selector as IncidentSelector, now);
      return {
        sql,
        text: `SELECT ${fieldList(kind, {}, omit)} FROM incidents c WHERE ${where(sql)}
                ORDER BY c.created_at DESC, c.id`,
      };
    }
    case 'playbookRuns': {
      const sql = playbookRunSql(selector as PlaybookRunSelector, now);
      const fields = fieldList(kind, { playbook: 'p.name' }, omit);
      return {
        sql,
        text: `SELECT ${fields} FROM playbook_runs c JOIN playbooks p ON p.id = c.playbook_id
                WHERE ${where(sql)} ORDER BY c.created_at DESC, c.id`,
      };
    }
  }
}

/**
 * The rows a query selects, as JSON objects (times as ISO strings) without their null fields:
 * configs and checks by name then id, changes, incidents and runs newest first. Fields in
 * `omit` are left out (those nothing of the view reads: on a large estate, the bulk of the
 * rows). Throws QuerySelectorError for a selector that names no time.
 */
export async function runQuery(
  db: SqlClient,
  kind: QueryKind,
  selector: AnySelector,
  now: Date = new Date(),
  omit: readonly string[] = [],
): Promise<QueryRow[]> {
  const { sql, text } = querySql(kind, selector, now, omit);
  const { rows } = await db.query<{ row: QueryRow }>(
    `SELECT jsonb_strip_nulls(to_jsonb(x)) AS row FROM (${text}) x`,
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
