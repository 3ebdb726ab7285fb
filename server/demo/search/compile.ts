import { DateMathError, evaluateDateMath } from '../postgrest/datemath';
import { isUuid } from '../routes/canary/ids';
import type { SelectorAst, SelectorCondition, SelectorTerm, SelectorValue } from './selector';
import { MAP_KEYS, RANGE_OPS, conditionsOf } from './selector';

/** What a selector key reads in one kind: a text, a date, the agent, or a sort/limit key. */
export type FieldKind = 'text' | 'date' | 'agent' | 'type';

export interface SearchField {
  sql: string;
  kind: FieldKind;
  /** A type's: a cheap query of every type the kind holds (one column), to match a type in. */
  types?: string;
}

/** How a kind's rows answer the selector grammar. */
export interface SearchModel {
  /** The kind's name in messages (`configs`, `config_changes`, ...). */
  name: string;
  /** Key (lower case, aliases included) to column. */
  fields: Readonly<Record<string, SearchField>>;
  /** Map keys (`tags`, `labels`) to their jsonb column. */
  maps: Readonly<Record<string, string>>;
  /** The column a free-text word matches. */
  text: string;
}

/** Adds a parameter and answers its placeholder. */
export type AddParam = (value: unknown, cast?: string) => string;

export interface CompiledSelector {
  where: string[];
  /** `limit=N` in the selector. */
  limit: number | null;
  /** `sort=key` / `sort=-key` in the selector, as an ORDER BY expression. */
  order: string | null;
}

export type Compiled =
  | { ok: true; value: CompiledSelector }
  | { ok: false; error: string; /** The key is not one of the kind's. */ unknownKey: boolean };

/** A glob (`*` for any text) as a LIKE pattern, `%`, `_` and `\\` taken literally. */
export function globToLike(glob: string): string {
  return glob.replace(/[\\%_]/g, (char) => `\\${char}`).replace(/\*/g, '%');
}

/**
 * A value against a text expression, case-insensitively: `*` at either end (or inside) is a
 * glob. `contains` makes a value without a glob a substring match (free text). `lower(…) LIKE`
 * rather than ILIKE: a search's plan filters rows in name order, and ILIKE costs more a row.
 */
function matchSql(expression: string, value: string, add: AddParam, contains = false): string {
  const lowered = value.toLowerCase();
  if (value.includes('*')) return `lower(${expression}) LIKE ${add(globToLike(lowered))}`;
  if (contains) return `lower(${expression}) LIKE ${add(`%${globToLike(lowered)}%`)}`;
  return `lower(${expression}) = ${add(lowered)}`;
}

/**
 * `type=pod` also matches types ending with it (`Kubernetes::Pod`), as the backend does. Where
 * the kind lists its types (`field.types`), the pattern is matched against that list and the
 * column compared to the types found, as the backend matches it against its cache of types:
 * the planner then reads the type's index, or knows how many rows to expect, instead of
 * guessing how many types end with the text.
 */
function typeMatchSql(field: SearchField, value: string, add: AddParam): string {
  const lowered = value.toLowerCase();
  const pattern = add(lowered.includes('*') ? globToLike(lowered) : `%${globToLike(lowered)}`);
  if (field.types === undefined) return `lower(${field.sql}) LIKE ${pattern}`;
  return `${field.sql} = ANY(ARRAY(SELECT k.type FROM (${field.types}) k(type) WHERE lower(k.type) LIKE ${pattern}))`;
}

/**
 * Any of the plain values, and none of the negated ones (`!v`); with `!=`, none of the values.
 * Rows where the expression is null are never excluded by a negation.
 */
function valuesSql(
  values: readonly SelectorValue[],
  negate: boolean,
  match: (value: string) => string,
): string {
  const plain = values.filter((v) => !v.negated).map((v) => match(v.text));
  const negated = values.filter((v) => v.negated).map((v) => match(v.text));
  const parts: string[] = [];
  if (plain.length > 0) {
    const any = plain.length === 1 ? plain[0]! : `(${plain.join(' OR ')})`;
    parts.push(negate ? `coalesce(NOT ${any}, true)` : any);
  }
  for (const condition of negated) parts.push(`coalesce(NOT (${condition}), true)`);
  return parts.length === 1 ? parts[0]! : `(${parts.join(' AND ')})`;
}

const LOCAL_AGENT = '00000000-0000-0000-0000-000000000000';

function agentSql(column: string, term: Extract<SelectorTerm, { kind: 'field' }>, add: AddParam) {
  if (term.values.some((v) => !v.negated && v.text.toLowerCase() === 'all')) return null;
  const name = `(SELECT a.name FROM agents a WHERE a.id = ${column})`;
  return valuesSql(term.values, term.op === '!=', (text) => {
    const lowered = text.toLowerCase();
    if (isUuid(lowered)) return `${column} = ${add(lowered, '::uuid')}`;
    if (lowered === 'local') return `${column} = ${add(LOCAL_AGENT, '::uuid')}`;
    return `coalesce(${matchSql(name, text, add)}, false)`;
  });
}

function mapSql(column: string, term: Extract<SelectorTerm, { kind: 'field' }>, add: AddParam) {
  if (term.path === null) {
    // `tags=v`: any entry's value.
    return valuesSql(
      term.values,
      term.op === '!=',
      (text) =>
        `EXISTS (SELECT 1 FROM jsonb_each_text(coalesce(${column}, '{}'::jsonb)) e WHERE ${matchSql('e.value', text, add)})`,
    );
  }
  const entry = `(${column} ->> ${add(term.path)})`;
  return valuesSql(term.values, term.op === '!=', (text) => matchSql(entry, text, add));
}

const RANGE_SQL: Record<string, string> = { '>': '>', '<': '<', '>=': '>=', '<=': '<=' };

function dateSql(
  field: SearchField,
  term: Extract<SelectorTerm, { kind: 'field' }>,
  add: AddParam,
  now: Date,
): string {
  const value = term.values[0]!.text;
  let date: Date;
  try {
    date = evaluateDateMath(value, now);
  } catch (error) {
    const reason = error instanceof DateMathError ? error.message : `invalid date "${value}"`;
    throw new SelectorCompileError(`${term.key}: ${reason}`);
  }
  return `${field.sql} ${RANGE_SQL[term.op]} ${add(date.toISOString(), '::timestamptz')}`;
}

class SelectorCompileError extends Error {}

/** The columns `sort=` may name: a kind's text and date fields. */
function sortSql(model: SearchModel, value: SelectorValue[]): string {
  const [first] = value;
  if (!first || value.length > 1 || first.negated) {
    throw new SelectorCompileError('sort takes one key, "-" before it for descending');
  }
  const desc = first.text.startsWith('-');
  const key = (desc ? first.text.slice(1) : first.text).toLowerCase();
  const field = own(model.fields, key);
  if (!field || field.kind === 'agent') {
    throw new SelectorCompileError(`sort: "${key}" is not a field of ${model.name}`);
  }
  return `${field.sql} ${desc ? 'DESC' : 'ASC'} NULLS LAST`;
}

function limitOf(values: SelectorValue[]): number {
  const [first] = values;
  if (!first || values.length > 1 || first.negated || !/^\d+$/.test(first.text)) {
    throw new SelectorCompileError('limit must be a positive number');
  }
  const limit = Number(first.text);
  if (limit <= 0) throw new SelectorCompileError('limit must be a positive number');
  return limit;
}

/** Whether a selector names a key its kind does not have (`lenient` searches skip the kind). */
export class UnknownKeyError extends SelectorCompileError {}

/** A record's own entry (never one of Object's, such as `constructor`). */
function own<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

function unknownKey(model: SearchModel, key: string): never {
  throw new UnknownKeyError(`"${key}" is not a field of ${model.name}`);
}

function termSql(
  model: SearchModel,
  term: SelectorCondition,
  add: AddParam,
  now: Date,
  out: CompiledSelector,
): string | null {
  if (term.kind === 'text') {
    const match = matchSql(model.text, term.text, add, true);
    return term.negated ? `coalesce(NOT ${match}, true)` : match;
  }
  if (term.kind === 'exists') {
    const column = own(model.maps, term.key) ?? unknownKey(model, term.key);
    return `(${column} ->> ${add(term.path)}) IS ${term.negated ? '' : 'NOT '}NULL`;
  }
  const map = own(model.maps, term.key);
  if (map !== undefined) return mapSql(map, term, add);
  if (term.key === 'limit' && term.path === null) {
    out.limit = limitOf(term.values);
    return null;
  }
  if (term.key === 'sort' && term.path === null) {
    out.order = sortSql(model, term.values);
    return null;
  }
  const name =
    term.path === null || MAP_KEYS.includes(term.key) ? term.key : `${term.key}.${term.path}`;
  const field =
    (term.path === null ? own(model.fields, term.key) : undefined) ?? unknownKey(model, name);
  const range = RANGE_OPS.includes(term.op);
  if (field.kind === 'date') {
    if (!range) throw new SelectorCompileError(`${term.key} takes >, <, >= or <= and a date`);
    return dateSql(field, term, add, now);
  }
  if (range) throw new SelectorCompileError(`"${term.op}" applies to dates, not to ${term.key}`);
  if (field.kind === 'agent') return agentSql(field.sql, term, add);
  const match =
    field.kind === 'type'
      ? (text: string) => typeMatchSql(field, text, add)
      : (text: string) => matchSql(field.sql, text, add);
  return valuesSql(term.values, term.op === '!=', match);
}

/**
 * The conditions of a parsed selector over one kind's rows, with its parameters added through
 * `add`; an error names the key and the kind, or the value, that cannot apply. A group's terms
 * all apply, as the others do (the backend joins them with AND too): they are conditions of
 * their own.
 */
export function compileSelector(
  model: SearchModel,
  ast: SelectorAst,
  add: AddParam,
  now: Date,
): Compiled {
  const out: CompiledSelector = { where: [], limit: null, order: null };
  try {
    for (const term of conditionsOf(ast.terms)) {
      const condition = termSql(model, term, add, now, out);
      if (condition) out.where.push(condition);
    }
  } catch (error) {
    if (error instanceof SelectorCompileError) {
      return { ok: false, error: error.message, unknownKey: error instanceof UnknownKeyError };
    }
    throw error;
  }
  return { ok: true, value: out };
}

/** Whether the selector sets a key (its agent, its deleted_at, ...), aliases included. */
export function selectorSets(ast: SelectorAst, keys: readonly string[]): boolean {
  return conditionsOf(ast.terms).some((term) => term.kind === 'field' && keys.includes(term.key));
}

/**
 * The date comparisons of a selector over one kind: the column each compares (its SQL, e.g.
 * `t.created_at`) and the bound at a moment, for answers kept until a row crosses one.
 */
export function selectorDateBounds(
  model: SearchModel,
  ast: SelectorAst,
): Array<{ column: string; bound: (now: Date) => Date }> {
  const bounds: Array<{ column: string; bound: (now: Date) => Date }> = [];
  for (const term of conditionsOf(ast.terms)) {
    if (term.kind !== 'field' || term.path !== null) continue;
    const field = own(model.fields, term.key);
    const text = term.values[0]?.text;
    if (field?.kind !== 'date' || text === undefined) continue;
    bounds.push({ column: field.sql, bound: (now) => evaluateDateMath(text, now) });
  }
  return bounds;
}

const date = (sql: string): SearchField => ({ sql, kind: 'date' });
const text = (sql: string): SearchField => ({ sql, kind: 'text' });

/** created_at, updated_at and deleted_at with their short aliases, on table alias `t`. */
function timestamps(...columns: Array<'created_at' | 'updated_at' | 'deleted_at'>) {
  const fields: Record<string, SearchField> = {};
  for (const column of columns) {
    fields[column] = date(`t.${column}`);
    fields[column.replace('_at', '')] = date(`t.${column}`);
  }
  return fields;
}

const typeField = (sql: string, types?: string): SearchField =>
  types === undefined ? { sql, kind: 'type' } : { sql, kind: 'type', types };
/** The config types, found in the type index a type at a time (060_catalog_views.sql). */
const CONFIG_TYPES = 'SELECT type FROM config_types';
const agentField: SearchField = { sql: 't.agent_id', kind: 'agent' };
/** Their labels answer as `tags` for checks, canaries and components: both keys read them. */
const LABELS = { labels: 't.labels', tags: 't.labels' };

/** A kind read from one table `t`: its id, name, namespace and dates, and these fields. */
function tableModel(
  name: string,
  fields: Record<string, SearchField>,
  maps: Record<string, string> = {},
): SearchModel {
  return {
    name,
    fields: {
      id: text('t.id::text'),
      name: text('t.name'),
      namespace: text('t.namespace'),
      ...timestamps('created_at', 'updated_at', 'deleted_at'),
      ...fields,
    },
    maps,
    text: 't.name',
  };
}

/** Each searched kind's keys: the backend's query models (duty `query/models.go`). */
export const SEARCH_MODELS = {
  configs: tableModel(
    'configs',
    {
      type: typeField('t.type', CONFIG_TYPES),
      config_type: typeField('t.type', CONFIG_TYPES),
      config_class: text('t.config_class'),
      namespace: text("(t.tags->>'namespace')"),
      agent: agentField,
      health: text('t.health'),
      status: text('t.status'),
      source: text('t.source'),
    },
    { tags: 't.tags', labels: 't.labels' },
  ),
  components: tableModel(
    'components',
    {
      type: typeField('t.type'),
      component_type: typeField('t.type'),
      agent: agentField,
      health: text('t.health'),
      status: text('t.status'),
      topology_id: text('t.topology_id::text'),
    },
    LABELS,
  ),
  checks: tableModel(
    'checks',
    {
      type: typeField('t.type'),
      check_type: typeField('t.type'),
      agent: agentField,
      // A check's health is its status (healthy, unhealthy), as in the backend.
      status: text('t.status'),
      health: text('t.status'),
      severity: text('t.severity'),
      category: text('t.category'),
      owner: text('t.owner'),
      canary_id: text('t.canary_id::text'),
      canary: text('(SELECT c.name FROM canaries c WHERE c.id = t.canary_id)'),
    },
    LABELS,
  ),
  canaries: tableModel('canaries', { agent: agentField, source: text('t.source') }, LABELS),
  playbooks: tableModel('playbooks', {
    category: text('t.category'),
    title: text('t.title'),
    source: text('t.source::text'),
  }),
  connections: tableModel('connections', { type: typeField('t.type') }),
  /** Changes (`t`) with their config (`ci`): name, type and tags are the config's. */
  config_changes: {
    name: 'config_changes',
    fields: {
      id: text('t.id::text'),
      config_id: text('t.config_id::text'),
      name: text('ci.name'),
      type: typeField('ci.type', CONFIG_TYPES),
      config_type: typeField('ci.type', CONFIG_TYPES),
      namespace: text("(ci.tags->>'namespace')"),
      agent: { sql: 'ci.agent_id', kind: 'agent' },
      change_type: text('t.change_type'),
      changetype: text('t.change_type'),
      severity: text('t.severity'),
      source: text('t.source'),
      summary: text('t.summary'),
      created_by: text('coalesce(t.created_by::text, t.external_created_by)'),
      external_created_by: text('t.external_created_by'),
      created_at: date('t.created_at'),
      created: date('t.created_at'),
      first_observed: date('t.first_observed'),
    },
    maps: { tags: 'ci.tags', labels: 'ci.labels' },
    text: 'ci.name',
  },
} satisfies Record<string, SearchModel>;

export type SearchKind = keyof typeof SEARCH_MODELS;
