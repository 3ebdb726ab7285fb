/**
 * A small, immutable builder of PostgREST query strings (the `/api/db` dialect of
 * reference/api.md §22, plus mission-control's `{col}.filter=` extension of §3).
 *
 *   pg('teams').is('deleted_at', null).order('name', 'asc').toString()
 *     → '/teams?deleted_at=is.null&order=name.asc'
 *
 * Parameters keep the order of the calls. `select` and `order` are single parameters: calling
 * them again extends the existing one. Values are percent-encoded by `URLSearchParams`.
 */

/** Where PostgREST is reached from the browser. */
export const POSTGREST_BASE = '/api/db';

/** The columns embedded for a person, a creator or a responder (api.md `A`). */
export const AVATAR_COLUMNS = 'id,name,avatar,email';

export type PgValue = string | number | boolean;
export type PgCompareOperator = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'ilike';
export type PgListOperator = 'in' | 'cs' | 'cd';
export type PgOperator = PgCompareOperator | PgListOperator | 'is';
export type PgOrderDirection = 'asc' | 'desc';

export interface PgOrderOptions {
  /** Where rows with a null in the column go (`nullsfirst` / `nullslast`). */
  nulls?: 'first' | 'last';
}

export interface PgInOptions {
  /** Double-quote every value, not only those that need it (`in.("a","b")`). Default false. */
  quoted?: boolean;
}

/** What an endpoint's `query` returns for a PostgREST read: see baseQuery's `RequestArgs`. */
export interface PgRequest {
  url: string;
  prefer?: 'count=exact';
}

type Param = readonly [key: string, value: string];

const needsQuotingInList = /[,()"\\]|^\s|\s$/;
const needsQuotingInArray = /[,{}"\\]|^\s|\s$|^null$/i;

function quote(value: string): string {
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/**
 * A value double-quoted for a logic tree (`or=(…)`, `and=(…)`), a backslash before each quote
 * and backslash inside, so that no character of it is read as PostgREST syntax.
 */
export function pgQuoted(value: PgValue): string {
  return quote(formatValue(value));
}

function formatValue(value: PgValue): string {
  return typeof value === 'string' ? value : String(value);
}

/** `in` operand: `(a,b)`; a value with a comma, quote, backslash or parenthesis is quoted. */
export function pgList(values: readonly PgValue[], options: PgInOptions = {}): string {
  const items = values.map((v) => {
    const text = formatValue(v);
    return options.quoted || text === '' || needsQuotingInList.test(text) ? quote(text) : text;
  });
  return `(${items.join(',')})`;
}

/** `cs` / `cd` operand, a Postgres array literal: `{admin,editor}`. */
export function pgArray(values: readonly PgValue[]): string {
  const items = values.map((v) => {
    const text = formatValue(v);
    return text === '' || needsQuotingInArray.test(text) ? quote(text) : text;
  });
  return `{${items.join(',')}}`;
}

/** `is` operand. */
function formatIs(value: null | boolean): string {
  return value === null ? 'null' : String(value);
}

/**
 * One condition inside `or=(…)` / `and=(…)`: `pgCondition('name', 'ilike', '*q*')` →
 * `name.ilike.*q*`. A value with a comma, quote, backslash or parenthesis is double-quoted so
 * that user text cannot break the expression.
 */
export function pgCondition(column: string, operator: PgCompareOperator, value: PgValue): string;
export function pgCondition(column: string, operator: 'is', value: null | boolean): string;
export function pgCondition(
  column: string,
  operator: PgListOperator,
  values: readonly PgValue[],
): string;
export function pgCondition(
  column: string,
  operator: PgOperator,
  value: PgValue | null | readonly PgValue[],
): string {
  return `${column}.${operator}.${formatOperand(operator, value, true)}`;
}

/**
 * The `ilike` pattern that matches text holding `text` anywhere: `*text*`, with SQL's `%`, `_`
 * and `\\` in the text escaped so that they match themselves.
 */
export function pgContains(text: string): string {
  return `*${text.replace(/[\\%_]/g, (c) => `\\${c}`)}*`;
}

/** A nested group inside a logic tree: `pgAnd('a.gte.1', 'a.lte.2')` → `and(a.gte.1,a.lte.2)`. */
export function pgAnd(...conditions: readonly string[]): string {
  return `and(${conditions.join(',')})`;
}

/** `pgOr('a.eq.1', 'b.eq.1')` → `or(a.eq.1,b.eq.1)`. */
export function pgOr(...conditions: readonly string[]): string {
  return `or(${conditions.join(',')})`;
}

function formatOperand(
  operator: PgOperator,
  value: PgValue | null | readonly PgValue[],
  inLogicTree = false,
): string {
  if (operator === 'is') return formatIs(value as null | boolean);
  if (operator === 'in') return pgList(value as readonly PgValue[]);
  if (operator === 'cs' || operator === 'cd') return pgArray(value as readonly PgValue[]);
  const text = formatValue(value as PgValue);
  return inLogicTree && needsQuotingInList.test(text) ? quote(text) : text;
}

function joinConditions(conditions: string | readonly string[]): string {
  return `(${typeof conditions === 'string' ? conditions : conditions.join(',')})`;
}

function assertCount(name: string, value: number, min: number): void {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new RangeError(`${name} must be a whole number of at least ${min}, got ${value}`);
  }
}

export class PostgrestQuery {
  private constructor(
    /** Table, view or `rpc/<function>`. */
    readonly relation: string,
    private readonly params: readonly Param[],
    /** Whether the request asks for the total row count (`Prefer: count=exact`). */
    readonly wantsCount: boolean,
  ) {}

  static from(relation: string): PostgrestQuery {
    return new PostgrestQuery(relation.replace(/^\/+/, ''), [], false);
  }

  private add(key: string, value: string): PostgrestQuery {
    return new PostgrestQuery(this.relation, [...this.params, [key, value]], this.wantsCount);
  }

  /** Adds to the parameter `key` (comma-separated), or creates it at the end. */
  private extend(key: string, value: string): PostgrestQuery {
    const index = this.params.findIndex(([k]) => k === key);
    if (index < 0) return this.add(key, value);
    const params = this.params.map((param, i): Param =>
      i === index ? [key, `${param[1]},${value}`] : param,
    );
    return new PostgrestQuery(this.relation, params, this.wantsCount);
  }

  /** `select('id,name', 'agent:agents(id,name)')` → `select=id,name,agent:agents(id,name)`. */
  select(...columns: readonly string[]): PostgrestQuery {
    const list = columns.filter((c) => c !== '').join(',');
    return list === '' ? this : this.extend('select', list);
  }

  private compare(column: string, operator: PgCompareOperator, value: PgValue): PostgrestQuery {
    return this.add(column, `${operator}.${formatValue(value)}`);
  }

  eq(column: string, value: PgValue): PostgrestQuery {
    return this.compare(column, 'eq', value);
  }

  neq(column: string, value: PgValue): PostgrestQuery {
    return this.compare(column, 'neq', value);
  }

  gt(column: string, value: PgValue): PostgrestQuery {
    return this.compare(column, 'gt', value);
  }

  gte(column: string, value: PgValue): PostgrestQuery {
    return this.compare(column, 'gte', value);
  }

  lt(column: string, value: PgValue): PostgrestQuery {
    return this.compare(column, 'lt', value);
  }

  lte(column: string, value: PgValue): PostgrestQuery {
    return this.compare(column, 'lte', value);
  }

  /** `*` is the wildcard: `like('name', 'web*')`. */
  like(column: string, pattern: string): PostgrestQuery {
    return this.compare(column, 'like', pattern);
  }

  ilike(column: string, pattern: string): PostgrestQuery {
    return this.compare(column, 'ilike', pattern);
  }

  is(column: string, value: null | boolean): PostgrestQuery {
    return this.add(column, `is.${formatIs(value)}`);
  }

  in(column: string, values: readonly PgValue[], options?: PgInOptions): PostgrestQuery {
    return this.add(column, `in.${pgList(values, options)}`);
  }

  /** Array column contains all of the values: `roles=cs.{admin,editor}`. */
  cs(column: string, values: readonly PgValue[]): PostgrestQuery {
    return this.add(column, `cs.${pgArray(values)}`);
  }

  /** Array column is contained in the values. */
  cd(column: string, values: readonly PgValue[]): PostgrestQuery {
    return this.add(column, `cd.${pgArray(values)}`);
  }

  /** Negation: `not('email', 'is', null)` → `email=not.is.null`. */
  not(column: string, operator: 'is', value: null | boolean): PostgrestQuery;
  not(column: string, operator: PgListOperator, values: readonly PgValue[]): PostgrestQuery;
  not(column: string, operator: PgCompareOperator, value: PgValue): PostgrestQuery;
  not(
    column: string,
    operator: PgOperator,
    value: PgValue | null | readonly PgValue[],
  ): PostgrestQuery {
    return this.add(column, `not.${operator}.${formatOperand(operator, value)}`);
  }

  /** `or=(a.eq.1,b.eq.1)`; build the conditions with `pgCondition`, `pgAnd`, `pgOr`. */
  or(conditions: string | readonly string[]): PostgrestQuery {
    return this.add('or', joinConditions(conditions));
  }

  and(conditions: string | readonly string[]): PostgrestQuery {
    return this.add('and', joinConditions(conditions));
  }

  /**
   * `order('created_at', 'desc', { nulls: 'last' })` → `order=created_at.desc.nullslast`.
   * Without a direction the column goes alone (`order=type,name.asc`). Repeated calls add
   * columns to the one `order` parameter.
   */
  order(
    column: string,
    direction?: PgOrderDirection,
    options: PgOrderOptions = {},
  ): PostgrestQuery {
    let term = direction ? `${column}.${direction}` : column;
    if (options.nulls) term += `.nulls${options.nulls}`;
    return this.extend('order', term);
  }

  limit(count: number): PostgrestQuery {
    assertCount('limit', count, 0);
    return this.add('limit', String(count));
  }

  offset(count: number): PostgrestQuery {
    assertCount('offset', count, 0);
    return this.add('offset', String(count));
  }

  /** One page: `limit={pageSize}&offset={pageIndex*pageSize}`. */
  range(pageIndex: number, pageSize: number): PostgrestQuery {
    assertCount('pageIndex', pageIndex, 0);
    assertCount('pageSize', pageSize, 1);
    return this.limit(pageSize).offset(pageIndex * pageSize);
  }

  /**
   * mission-control's `{col}.filter=` (api.md §3): `filter('status', ['a', '!b'])` →
   * `status.filter=a,!b`. `!` excludes, `*` at either end matches a prefix, suffix or part.
   */
  filter(column: string, values: string | readonly string[]): PostgrestQuery {
    return this.add(`${column}.filter`, typeof values === 'string' ? values : values.join(','));
  }

  /**
   * Any other parameter, sent as given: RPC arguments (`config_id=…`), ordering inside an
   * embed (`configs.order=name`).
   */
  param(key: string, value: PgValue): PostgrestQuery {
    return this.add(key, formatValue(value));
  }

  /** Ask for the total row count: the request carries `Prefer: count=exact`. */
  count(): PostgrestQuery {
    return new PostgrestQuery(this.relation, this.params, true);
  }

  /** The parameters, in order, not encoded. */
  entries(): Array<[string, string]> {
    return this.params.map(([k, v]) => [k, v]);
  }

  /** Path and query below the PostgREST root: `/configs?select=…&type=eq.x`. */
  toString(): string {
    const query = new URLSearchParams(this.entries()).toString();
    return `/${this.relation}${query === '' ? '' : `?${query}`}`;
  }

  /** Base query arguments: the full `/api/db/…` URL, and the count preference when asked. */
  toRequest(): PgRequest {
    const url = `${POSTGREST_BASE}${this.toString()}`;
    return this.wantsCount ? { url, prefer: 'count=exact' } : { url };
  }
}

/** Starts a query on a table, view or `rpc/<function>`. */
export function pg(relation: string): PostgrestQuery {
  return PostgrestQuery.from(relation);
}

/**
 * A new row POSTed to a table, with the signed-in user written in as `created_by` (the request
 * arguments of an insert: `Prefer: return=representation` by default, so the row comes back).
 */
export function pgInsert<Body>(relation: string, body: Body) {
  return {
    url: pg(relation).toRequest().url,
    method: 'POST' as const,
    body,
    stamp: 'created_by' as const,
  };
}
