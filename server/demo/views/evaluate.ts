/**
 * Evaluates a view (api.md VIEW-02): resolves its variables, runs its named queries, maps the
 * rows onto the columns and materialises them into `view_{ns}_{name}` tagged with the request
 * fingerprint (read back through PostgREST, VIEW-05) with each row's `__row__attributes`
 * (a `config_item` column's config), runs each panel's SQL over the query results, and keeps
 * the panels in `view_panels`. A view without columns has no table (upstream). Results are
 * reused per fingerprint while younger than the cache max age (the spec's `cache.maxAge`, or
 * the request's `cache-control: max-age=N`). A panel whose query fails answers its error
 * (`{ code, message, hint }`) beside the others.
 */
import { createHash } from 'node:crypto';
import type { SqlClient } from '../db/types';
import {
  configNames,
  QUERY_FIELDS,
  runQuery,
  substitute,
  type QueryKind,
  type QueryRow,
} from './queries';
import {
  panelErrorOf,
  PanelQueryError,
  panelReads,
  runPanelQuery,
  type PanelError,
  type QueryResult,
} from './panels';
import {
  durationSeconds,
  parseViewSpec,
  queryKindOf,
  viewTableName,
  type ViewColumn,
  type ViewPanelSpec,
  type ViewSection,
  type ViewSpec,
} from './spec';

const DEFAULT_MAX_AGE_SECONDS = 15 * 60;

/** A multi-select variable's type (`templating[].type`). */
export const MULTISELECT = 'multiselect';
/** The choice of every option of a multi-select variable. */
export const ALL = 'All';

export interface ViewVariable {
  key: string;
  label?: string;
  /** `list` (one option) or `multiselect` (several; '' is all of them). */
  type: string;
  options: string[];
  default?: string;
  /** The value used: one option, or a multi-select's options comma separated ('' for all). */
  value: string;
  dependsOn?: string[];
}

/** A requested value: text, or a multi-select's options as a list. */
export type RequestedValue = string | string[];

/** The panel's spec, as upstream's PanelResult answers it (its `query` left out), and rows. */
export type ViewPanelResult = Omit<ViewPanelSpec, 'query'> & {
  rows: Array<Record<string, unknown>>;
  /** Why the panel has no rows: its query was refused or failed (the demo's addition). */
  error?: PanelError;
};

/** The attributes of a cell (upstream's CellAttributes), per column, in `__row__attributes`. */
export interface CellAttributes {
  icon?: string;
  config?: {
    id: string;
    name?: string;
    type?: string;
    health?: string;
    status?: string;
    class?: string;
  };
}

export interface ViewResult {
  id: string;
  namespace?: string;
  name: string;
  title: string;
  icon?: string;
  refreshStatus: 'fresh' | 'cache' | 'error';
  refreshError?: string;
  responseSource: 'fresh' | 'cache';
  lastRefreshedAt: string | null;
  requestFingerprint: string;
  columns: ViewColumn[];
  panels: ViewPanelResult[];
  variables: ViewVariable[];
  columnOptions: Record<string, ColumnOptions>;
  /** `display.card`: the card layout (columns, default). */
  card?: { columns?: number; default?: boolean };
  /** `display.table`: the table's default sort and page size. */
  table?: { sort?: string; size?: number };
  /** The spec's sections, as written (viewRef / uiRef). */
  sections?: ViewSection[];
}

/** A filterable column's values (`list`), or a labels column's keys and their values. */
export interface ColumnOptions {
  list?: string[];
  labels?: Record<string, string[]>;
}

export interface ViewRow {
  id: string;
  name: string;
  namespace: string | null;
  spec: unknown;
  updated_at: Date | string | null;
  created_at: Date | string;
}

export type EvaluateOutcome =
  { ok: true; result: ViewResult } | { ok: false; status: 400 | 404; error: string };

/** Requested variables: each a text, or a multi-select's list. */
export type RequestedVariables = Record<string, RequestedValue>;

export interface EvaluateOptions {
  /** From `cache-control: max-age=N`: re-evaluate when the cached result is older. */
  maxAgeSeconds?: number;
  now?: Date;
  /** Called after a view table was created or rebuilt (the PostgREST schema cache). */
  onTablesChanged?: () => Promise<void>;
}

const SQL_TYPES: Record<ViewColumn['type'], string> = {
  string: 'text',
  health: 'text',
  status: 'text',
  url: 'text',
  badge: 'text',
  config_item: 'text',
  labels: 'jsonb',
  number: 'numeric',
  decimal: 'numeric',
  millicore: 'numeric',
  boolean: 'boolean',
  datetime: 'timestamptz',
  duration: 'bigint',
  bytes: 'bigint',
  gauge: 'double precision',
};

/** A stable hash of the view id and its resolved variables (keys sorted). */
export function requestFingerprint(viewId: string, variables: Record<string, string>): string {
  const sorted = Object.keys(variables)
    .sort()
    .map((key) => [key, variables[key]]);
  return createHash('sha256')
    .update(JSON.stringify([viewId, sorted]))
    .digest('hex')
    .slice(0, 32);
}

/** The live view with that id, or null. */
export async function loadView(db: SqlClient, id: string): Promise<ViewRow | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const { rows } = await db.query<ViewRow>(
    `SELECT id, name, namespace, spec, updated_at, created_at FROM views
      WHERE id = $1 AND deleted_at IS NULL`,
    [id],
  );
  return rows[0] ?? null;
}

/**
 * A multi-select's value: the asked options (a list, or comma separated) that are options,
 * comma separated; '' (all) when none is left, or when "All" is among them.
 */
function multiValue(asked: RequestedValue, options: string[]): string {
  const items = (Array.isArray(asked) ? asked : asked.split(','))
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (items.includes(ALL) && !options.includes(ALL)) return '';
  const known = options.length === 0 ? items : items.filter((item) => options.includes(item));
  return [...new Set(known)].join(',');
}

/** Each variable with its options and the value it takes for this request. */
export async function resolveVariables(
  db: SqlClient,
  spec: ViewSpec,
  requested: RequestedVariables,
): Promise<{ variables: ViewVariable[]; values: Record<string, string> }> {
  const values: Record<string, string> = {};
  const variables: ViewVariable[] = [];
  for (const variable of spec.templating ?? []) {
    const options =
      variable.values ??
      (variable.valueFrom
        ? await configNames(db, substitute(variable.valueFrom.config, values))
        : []);
    const asked = requested[variable.key];
    const multiple = variable.type === MULTISELECT;
    let value: string;
    if (multiple) {
      // Asked for (even empty: all) or the default (none: all).
      value = multiValue(asked ?? variable.default ?? '', options);
    } else {
      const text = Array.isArray(asked) ? (asked[0] ?? '') : asked;
      value = text !== undefined && text !== '' ? text : (variable.default ?? options[0] ?? '');
    }
    values[variable.key] = value;
    variables.push({
      key: variable.key,
      ...(variable.label === undefined ? {} : { label: variable.label }),
      type: variable.type ?? 'list',
      options,
      ...(variable.default === undefined ? {} : { default: variable.default }),
      value,
      ...(variable.dependsOn === undefined ? {} : { dependsOn: variable.dependsOn }),
    });
  }
  return { variables, values };
}

function tableSignature(spec: ViewSpec): string {
  const columns = spec.columns.map((c) => [c.name, SQL_TYPES[c.type], c.primaryKey === true]);
  return `spec:${createHash('sha256').update(JSON.stringify(columns)).digest('hex').slice(0, 16)}`;
}

function tableDdl(table: string, spec: ViewSpec): string {
  const columns = spec.columns.map(
    (c) => `"${c.name}" ${SQL_TYPES[c.type]}${c.primaryKey ? ' NOT NULL' : ''}`,
  );
  const keys = spec.columns.filter((c) => c.primaryKey).map((c) => `"${c.name}"`);
  const primaryKey =
    keys.length > 0 ? `,\n  PRIMARY KEY (${[...keys, 'request_fingerprint'].join(', ')})` : '';
  return `CREATE TABLE "${table}" (
  ${columns.join(',\n  ')},
  __row__attributes jsonb,
  __grants jsonb,
  request_fingerprint text NOT NULL DEFAULT '',
  agent_id uuid DEFAULT '00000000-0000-0000-0000-000000000000',
  is_pushed boolean DEFAULT false${primaryKey}
)`;
}

/** Creates the view's table, or rebuilds it when its columns changed; true when DDL ran. */
export async function ensureViewTable(
  db: SqlClient,
  table: string,
  spec: ViewSpec,
): Promise<boolean> {
  const signature = tableSignature(spec);
  const { rows } = await db.query<{ comment: string | null }>(
    `SELECT obj_description(c.oid, 'pg_class') AS comment FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relname = $1 AND c.relkind = 'r'`,
    [table],
  );
  if (rows[0] && rows[0].comment === signature) return false;
  await db.transaction(async (tx) => {
    if (rows[0]) await tx.exec(`DROP TABLE "${table}"`);
    await tx.exec(tableDdl(table, spec));
    await tx.exec(`COMMENT ON TABLE "${table}" IS '${signature}'`);
  });
  return true;
}

function fieldAt(row: QueryRow, path: string): unknown {
  let value: unknown = row;
  for (const key of path.split('.').slice(1)) {
    if (value === null || typeof value !== 'object') return null;
    value = (value as Record<string, unknown>)[key];
  }
  return value ?? null;
}

function coerce(type: ViewColumn['type'], value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (SQL_TYPES[type]) {
    case 'jsonb':
      return typeof value === 'object' ? value : null;
    case 'numeric':
    case 'double precision':
    case 'bigint': {
      const number = typeof value === 'number' ? value : Number(value);
      if (typeof value === 'boolean' || value === '' || !Number.isFinite(number)) return null;
      return SQL_TYPES[type] === 'bigint' ? Math.round(number) : number;
    }
    case 'boolean':
      if (typeof value === 'boolean') return value;
      return value === 'true' ? true : value === 'false' ? false : null;
    case 'timestamptz': {
      const time = new Date(value as string);
      return Number.isNaN(time.getTime()) ? null : time.toISOString();
    }
    default:
      return typeof value === 'string' ? value : JSON.stringify(value);
  }
}

/** The row attribute key of the config a `config_item` column shows (the query row's id). */
const CONFIG_ID = '__config_id__';

/**
 * The table rows of the query results: every query's rows mapped onto the columns; a
 * `config_item` column also keeps the id of its config (the query row's `configItem.idField`,
 * default `id`) for its attributes.
 */
export function mapRows(spec: ViewSpec, results: Record<string, QueryResult>): QueryRow[] {
  const mapping = spec.mapping ?? {};
  const keys = spec.columns.filter((c) => c.primaryKey);
  const out: QueryRow[] = [];
  for (const result of Object.values(results)) {
    for (const row of result.rows) {
      const mapped: QueryRow = {};
      const configs: Record<string, string> = {};
      for (const column of spec.columns) {
        mapped[column.name] = coerce(
          column.type,
          fieldAt(row, mapping[column.name] ?? `row.${column.name}`),
        );
        if (column.type === 'config_item') {
          const id = row[column.configItem?.idField ?? 'id'];
          if (typeof id === 'string' && id !== '') configs[column.name] = id;
        }
      }
      if (Object.keys(configs).length > 0) mapped[CONFIG_ID] = configs;
      if (keys.every((key) => mapped[key.name] !== null)) out.push(mapped);
    }
  }
  return out;
}

/**
 * Each row's `__row__attributes` (upstream's CellAttributes per column): a `config_item`
 * column's config (id, name, type, health, status, class) and its icon (the config's type).
 */
async function withRowAttributes(db: SqlClient, rows: QueryRow[]): Promise<QueryRow[]> {
  const ids = [
    ...new Set(
      rows.flatMap((row) => Object.values((row[CONFIG_ID] ?? {}) as Record<string, string>)),
    ),
  ].filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  const configs = new Map<string, Record<string, string | null>>();
  if (ids.length > 0) {
    const { rows: found } = await db.query<Record<string, string | null>>(
      `SELECT id::text AS id, name, type, health, status, config_class AS class
         FROM config_items WHERE id = ANY($1::uuid[])`,
      [ids],
    );
    for (const config of found) configs.set(String(config.id), config);
  }
  return rows.map((row) => {
    const { [CONFIG_ID]: columns, ...rest } = row;
    const attributes: Record<string, CellAttributes> = {};
    for (const [column, id] of Object.entries((columns ?? {}) as Record<string, string>)) {
      const config = configs.get(id);
      if (!config) continue;
      const described: NonNullable<CellAttributes['config']> = { id };
      for (const key of ['name', 'type', 'health', 'status', 'class'] as const) {
        const value = config[key];
        if (typeof value === 'string') described[key] = value;
      }
      attributes[column] = {
        ...(typeof config.type === 'string' ? { icon: config.type } : {}),
        config: described,
      };
    }
    return Object.keys(attributes).length > 0 ? { ...rest, __row__attributes: attributes } : rest;
  });
}

async function materialise(
  db: SqlClient,
  table: string,
  spec: ViewSpec,
  fingerprint: string,
  rows: QueryRow[],
): Promise<void> {
  const columns = [...spec.columns.map((c) => `"${c.name}"`), '__row__attributes'].join(', ');
  await db.transaction(async (tx) => {
    await tx.query(`DELETE FROM "${table}" WHERE request_fingerprint = $1`, [fingerprint]);
    if (rows.length === 0) return;
    await tx.query(
      `INSERT INTO "${table}" (${columns}, request_fingerprint)
       SELECT ${columns}, $2 FROM jsonb_populate_recordset(NULL::"${table}", $1::jsonb)
       ON CONFLICT DO NOTHING`,
      [JSON.stringify(rows), fingerprint],
    );
  });
}

async function columnOptions(
  db: SqlClient,
  table: string | null,
  spec: ViewSpec,
  fingerprint: string,
): Promise<Record<string, ColumnOptions>> {
  const out: Record<string, ColumnOptions> = {};
  if (table === null) return out;
  for (const column of spec.columns) {
    if (column.filter?.type !== 'multiselect') continue;
    if (column.type === 'labels') {
      // Upstream's ColumnFilterOptions.labels: each key with its values.
      const { rows } = await db.query<{ k: string; vs: string[] }>(
        `SELECT l.key AS k, array_agg(DISTINCT l.value ORDER BY l.value) AS vs
           FROM "${table}" t, jsonb_each_text(t."${column.name}") l
          WHERE t.request_fingerprint = $1 AND jsonb_typeof(t."${column.name}") = 'object'
          GROUP BY l.key ORDER BY l.key LIMIT 200`,
        [fingerprint],
      );
      out[column.name] = { labels: Object.fromEntries(rows.map((r) => [r.k, r.vs])) };
      continue;
    }
    const { rows } = await db.query<{ v: string }>(
      `SELECT DISTINCT "${column.name}"::text AS v FROM "${table}"
        WHERE request_fingerprint = $1 AND "${column.name}" IS NOT NULL ORDER BY 1 LIMIT 200`,
      [fingerprint],
    );
    out[column.name] = { list: rows.map((r) => r.v) };
  }
  return out;
}

function panelErrors(panels: ViewPanelResult[]): string | undefined {
  const errors = panels
    .filter((p) => p.error)
    .map((p) => `panel "${p.name}": ${p.error?.message ?? ''}`);
  return errors.length > 0 ? errors.join('; ') : undefined;
}

async function runPanels(
  db: SqlClient,
  spec: ViewSpec,
  results: Record<string, QueryResult>,
): Promise<ViewPanelResult[]> {
  const panels: ViewPanelResult[] = [];
  for (const { query, ...meta } of spec.panels ?? []) {
    const base: ViewPanelResult = { ...meta, rows: [] };
    try {
      panels.push({ ...base, rows: await runPanelQuery(db, query, results) });
    } catch (error) {
      if (!(error instanceof PanelQueryError)) throw error;
      panels.push({ ...base, error: panelErrorOf(error) });
    }
  }
  return panels;
}

/**
 * The fields of the query `name` nothing of the view reads: not a column's mapping (when the
 * view has a table), nor a `config_item` column's id field, nor a panel query (one reading whole
 * rows reads them all). They are left out of its rows: on a large estate, most of their bulk.
 */
export function unreadFields(spec: ViewSpec, name: string, kind: QueryKind): string[] {
  const read = new Set<string>();
  for (const column of spec.columns) {
    read.add((spec.mapping?.[column.name] ?? `row.${column.name}`).split('.')[1] ?? '');
    if (column.type === 'config_item') read.add(column.configItem?.idField ?? 'id');
  }
  for (const panel of spec.panels ?? []) {
    const fields = panelReads(panel.query, name, kind);
    if (fields === 'all') return [];
    for (const field of fields ?? []) read.add(field);
  }
  return QUERY_FIELDS[kind].map(([field]) => field).filter((field) => !read.has(field));
}

const locks = new Map<string, Promise<unknown>>();

/** Runs `fn` after any evaluation of the same key has finished. */
async function serialised<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const previous = locks.get(key) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(fn);
  locks.set(key, next);
  try {
    return await next;
  } finally {
    if (locks.get(key) === next) locks.delete(key);
  }
}

function iso(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

/** VIEW-02: evaluates (or reads from cache) the view `id` with the requested variables. */
export async function evaluateView(
  db: SqlClient,
  id: string,
  requested: RequestedVariables,
  options: EvaluateOptions = {},
): Promise<EvaluateOutcome> {
  const view = await loadView(db, id);
  if (!view) return { ok: false, status: 404, error: `view ${id} not found` };
  return evaluateLoadedView(db, view, requested, options);
}

/** VIEW-02 for a view already read from `views`. */
export async function evaluateLoadedView(
  db: SqlClient,
  view: ViewRow,
  requested: RequestedVariables,
  options: EvaluateOptions = {},
): Promise<EvaluateOutcome> {
  const parsed = parseViewSpec(view.spec);
  if (!parsed.ok) {
    await db.query(`UPDATE views SET error = $2, last_ran = $3 WHERE id = $1`, [
      view.id,
      parsed.error,
      (options.now ?? new Date()).toISOString(),
    ]);
    return { ok: false, status: 400, error: parsed.error };
  }
  const spec = parsed.spec;
  const { variables, values } = await resolveVariables(db, spec, requested);
  const fingerprint = requestFingerprint(view.id, values);
  const tableName = viewTableName(view.namespace, view.name);
  // Upstream: a view has a table when it has columns.
  const table = spec.columns.length > 0 ? tableName : null;
  if (!/^[A-Za-z0-9_]{1,63}$/.test(tableName)) {
    return {
      ok: false,
      status: 400,
      error: `view ${view.namespace ?? ''}/${view.name}: "${tableName}" cannot name its table (letters, digits, - and _, at most 63)`,
    };
  }
  const maxAge =
    options.maxAgeSeconds ?? durationSeconds(spec.cache?.maxAge) ?? DEFAULT_MAX_AGE_SECONDS;

  // One evaluation of a view at a time: its table may be rebuilt, and its rows are replaced.
  return serialised(view.id, async () => {
    const now = options.now ?? new Date();
    const identity = {
      id: view.id,
      ...(view.namespace === null ? {} : { namespace: view.namespace }),
      name: view.name,
      title: spec.display?.title ?? view.name,
      ...(spec.display?.icon === undefined ? {} : { icon: spec.display.icon }),
      requestFingerprint: fingerprint,
      columns: spec.columns,
      variables,
      ...(spec.display?.card === undefined ? {} : { card: spec.display.card }),
      ...(spec.display?.table === undefined ? {} : { table: spec.display.table }),
      ...(spec.sections === undefined ? {} : { sections: spec.sections }),
    };
    if (table !== null && (await ensureViewTable(db, table, spec))) {
      await options.onTablesChanged?.();
    }
    const { rows: cached } = await db.query<{
      results: ViewPanelResult[];
      refreshed_at: Date | string | null;
    }>(
      `SELECT results, refreshed_at FROM view_panels WHERE view_id = $1 AND request_fingerprint = $2`,
      [view.id, fingerprint],
    );
    const hit = cached[0];
    const editedAt = new Date(view.updated_at ?? view.created_at).getTime();
    if (hit && hit.refreshed_at !== null) {
      const refreshedAt = new Date(hit.refreshed_at).getTime();
      if (now.getTime() - refreshedAt < maxAge * 1000 && refreshedAt >= editedAt) {
        const refreshError = panelErrors(hit.results);
        return {
          ok: true,
          result: {
            ...identity,
            refreshStatus: 'cache',
            ...(refreshError === undefined ? {} : { refreshError }),
            responseSource: 'cache',
            lastRefreshedAt: iso(hit.refreshed_at),
            panels: hit.results,
            columnOptions: await columnOptions(db, table, spec, fingerprint),
          },
        };
      }
    }

    let panels: ViewPanelResult[];
    try {
      const results: Record<string, QueryResult> = {};
      for (const [name, query] of Object.entries(spec.queries)) {
        const kind = queryKindOf(query);
        const selector = substitute(query[kind] ?? {}, values);
        const omit = unreadFields(spec, name, kind);
        results[name] = { kind, rows: await runQuery(db, kind, selector, now, omit) };
      }
      if (table !== null) {
        const rows = await withRowAttributes(db, mapRows(spec, results));
        await materialise(db, table, spec, fingerprint, rows);
      }
      panels = await runPanels(db, spec, results);
    } catch (error) {
      const message = `view refresh failed: ${(error as Error).message}`;
      await db.query(`UPDATE views SET error = $2, last_ran = $3 WHERE id = $1`, [
        view.id,
        message,
        now.toISOString(),
      ]);
      return {
        ok: true,
        result: {
          ...identity,
          refreshStatus: 'error',
          refreshError: message,
          responseSource: 'cache',
          lastRefreshedAt: iso(hit?.refreshed_at ?? null),
          panels: hit?.results ?? [],
          columnOptions: await columnOptions(db, table, spec, fingerprint),
        },
      };
    }
    const refreshError = panelErrors(panels);
    await db.query(
      `INSERT INTO view_panels (view_id, request_fingerprint, results, refreshed_at)
       VALUES ($1, $2, $3::jsonb, $4)
       ON CONFLICT (view_id, request_fingerprint)
       DO UPDATE SET results = EXCLUDED.results, refreshed_at = EXCLUDED.refreshed_at`,
      [view.id, fingerprint, JSON.stringify(panels), now.toISOString()],
    );
    await db.query(`UPDATE views SET error = $2, last_ran = $3 WHERE id = $1`, [
      view.id,
      refreshError ?? null,
      now.toISOString(),
    ]);
    return {
      ok: true,
      result: {
        ...identity,
        refreshStatus: refreshError === undefined ? 'fresh' : 'error',
        ...(refreshError === undefined ? {} : { refreshError }),
        responseSource: 'fresh',
        lastRefreshedAt: now.toISOString(),
        panels,
        columnOptions: await columnOptions(db, table, spec, fingerprint),
      },
    };
  });
}
