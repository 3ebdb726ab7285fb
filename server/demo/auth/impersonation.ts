/**
 * Scope impersonation: an administrator sends `X-Flanksource-Scope: ["<scope id>", …]` and sees
 * the configs, components, playbooks, canaries (and their checks) and views those Scopes select,
 * as upstream Mission Control does. A resource of a kind is visible when it matches a target of
 * that kind, or a `global` target, of at least one of the named scopes; unknown ids add nothing
 * and `[]` allows nothing. It only narrows: the caller's own access still applies.
 *
 * The header is read once per request (`impersonationHook`), which answers 400 for a malformed
 * header and 403 for a caller who may not impersonate; handlers then narrow their reads with
 * SQL conditions (`kindCondition`, `relationCondition`) built from the resolved targets, so no
 * id list is ever loaded into memory.
 */
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { SqlClient } from '../db/types';
import { callerAllows } from './access';
import { keepCaller, resolveCaller } from './caller';

/** The request header (lower case, as Fastify keys headers). */
export const SCOPE_HEADER = 'x-flanksource-scope';

/** Resource kinds a Scope's targets select. */
export const SCOPE_KINDS = ['config', 'component', 'playbook', 'canary', 'view'] as const;
export type ScopeKind = (typeof SCOPE_KINDS)[number];

/** The local agent's id (migration 002 names it `local`). */
export const LOCAL_AGENT_ID = '00000000-0000-0000-0000-000000000000';

/** One `key=value` (or `key!=value`, `key`, `!key`) requirement of a tag selector. */
export interface TagRequirement {
  key: string;
  /** Undefined: the key must exist (or not, when `negated`). */
  value?: string;
  negated: boolean;
}

/** A target's selector with its agent resolved to ids. */
export interface ResolvedSelector {
  /** Undefined or `*`: any name; `*` elsewhere is a wildcard. */
  name?: string;
  /** Undefined: any agent; else the agent ids it names (empty when it names no agent). */
  agentIds?: string[];
  tags: TagRequirement[];
}

/** What a request impersonates: the ids it named and, per kind, the selectors that apply. */
export interface Impersonation {
  scopeIds: string[];
  selectors: Record<ScopeKind, ResolvedSelector[]>;
  /** A stable text of the above, for keys of kept answers. */
  key: string;
}

export type HeaderParse = { ok: true; ids: string[] | null } | { ok: false; error: string };

/** The header's scope ids; null when the header is absent or blank. */
export function parseScopeHeader(header: string | string[] | undefined): HeaderParse {
  if (header === undefined) return { ok: true, ids: null };
  const text = Array.isArray(header) ? header.join(',') : header;
  if (text.trim() === '') return { ok: true, ids: null };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { ok: false, error: `invalid X-Flanksource-Scope header: not JSON (${why})` };
  }
  if (!Array.isArray(value)) {
    return {
      ok: false,
      error: 'invalid X-Flanksource-Scope header: expected a JSON array of scope ids',
    };
  }
  const ids: string[] = [];
  for (const [index, item] of value.entries()) {
    if (typeof item !== 'string') {
      return {
        ok: false,
        error: `invalid X-Flanksource-Scope header: item ${index} is not a string`,
      };
    }
    ids.push(item.trim());
  }
  return { ok: true, ids: [...new Set(ids)].sort() };
}

/** `a=1,b!=2,c,!d` → requirements; blank items are skipped. */
export function parseTagSelector(selector: string): TagRequirement[] {
  const out: TagRequirement[] = [];
  for (const raw of selector.split(',')) {
    const item = raw.trim();
    if (item === '') continue;
    const notEq = item.indexOf('!=');
    if (notEq > 0) {
      out.push({
        key: item.slice(0, notEq).trim(),
        value: item.slice(notEq + 2).trim(),
        negated: true,
      });
      continue;
    }
    const eq = item.indexOf('=');
    if (eq > 0) {
      const value = item.slice(item[eq + 1] === '=' ? eq + 2 : eq + 1).trim();
      out.push({ key: item.slice(0, eq).trim(), value, negated: false });
      continue;
    }
    if (item.startsWith('!')) out.push({ key: item.slice(1).trim(), negated: true });
    else out.push({ key: item, negated: false });
  }
  return out;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface RawSelector {
  name?: unknown;
  agent?: unknown;
  tagSelector?: unknown;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/**
 * Resolves scope ids to the selectors of their targets, per kind (`global` targets apply to
 * every kind). Ids that are not a live scope add nothing.
 */
export async function resolveImpersonation(db: SqlClient, ids: string[]): Promise<Impersonation> {
  const selectors = Object.fromEntries(SCOPE_KINDS.map((k) => [k, []])) as unknown as Record<
    ScopeKind,
    ResolvedSelector[]
  >;
  const live = ids.filter((id) => UUID.test(id));
  const { rows } =
    live.length === 0
      ? { rows: [] as Array<{ targets: unknown }> }
      : await db.query<{ targets: unknown }>(
          `SELECT targets FROM scopes WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL ORDER BY id`,
          [live],
        );
  const raw: Array<{ kinds: readonly ScopeKind[]; selector: RawSelector }> = [];
  for (const row of rows) {
    if (!Array.isArray(row.targets)) continue;
    for (const target of row.targets as Array<Record<string, unknown>>) {
      if (target === null || typeof target !== 'object') continue;
      for (const [type, selector] of Object.entries(target)) {
        if (selector === null || typeof selector !== 'object') continue;
        if (type === 'global') raw.push({ kinds: SCOPE_KINDS, selector });
        else if ((SCOPE_KINDS as readonly string[]).includes(type)) {
          raw.push({ kinds: [type as ScopeKind], selector });
        }
      }
    }
  }
  const agentNames = [
    ...new Set(raw.map((r) => text(r.selector.agent)).filter((a) => a !== undefined)),
  ];
  const agents = new Map<string, string[]>();
  if (agentNames.length > 0) {
    const { rows: found } = await db.query<{ id: string; name: string }>(
      `SELECT id::text AS id, name FROM agents
        WHERE deleted_at IS NULL AND (name = ANY($1::text[]) OR id::text = ANY($1::text[]))`,
      [agentNames],
    );
    for (const name of agentNames) {
      agents.set(
        name,
        found.filter((a) => a.name === name || a.id === name.toLowerCase()).map((a) => a.id),
      );
    }
  }
  for (const { kinds, selector } of raw) {
    const name = text(selector.name);
    const agent = text(selector.agent);
    const tagSelector = text(selector.tagSelector);
    // A selector naming nothing selects nothing (the editor never saves one).
    if (name === undefined && agent === undefined && tagSelector === undefined) continue;
    const resolved: ResolvedSelector = {
      ...(name === undefined ? {} : { name }),
      ...(agent === undefined ? {} : { agentIds: agents.get(agent) ?? [] }),
      tags: tagSelector === undefined ? [] : parseTagSelector(tagSelector),
    };
    for (const kind of kinds) selectors[kind].push(resolved);
  }
  return { scopeIds: ids, selectors, key: JSON.stringify([ids, selectors]) };
}

/** A SQL string literal (standard conforming strings). */
export function sqlLiteral(value: string): string {
  return `'${value.replace(/\0/g, '').replace(/'/g, "''")}'`;
}

/** A `*` wildcard name as a LIKE pattern. */
function likePattern(name: string): string {
  return name.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*/g, '%');
}

/** The columns of a row of a kind, as SQL expressions; a kind without tags or agents omits them. */
export interface KindColumns {
  name: string;
  tags?: string;
  agent?: string;
}

function selectorSql(selector: ResolvedSelector, columns: KindColumns): string {
  const parts: string[] = [];
  const { name } = selector;
  if (name !== undefined && name !== '*') {
    parts.push(
      name.includes('*')
        ? `${columns.name} LIKE ${sqlLiteral(likePattern(name))}`
        : `${columns.name} = ${sqlLiteral(name)}`,
    );
  }
  if (selector.agentIds !== undefined) {
    if (columns.agent !== undefined) {
      parts.push(
        selector.agentIds.length === 0
          ? 'FALSE'
          : `${columns.agent} IN (${selector.agentIds.map((id) => `${sqlLiteral(id)}::uuid`).join(', ')})`,
      );
    } else if (!selector.agentIds.includes(LOCAL_AGENT_ID)) {
      // Kinds without an agent column (playbooks, views) live on the local agent.
      parts.push('FALSE');
    }
  }
  for (const tag of selector.tags) {
    if (columns.tags === undefined) {
      parts.push(tag.negated ? 'TRUE' : 'FALSE');
      continue;
    }
    const test =
      tag.value === undefined
        ? `coalesce(${columns.tags} ? ${sqlLiteral(tag.key)}, FALSE)`
        : `coalesce(${columns.tags} @> ${sqlLiteral(JSON.stringify({ [tag.key]: tag.value }))}::jsonb, FALSE)`;
    parts.push(tag.negated ? `NOT ${test}` : test);
  }
  return parts.length === 0 ? 'TRUE' : `(${parts.join(' AND ')})`;
}

/** Whether a row of `kind` with these columns is selected: null when not impersonating. */
export function kindCondition(
  impersonation: Impersonation | null | undefined,
  kind: ScopeKind,
  columns: KindColumns,
): string | null {
  if (!impersonation) return null;
  const selectors = impersonation.selectors[kind];
  if (selectors.length === 0) return 'FALSE';
  const parts = selectors.map((s) => selectorSql(s, columns));
  if (parts.includes('TRUE')) return 'TRUE';
  return parts.length === 1 ? parts[0]! : `(${parts.join(' OR ')})`;
}

/** The table each kind is read from, and its columns there. */
const KIND_TABLES: Record<ScopeKind, { table: string; columns: (alias: string) => KindColumns }> = {
  config: {
    table: 'config_items',
    columns: (a) => ({ name: `${a}.name`, tags: `${a}.tags`, agent: `${a}.agent_id` }),
  },
  component: {
    table: 'components',
    columns: (a) => ({ name: `${a}.name`, tags: `${a}.labels`, agent: `${a}.agent_id` }),
  },
  canary: {
    table: 'canaries',
    columns: (a) => ({ name: `${a}.name`, tags: `${a}.labels`, agent: `${a}.agent_id` }),
  },
  playbook: { table: 'playbooks', columns: (a) => ({ name: `${a}.name` }) },
  view: { table: 'views', columns: (a) => ({ name: `${a}.name`, tags: `${a}.labels` }) },
};

/**
 * Whether the row `alias` of the kind's own table (config_items, components, canaries,
 * playbooks, views) is selected; null when not impersonating.
 */
export function ownCondition(
  impersonation: Impersonation | null | undefined,
  kind: ScopeKind,
  alias: string,
): string | null {
  return kindCondition(impersonation, kind, KIND_TABLES[kind].columns(alias));
}

/** Sets of ids the scopes select: the kinds, and checks (by canary) and playbook runs. */
export type IdSet = ScopeKind | 'check' | 'playbook_run';

/** A subquery of the ids of `set` the impersonation selects; null when not impersonating. */
export function idSetSql(
  impersonation: Impersonation | null | undefined,
  set: IdSet,
): string | null {
  if (!impersonation) return null;
  if (set === 'check') {
    return `SELECT _imp_k.id FROM checks _imp_k WHERE _imp_k.canary_id IN (${idSetSql(impersonation, 'canary')})`;
  }
  if (set === 'playbook_run') {
    return `SELECT _imp_r.id FROM playbook_runs _imp_r WHERE _imp_r.playbook_id IN (${idSetSql(impersonation, 'playbook')})`;
  }
  const { table, columns } = KIND_TABLES[set];
  const alias = `_imp_${set}`;
  const condition = kindCondition(impersonation, set, columns(alias));
  return `SELECT ${alias}.id FROM ${table} ${alias} WHERE ${condition}`;
}

/** Whether the impersonation selects every row of a set (no condition needed). */
function selectsAll(impersonation: Impersonation, set: IdSet): boolean {
  const kind: ScopeKind = set === 'check' ? 'canary' : set === 'playbook_run' ? 'playbook' : set;
  return kindCondition(impersonation, kind, KIND_TABLES[kind].columns('_imp_all')) === 'TRUE';
}

/** `column IN (ids of set)`, or null when not impersonating. */
export function inSetCondition(
  impersonation: Impersonation | null | undefined,
  column: string,
  set: IdSet,
): string | null {
  const ids = idSetSql(impersonation, set);
  return ids === null ? null : `${column} IN (${ids})`;
}

/** Whether the impersonation selects the row `id` of `set` (always, when not impersonating). */
export async function selects(
  db: SqlClient,
  impersonation: Impersonation | null | undefined,
  set: IdSet,
  id: string,
): Promise<boolean> {
  const ids = idSetSql(impersonation, set);
  if (ids === null) return true;
  if (!UUID.test(id)) return false;
  const { rows } = await db.query(`SELECT 1 WHERE $1::uuid IN (${ids})`, [id]);
  return rows.length > 0;
}

/**
 * The ids of `set` the impersonation selects, for small sets (playbooks, views); null when not
 * impersonating.
 */
export async function selectedIds(
  db: SqlClient,
  impersonation: Impersonation | null | undefined,
  set: 'playbook' | 'view' | 'canary',
): Promise<Set<string> | null> {
  const ids = idSetSql(impersonation, set);
  if (ids === null) return null;
  const { rows } = await db.query<{ id: string }>(`SELECT s.id::text AS id FROM (${ids}) s`);
  return new Set(rows.map((r) => r.id));
}

/**
 * Whether a playbook may run (or a run be approved) under the impersonation, as upstream: the
 * playbook is in the scopes, and so is the config, component or check it runs on.
 */
export async function selectsRun(
  db: SqlClient,
  impersonation: Impersonation | null | undefined,
  playbookId: string,
  resource: { kind: 'config' | 'component' | 'check'; id: string } | null | undefined,
): Promise<boolean> {
  if (!impersonation) return true;
  if (!(await selects(db, impersonation, 'playbook', playbookId))) return false;
  return !resource || selects(db, impersonation, resource.kind, resource.id);
}

/** The 403 message of a playbook run or approval outside the impersonated scopes. */
export const OUTSIDE_SCOPES = 'the playbook or its resource is outside the impersonated scopes';

/** How a relation's rows are narrowed: by their own columns as a kind, or by an id column. */
type Rule =
  { kind: ScopeKind; columns: (alias: string) => KindColumns } | { column: string; set: IdSet };

const own = (kind: ScopeKind, tags: 'tags' | 'labels' | null, agent = true): Rule => ({
  kind,
  columns: (a) => ({
    name: `${a}.name`,
    ...(tags === null ? {} : { tags: `${a}.${tags}` }),
    ...(agent ? { agent: `${a}.agent_id` } : {}),
  }),
});
const by = (column: string, set: IdSet): Rule => ({ column, set });

/**
 * Relations under `/api/db` (and relations returned by functions) whose rows are resources of a
 * scope kind or belong to one; every other relation is left as it is. Aggregates over a kind
 * (the option lists such as `config_types`, `config_summary`) have no row per resource and are
 * not narrowed.
 */
export const RELATION_RULES: Record<string, readonly Rule[]> = {
  // Configs and what hangs off a config.
  config_items: [own('config', 'tags')],
  config_item: [own('config', 'tags')],
  configs: [own('config', 'tags')],
  config_detail: [own('config', 'tags')],
  config_analysis_items: [by('config_id', 'config')],
  catalog_changes: [by('config_id', 'config')],
  config_names: [by('id', 'config')],
  config_locations: [by('id', 'config')],
  config_changes: [by('config_id', 'config')],
  config_changes_items: [by('config_id', 'config')],
  config_analysis: [by('config_id', 'config')],
  analysis_by_component: [by('config_id', 'config')],
  changes_by_component: [by('config_id', 'config')],
  config_relationships: [by('config_id', 'config'), by('related_id', 'config')],
  config_component_relationships: [by('config_id', 'config'), by('component_id', 'component')],
  config_access: [by('config_id', 'config')],
  config_access_logs: [by('config_id', 'config')],
  config_access_unwrapped: [by('config_id', 'config')],
  config_access_summary: [by('config_id', 'config')],
  config_access_summary_by_config: [by('config_id', 'config')],
  check_summary_by_config: [by('config_id', 'config')],
  // Components.
  components: [own('component', 'labels')],
  topology: [own('component', 'labels')],
  components_with_logs: [by('id', 'component')],
  component_names: [by('id', 'component')],
  component_names_all: [by('id', 'component')],
  component_relationships: [by('component_id', 'component'), by('relationship_id', 'component')],
  check_summary_by_component: [by('component_id', 'component')],
  // Canaries and their checks.
  canaries: [own('canary', 'labels')],
  canaries_with_status: [own('canary', 'labels')],
  canary_names: [by('id', 'canary')],
  checks: [by('canary_id', 'canary')],
  check_names: [by('canary_id', 'canary')],
  check_summary: [by('canary_id', 'canary')],
  check_summary_for_config: [by('canary_id', 'canary'), by('config_id', 'config')],
  checks_by_config: [by('id', 'check'), by('config_id', 'config')],
  checks_by_component: [by('id', 'check'), by('component_id', 'component')],
  check_statuses: [by('check_id', 'check')],
  check_status_summary: [by('check_id', 'check')],
  check_config_relationships: [by('canary_id', 'canary'), by('config_id', 'config')],
  check_component_relationships: [by('canary_id', 'canary'), by('component_id', 'component')],
  // Playbooks and their runs.
  playbooks: [own('playbook', null, false)],
  playbook_names: [by('id', 'playbook')],
  playbook_runs: [by('playbook_id', 'playbook')],
  playbook_run_actions: [by('playbook_run_id', 'playbook_run')],
  playbook_approvals: [by('run_id', 'playbook_run')],
  // Views.
  views: [own('view', 'labels', false)],
  views_summary: [by('id', 'view')],
  view_panels: [by('view_id', 'view')],
  // Functions under `/api/db/rpc` returning rows of a kind (or hanging off one).
  'rpc/related_configs_recursive': [by('id', 'config')],
  'rpc/related_changes_recursive': [by('config_id', 'config')],
  'rpc/get_parents_by_location': [by('id', 'config')],
  'rpc/get_children_by_location': [by('id', 'config')],
  'rpc/lookup_analysis_by_component': [by('config_id', 'config')],
  'rpc/lookup_changes_by_component': [by('config_id', 'config')],
  'rpc/lookup_configs_by_component': [by('config_id', 'config')],
  'rpc/lookup_components_by_config': [by('component_id', 'component')],
  'rpc/get_playbook_run_actions': [by('playbook_run_id', 'playbook_run')],
};

/** The alias a relation's row is read under in `relationCondition`'s SQL. */
export const ROW_ALIAS = '_imp_row';

/**
 * The condition (over `ROW_ALIAS`) a row of `relation` must meet under the impersonation; null
 * when not impersonating or the relation is not of a scope kind. The tables of views'
 * results (`view_<namespace>_<name>`) follow their view.
 */
export function relationCondition(
  impersonation: Impersonation | null | undefined,
  relation: string,
  alias: string = ROW_ALIAS,
): string | null {
  if (!impersonation) return null;
  const rules = RELATION_RULES[relation];
  if (rules === undefined) {
    if (!relation.startsWith('view_')) return null;
    const views = idSetSql(impersonation, 'view');
    return `EXISTS (SELECT 1 FROM views _imp_v WHERE _imp_v.id IN (${views})
      AND replace('view_' || coalesce(_imp_v.namespace, 'default') || '_' || _imp_v.name, '-', '_') = ${sqlLiteral(relation)})`;
  }
  // A kind every selected scope selects all of (a `global` `*` target) needs no condition.
  const parts = rules
    .filter((rule) => !selectsAll(impersonation, 'kind' in rule ? rule.kind : rule.set))
    .map((rule) =>
      'kind' in rule
        ? kindCondition(impersonation, rule.kind, rule.columns(alias))!
        : inSetCondition(impersonation, `${alias}.${rule.column}`, rule.set)!,
    );
  return parts.length === 0 ? null : parts.join(' AND ');
}

/**
 * Option lists over a kind (distinct values of its rows), computed again over the selected rows
 * only: the same columns and order as their views (060, 061, 062 migrations), given the
 * condition on the kind's own table under the alias `ci` (configs), `c` (components, checks).
 */
const OPTION_LISTS: Record<string, { kind: ScopeKind; sql: (condition: string) => string }> = {
  config_types: {
    kind: 'config',
    sql: (w) => `SELECT DISTINCT ci.type FROM config_items ci
      WHERE ci.type IS NOT NULL AND ${w} ORDER BY ci.type`,
  },
  config_classes: {
    kind: 'config',
    sql: (w) => `SELECT DISTINCT ci.config_class FROM config_items ci WHERE ${w}
      ORDER BY ci.config_class`,
  },
  config_statuses: {
    kind: 'config',
    sql: (w) => `SELECT DISTINCT ci.status FROM config_items ci
      WHERE ci.status IS NOT NULL AND ${w} ORDER BY ci.status`,
  },
  config_tags: {
    kind: 'config',
    sql: (w) => `SELECT DISTINCT t.key, t.value
      FROM config_items ci, jsonb_each_text(ci.tags) AS t(key, value)
      WHERE ci.deleted_at IS NULL AND jsonb_typeof(ci.tags) = 'object' AND ${w}
      ORDER BY t.key, t.value`,
  },
  config_labels: {
    kind: 'config',
    sql: (w) => `SELECT DISTINCT l.key, l.value
      FROM config_items ci, jsonb_each_text(ci.labels) AS l(key, value)
      WHERE ci.deleted_at IS NULL AND jsonb_typeof(ci.labels) = 'object' AND ${w}
      ORDER BY l.key, l.value`,
  },
  analysis_types: {
    kind: 'config',
    sql: (w) => `SELECT DISTINCT ca.analysis_type FROM config_analysis ca
      WHERE ca.analysis_type IS NOT NULL
        AND ca.config_id IN (SELECT ci.id FROM config_items ci WHERE ${w})
      ORDER BY ca.analysis_type`,
  },
  change_types: {
    kind: 'config',
    sql: (w) => `SELECT DISTINCT cc.change_type FROM config_changes cc
      WHERE cc.config_id IN (SELECT ci.id FROM config_items ci WHERE ${w})
      ORDER BY cc.change_type`,
  },
  component_labels: {
    kind: 'component',
    sql: (w) => `SELECT DISTINCT l.key, l.value
      FROM components c, jsonb_each_text(c.labels) AS l(key, value)
      WHERE jsonb_typeof(c.labels) = 'object' AND ${w}
      ORDER BY l.key, l.value`,
  },
};

/** The alias of the kind's table in `OPTION_LISTS`' SQL. */
const OPTION_ALIAS: Partial<Record<ScopeKind, string>> = { config: 'ci', component: 'c' };

/**
 * `SELECT * FROM source` narrowed to the rows of `relation` the impersonation selects; for a
 * function, the first of its names (`rpc/<fn>`, then the relation it returns) with a rule.
 */
export function narrowedSource(
  impersonation: Impersonation | null | undefined,
  relations: readonly string[],
  source: string,
): string {
  const [first] = relations;
  const options = first === undefined ? undefined : OPTION_LISTS[first];
  if (impersonation && options) {
    const condition = ownCondition(impersonation, options.kind, OPTION_ALIAS[options.kind]!)!;
    if (condition !== 'TRUE') return `(${options.sql(condition)})`;
  }
  const relation = relations.find((r) => r in RELATION_RULES) ?? relations[relations.length - 1];
  const condition = relation === undefined ? null : relationCondition(impersonation, relation);
  return condition === null
    ? source
    : `(SELECT * FROM ${source} AS ${ROW_ALIAS} WHERE ${condition})`;
}

/** The impersonation of each request the hook accepted. */
const impersonations = new WeakMap<object, Impersonation>();

/** What the request impersonates, or null (no header, or a route the hook does not cover). */
export function impersonationOf(request: FastifyRequest): Impersonation | null {
  return impersonations.get(request.raw) ?? null;
}

/** Routes a stale header must never lock anyone out of: signing in and out, who am I. */
const EXEMPT = /\/(\.ory|demo\/mailbox)\/|\/auth\/whoami(\?|$)/;

/**
 * Reads the header of every request: a malformed one is answered 400, a caller who may not
 * impersonate 403 (the admin role: roles that write `rbac`, within a token's scope); a
 * signed-out request goes on, so its route answers 401 as without the header.
 */
export function impersonationHook(db: SqlClient): onRequestHookHandler {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers[SCOPE_HEADER];
    if (header === undefined || EXEMPT.test(request.url)) return;
    const parsed = parseScopeHeader(header);
    if (parsed.ok && parsed.ids === null) return;
    const caller = await resolveCaller(db, request);
    if (!caller) return;
    if (!parsed.ok) {
      await reply.code(400).send({ error: parsed.error });
      return reply;
    }
    if (!callerAllows(caller, 'rbac', 'update')) {
      await reply
        .code(403)
        .send({ error: 'not allowed to impersonate scopes: requires the admin role' });
      return reply;
    }
    keepCaller(request, caller);
    impersonations.set(request.raw, await resolveImpersonation(db, parsed.ids ?? []));
  };
}
