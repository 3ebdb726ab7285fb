import { HttpResponse, http } from 'msw';
import type { HttpHandler } from 'msw';
import { server } from './msw';

/**
 * An in-memory PostgREST table for component tests: msw handlers for `/api/db/<name>` (at any
 * origin) that answer the part of the dialect src/api/postgrest.ts emits.
 *
 * - GET: `select=` (columns, `*`, embeds `[alias:]target[!hint](…)`), column filters `eq neq gt
 *   gte lt lte like ilike is in`, `cs` (an array column containing every value), each also as `not.<op>`, `or=(…)` / `and=(…)` with
 *   nested `and(…)` / `or(…)`, `order=` (several columns, `nullsfirst` / `nullslast`), `limit`,
 *   `offset`, and `Content-Range` (`0-49/120`, `*` range when empty; the total only with
 *   `Prefer: count=exact`, which also makes a partial page a 206).
 * - POST (an object or an array), PATCH and DELETE on the rows the filters match, answering the
 *   rows with `Prefer: return=representation` (201 for POST, 200 else; a PATCH or DELETE that
 *   matches nothing answers `[]`) and nothing (201 / 204) without it.
 *
 * Strings compare by code point (the C collation); ISO timestamps as times. An unsupported
 * parameter or operator answers 400, so a test never passes on a query the fake ignored.
 */

export type PostgrestMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';
export type PostgrestWriteMethod = Exclude<PostgrestMethod, 'GET'>;

/** A read the table answered. */
export interface PostgrestRead {
  url: URL;
  /** The `Prefer` header, e.g. `count=exact`. */
  prefer: string | null;
}

/** A write the table received (writes answered by `fail` are not recorded). */
export interface PostgrestWrite {
  method: PostgrestWriteMethod;
  /** The query's filter parameters as sent, e.g. `{ id: 'eq.42' }`; `{}` for an insert. */
  filters: Record<string, string>;
  prefer: string | null;
  /** The JSON body; absent for DELETE. */
  body?: unknown;
}

export interface PostgrestTableOptions<Row> {
  /** Columns unique together (the primary key): a duplicate insert answers 409 `23505`. */
  key?: readonly (keyof Row & string)[];
  /**
   * Embedded resources by target (`created_by`, `person_id`, `agents`): the embed's value from
   * the row's column and the row. Without a lookup the row's own value under the embed's alias
   * or target is used, so rows may hold embedded objects already.
   */
  embed?: Record<string, (value: unknown, row: Row) => unknown>;
  /** The row an inserted object becomes (defaults such as id, created_at); default the body. */
  onInsert?: (body: Record<string, unknown>, rows: readonly Row[]) => Row;
  /** The msw path PostgREST is reached at, without the table. Default any origin's `/api/db`. */
  base?: string;
}

export interface PostgrestTable<Row> {
  readonly name: string;
  /** The table: a copy of the given rows, changed in place by writes; tests may change it. */
  readonly rows: Row[];
  readonly reads: PostgrestRead[];
  readonly writes: PostgrestWrite[];
  /** The msw handlers (`postgrestTable` has registered them already). */
  readonly handlers: HttpHandler[];
  /**
   * Answers requests of `method` with this status (`network`: a network error) and body (a
   * string goes as text/plain, anything else as JSON): the next `times` of them, or all until
   * `recover()`.
   */
  fail(
    method: PostgrestMethod | readonly PostgrestMethod[] | '*',
    status: number | 'network',
    body?: unknown,
    options?: { times?: number },
  ): void;
  /** Ends every `fail`. */
  recover(): void;
}

type Cells = Record<string, unknown>;
type Condition =
  | { kind: 'test'; column: string; negate: boolean; op: string; operand: string }
  | { kind: 'group'; op: 'and' | 'or'; negate: boolean; items: Condition[] };
type SelectItem =
  | { kind: 'all' }
  | { kind: 'column'; key: string; column: string }
  | { kind: 'embed'; key: string; target: string; alias?: string; items: SelectItem[] };

/** A query the fake cannot answer: 400, as PostgREST answers a malformed one. */
class BadRequest extends Error {}

const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'columns']);
const ISO_TIME = /^\d{4}-\d\d-\d\d[T ]\d\d:\d\d/;

/** Splits on commas outside parentheses and double quotes. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '\\') i++;
    else if (c === '"') quoted = !quoted;
    else if (!quoted && c === '(') depth++;
    else if (!quoted && c === ')') depth--;
    else if (!quoted && depth === 0 && c === ',') {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((part) => part.trim()).filter((part) => part !== '');
}

function unquote(text: string): string {
  return /^".*"$/s.test(text) ? text.slice(1, -1).replace(/\\(.)/g, '$1') : text;
}

/** `(a,"b,c")` → the values. */
function parseList(text: string): string[] {
  if (!/^\(.*\)$/s.test(text)) throw new BadRequest(`bad list ${text}`);
  return splitTopLevel(text.slice(1, -1)).map(unquote);
}

function parseBoolean(text: string): boolean {
  if (/^(t|true|y|yes|on|1)$/i.test(text)) return true;
  if (/^(f|false|n|no|off|0)$/i.test(text)) return false;
  throw new BadRequest(`invalid input syntax for type boolean: "${text}"`);
}

function equals(cell: unknown, text: string): boolean {
  if (typeof cell === 'boolean') return cell === parseBoolean(text);
  if (typeof cell === 'number') return cell === Number(text);
  if (typeof cell === 'object') return JSON.stringify(cell) === text;
  return String(cell) === text;
}

/** Order of two non-null values: numbers, booleans, times, then strings by code point. */
function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' || typeof b === 'number') return Number(a) - Number(b);
  if (typeof a === 'boolean' || typeof b === 'boolean') {
    const bool = (v: unknown) => (typeof v === 'boolean' ? v : parseBoolean(String(v)));
    return Number(bool(a)) - Number(bool(b));
  }
  const [x, y] = [String(a), String(b)];
  if (ISO_TIME.test(x) && ISO_TIME.test(y)) return Date.parse(x) - Date.parse(y);
  return x < y ? -1 : x > y ? 1 : 0;
}

function likeRegExp(pattern: string, flags: string): RegExp {
  const body = pattern
    .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
    .replace(/[*%]/g, '.*')
    .replace(/_/g, '.');
  return new RegExp(`^${body}$`, `s${flags}`);
}

/** `{a,"b,c"}` (an array literal) → the values. */
function parseArray(text: string): string[] {
  if (!/^\{.*\}$/s.test(text)) throw new BadRequest(`bad array ${text}`);
  return splitTopLevel(text.slice(1, -1)).map(unquote);
}

/** The operators: does a non-null cell (any cell for `is`) pass with this operand? */
const OPERATORS: Record<string, (cell: unknown, operand: string) => boolean> = {
  eq: (cell, operand) => equals(cell, operand),
  neq: (cell, operand) => !equals(cell, operand),
  gt: (cell, operand) => compare(cell, operand) > 0,
  gte: (cell, operand) => compare(cell, operand) >= 0,
  lt: (cell, operand) => compare(cell, operand) < 0,
  lte: (cell, operand) => compare(cell, operand) <= 0,
  like: (cell, operand) => likeRegExp(operand, '').test(String(cell)),
  ilike: (cell, operand) => likeRegExp(operand, 'i').test(String(cell)),
  in: (cell, operand) => parseList(operand).some((value) => equals(cell, value)),
  cs: (cell, operand) =>
    Array.isArray(cell) &&
    parseArray(operand).every((value) => cell.some((item) => equals(item, value))),
  is: (cell, operand) => (operand === 'null' ? cell == null : cell === parseBoolean(operand)),
};

/** `[not.]op.operand` of the column; operands inside logic trees may be double-quoted. */
function parseTest(column: string, text: string, inTree: boolean): Condition {
  const match = /^(not\.)?(\w+)\.(.*)$/s.exec(text);
  if (!match || !OPERATORS[match[2]!]) throw new BadRequest(`unsupported filter ${column}=${text}`);
  const [, not, op = '', operand = ''] = match;
  return {
    kind: 'test',
    column,
    negate: Boolean(not),
    op,
    operand: inTree ? unquote(operand) : operand,
  };
}

/** One item of a logic tree: `col.op.value`, `col.not.op.value`, `[not.]and(…)`, `[not.]or(…)`. */
function parseTreeItem(item: string): Condition {
  const group = /^(not\.)?(and|or)\((.*)\)$/s.exec(item);
  if (group) return parseGroup(group[2] as 'and' | 'or', `(${group[3]})`, Boolean(group[1]));
  const dot = item.indexOf('.');
  if (dot < 0) throw new BadRequest(`bad condition ${item}`);
  return parseTest(item.slice(0, dot), item.slice(dot + 1), true);
}

function parseGroup(op: 'and' | 'or', text: string, negate = false): Condition {
  if (!/^\(.*\)$/s.test(text)) throw new BadRequest(`bad logic tree ${op}=${text}`);
  return { kind: 'group', op, negate, items: splitTopLevel(text.slice(1, -1)).map(parseTreeItem) };
}

/**
 * A column's value, a JSON text path's (`labels->>app`, `labels->>"acme.io/team"`), or a JSON
 * path's (`object_selector->configs`, the JSON value itself).
 */
function cellOf(row: Cells, column: string): unknown {
  const arrow = column.indexOf('->>');
  if (arrow < 0) {
    const json = column.indexOf('->');
    if (json < 0) return row[column];
    const object = row[column.slice(0, json)];
    if (typeof object !== 'object' || object === null) return undefined;
    return (object as Record<string, unknown>)[column.slice(json + 2).replace(/^"(.*)"$/, '$1')];
  }
  const object = row[column.slice(0, arrow)];
  if (typeof object !== 'object' || object === null) return undefined;
  const key = column.slice(arrow + 3).replace(/^"(.*)"$/, '$1');
  const value = (object as Record<string, unknown>)[key];
  return value === undefined || value === null ? value : String(value);
}

function matches(row: Cells, condition: Condition): boolean {
  let result: boolean;
  if (condition.kind === 'group') {
    result =
      condition.op === 'and'
        ? condition.items.every((item) => matches(row, item))
        : condition.items.some((item) => matches(row, item));
  } else {
    const cell = cellOf(row, condition.column);
    // SQL: a comparison with null is neither true nor false, negated or not.
    if (condition.op !== 'is' && (cell === null || cell === undefined)) return false;
    result = OPERATORS[condition.op]!(cell, condition.operand);
  }
  return condition.negate ? !result : result;
}

/**
 * mission-control's `{col}.filter=a,!b,x*` (api.md §3, non-date columns): plain items become an
 * `in` list, excluded plain items a `not.in` list, and globs (`*x*`, `x*`, `*x`) `like` tests;
 * excluded globs are dropped as the backend drops them.
 */
function parseFilterExtension(column: string, value: string): Condition[] {
  const included: string[] = [];
  const excluded: string[] = [];
  const conditions: Condition[] = [];
  for (const raw of value.split(',')) {
    const exclude = raw.startsWith('!');
    const item = exclude ? raw.slice(1) : raw;
    if (item === '') continue;
    if (item.startsWith('*') || item.endsWith('*')) {
      if (!exclude)
        conditions.push({ kind: 'test', column, negate: false, op: 'like', operand: item });
    } else (exclude ? excluded : included).push(item);
  }
  const list = (items: string[]) =>
    `(${items.map((i) => `"${i.replace(/["\\]/g, '\\$&')}"`).join(',')})`;
  if (included.length > 0) {
    conditions.push({ kind: 'test', column, negate: false, op: 'in', operand: list(included) });
  }
  if (excluded.length > 0) {
    conditions.push({ kind: 'test', column, negate: true, op: 'in', operand: list(excluded) });
  }
  return conditions;
}

/** The filter conditions of a query, and the filter parameters as sent. */
function parseFilters(params: URLSearchParams) {
  const conditions: Condition[] = [];
  const sent: Record<string, string> = {};
  for (const [key, value] of params) {
    if (RESERVED.has(key)) continue;
    sent[key] = value;
    if (key === 'or' || key === 'and') conditions.push(parseGroup(key, value));
    else if (key.endsWith('.filter'))
      conditions.push(...parseFilterExtension(key.slice(0, -7), value));
    else if (/^[\w$]+(->>([\w-]+|"[^"]+"))?$/.test(key))
      conditions.push(parseTest(key, value, false));
    else throw new BadRequest(`unsupported parameter ${key}`);
  }
  return { conditions, sent };
}

function parseSelect(text: string): SelectItem[] {
  return splitTopLevel(text).map((item): SelectItem => {
    if (item === '*') return { kind: 'all' };
    const match = /^(?:([\w$]+):)?([\w$]+)(?:::\w+)?(?:!([\w$]+))?(?:\((.*)\))?$/s.exec(item);
    if (!match) throw new BadRequest(`unsupported select item ${item}`);
    const [, alias, target = '', , inner] = match;
    if (inner === undefined) return { kind: 'column', key: alias ?? target, column: target };
    return { kind: 'embed', key: alias ?? target, target, alias, items: parseSelect(inner) };
  });
}

/** The selected columns of `source`; embeds by lookup (top level only) or from the row. */
function project(
  source: Cells,
  items: readonly SelectItem[],
  lookup?: (target: string) => ((value: unknown) => unknown) | undefined,
): Cells {
  const out: Cells = {};
  for (const item of items) {
    if (item.kind === 'all') Object.assign(out, source);
    else if (item.kind === 'column') {
      if (item.column in source) out[item.key] = source[item.column];
    } else {
      const resolve = lookup?.(item.target);
      const own = item.alias !== undefined && item.alias in source ? item.alias : item.target;
      const value = (resolve ? resolve(source[item.target]) : source[own]) ?? null;
      if (value !== null && typeof value !== 'object') {
        throw new BadRequest(`embed ${item.target} has no lookup and the row holds no object`);
      }
      const shape = (v: unknown) =>
        v !== null && typeof v === 'object' ? project(v as Cells, item.items) : v;
      out[item.key] = Array.isArray(value) ? value.map(shape) : shape(value);
    }
  }
  return out;
}

function sortRows(rows: Cells[], order: string): Cells[] {
  const terms = splitTopLevel(order).map((term) => {
    const [column = '', ...modifiers] = term.split('.');
    const desc = modifiers.includes('desc');
    const nullsFirst =
      modifiers.includes('nullsfirst') || (desc && !modifiers.includes('nullslast'));
    return { column, desc, nullsFirst };
  });
  return [...rows].sort((a, b) => {
    for (const { column, desc, nullsFirst } of terms) {
      const [x, y] = [a[column], b[column]];
      if (x == null || y == null) {
        if (x == null && y == null) continue;
        return (x == null) === nullsFirst ? -1 : 1;
      }
      const result = compare(x, y);
      if (result !== 0) return desc ? -result : result;
    }
    return 0;
  });
}

function count(params: URLSearchParams, name: 'limit' | 'offset'): number | undefined {
  const text = params.get(name);
  if (text === null) return undefined;
  if (!/^\d+$/.test(text)) throw new BadRequest(`${name} must be a whole number`);
  return Number(text);
}

/** A table's handlers, not registered: for handler lists such as `shellHandlers`. */
export function createPostgrestTable<Row extends object>(
  name: string,
  initialRows: readonly Row[],
  options: PostgrestTableOptions<Row> = {},
): PostgrestTable<Row> {
  const rows: Row[] = [...initialRows];
  const cells = () => rows as unknown as Cells[];
  const reads: PostgrestRead[] = [];
  const writes: PostgrestWrite[] = [];
  let failures: Array<{ methods: string[]; times: number; respond: () => Response }> = [];

  const represent = (url: URL, found: Cells[]) => {
    // Several `select` parameters are merged (api.md §23 item 7).
    const selects = url.searchParams.getAll('select');
    if (selects.length === 0) return found;
    const select = selects.join(',');
    const items = parseSelect(select);
    return found.map((row) =>
      project(row, items, (target) => {
        const resolve = options.embed?.[target];
        return resolve && ((value) => resolve(value, row as Row));
      }),
    );
  };
  const matching = (url: URL) => {
    const { conditions, sent } = parseFilters(url.searchParams);
    const matched = cells().filter((row) => conditions.every((c) => matches(row, c)));
    return { matched, sent };
  };
  /** The row holds the same key as one of `others`. */
  const duplicate = (row: Cells, others: readonly Cells[]) => {
    const key = options.key ?? [];
    return key.length > 0 && others.some((other) => key.every((c) => other[c] === row[c]));
  };

  function read(request: Request, url: URL): Response {
    const prefer = request.headers.get('prefer');
    reads.push({ url, prefer });
    const exact = /\bcount=exact\b/.test(prefer ?? '');
    const order = url.searchParams.get('order');
    let found = matching(url).matched;
    if (order !== null) found = sortRows(found, order);
    const offset = count(url.searchParams, 'offset') ?? 0;
    const limit = count(url.searchParams, 'limit') ?? found.length;
    const page = found.slice(offset, offset + limit);
    const total = exact ? String(found.length) : '*';
    const range = page.length === 0 ? '*' : `${offset}-${offset + page.length - 1}`;
    return HttpResponse.json(represent(url, page), {
      status: exact && page.length < found.length ? 206 : 200,
      headers: { 'Content-Range': `${range}/${total}` },
    });
  }

  async function write(request: Request, url: URL, method: PostgrestWriteMethod) {
    const prefer = request.headers.get('prefer');
    const body: unknown = method === 'DELETE' ? undefined : await request.json();
    const { matched, sent } = method === 'POST' ? { matched: [], sent: {} } : matching(url);
    writes.push({ method, filters: sent, prefer, ...(body === undefined ? {} : { body }) });
    let changed: Cells[];
    if (method === 'POST') {
      const items = (Array.isArray(body) ? body : [body]) as Cells[];
      changed = items.map((item) => (options.onInsert?.(item, rows) ?? item) as Cells);
      const clash = changed.find((row, i) => duplicate(row, [...cells(), ...changed.slice(0, i)]));
      if (clash) {
        const key = options.key ?? [];
        const message = `duplicate key value violates unique constraint "${name}_pkey"`;
        const details = `Key (${key.join(', ')})=(${key.map((c) => clash[c]).join(', ')}) already exists.`;
        return HttpResponse.json({ code: '23505', message, details, hint: null }, { status: 409 });
      }
      rows.push(...(changed as unknown as Row[]));
    } else if (method === 'PATCH') {
      changed = matched.map((row) => ({ ...row, ...(body as Cells) }));
      matched.forEach((row, i) => rows.splice(cells().indexOf(row), 1, changed[i] as Row));
    } else {
      changed = matched;
      const keep = cells().filter((row) => !matched.includes(row));
      rows.splice(0, rows.length, ...(keep as unknown as Row[]));
    }
    if (!/\breturn=representation\b/.test(prefer ?? '')) {
      return new HttpResponse(null, { status: method === 'POST' ? 201 : 204 });
    }
    return HttpResponse.json(represent(url, changed), { status: method === 'POST' ? 201 : 200 });
  }

  const handle =
    (method: PostgrestMethod) =>
    async ({ request }: { request: Request }): Promise<Response> => {
      const failure = failures.find((f) => f.methods.includes(method) && f.times > 0);
      if (failure) {
        failure.times--;
        return failure.respond();
      }
      const url = new URL(request.url);
      try {
        return method === 'GET' ? read(request, url) : await write(request, url, method);
      } catch (error) {
        if (!(error instanceof BadRequest)) throw error;
        return HttpResponse.json({ code: 'PGRST100', message: error.message }, { status: 400 });
      }
    };

  const path = `${options.base ?? '*/api/db'}/${name}`;
  return {
    name,
    rows,
    reads,
    writes,
    handlers: [
      http.get(path, handle('GET')),
      http.post(path, handle('POST')),
      http.patch(path, handle('PATCH')),
      http.delete(path, handle('DELETE')),
    ],
    fail(method, status, body, { times = Infinity } = {}) {
      const methods = method === '*' ? ['GET', 'POST', 'PATCH', 'DELETE'] : [method].flat();
      const respond = () =>
        status === 'network'
          ? HttpResponse.error()
          : typeof body === 'string'
            ? new HttpResponse(body, { status, headers: { 'Content-Type': 'text/plain' } })
            : HttpResponse.json((body ?? { message: `${name} failed` }) as object, { status });
      failures.push({ methods, times, respond });
    },
    recover() {
      failures = [];
    },
  };
}

/** A table registered on the shared msw `server` (reset after each test). */
export function postgrestTable<Row extends object>(
  name: string,
  rows: readonly Row[],
  options: PostgrestTableOptions<Row> = {},
): PostgrestTable<Row> {
  const table = createPostgrestTable(name, rows, options);
  server.use(...table.handlers);
  return table;
}

/** A table of one column, a row per value: the option lists of a filter (`config_types`). */
export const valuesTable = <Column extends string>(
  name: string,
  column: Column,
  values: readonly string[],
) =>
  postgrestTable(
    name,
    values.map((value) => ({ [column]: value }) as Record<Column, string>),
  );
