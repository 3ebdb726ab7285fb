import type { SqlClient } from '../../db/types';
import { fromDatabaseError } from '../../postgrest/errors';
import { compileSelector, SEARCH_MODELS } from '../../search/compile';
import { selectorOf } from '../../search/query';
import type { Parsed } from '../guard';

/**
 * The catalog's query endpoint (api.md CAT-38, `GET /api/config/query?query=…`). The real
 * backend (config-db) runs the text as SQL and answers every row it returns, with the columns'
 * names and the count. The demo accepts the part of SQL that the query builder writes and that
 * reads only the catalog:
 *
 *     SELECT * | count(*) | column, … FROM config_items
 *       [WHERE condition] [ORDER BY column [ASC|DESC], …] [LIMIT n] [;]
 *
 * A condition is comparisons (`=`, `!=`, `<>`, `<`, `>`, `<=`, `>=`), `[NOT] LIKE`/`ILIKE`,
 * `[NOT] IN (…)`, `IS [NOT] NULL` and `@>` (containment of a JSON document) joined by AND,
 * OR, NOT and parentheses. The left side is a column, or a key of a JSON column
 * (`tags->>'cluster'`); the right side is a literal (a quoted text, a number, true, false).
 * Literals become parameters, so nothing typed reaches the database as SQL. JSON columns are
 * answered as their JSON text, as the real backend answers them.
 *
 * A text that does not begin with SELECT is read as a catalog search in the resource selector
 * grammar (`type=Kubernetes::Pod health=unhealthy tags.cluster=prod`), as saved queries are
 * also written, and answered with the same columns as `SELECT *`.
 */

/** The columns a query may name, and what each holds. */
const COLUMNS = {
  id: 'uuid',
  name: 'text',
  type: 'text',
  config_class: 'text',
  status: 'text',
  health: 'text',
  ready: 'boolean',
  description: 'text',
  source: 'text',
  path: 'text',
  icon: 'text',
  labels: 'json',
  tags: 'json',
  properties: 'json',
  parent_id: 'uuid',
  agent_id: 'uuid',
  scraper_id: 'uuid',
  created_at: 'time',
  updated_at: 'time',
  deleted_at: 'time',
  last_scraped_time: 'time',
  cost_per_minute: 'number',
  cost_total_1d: 'number',
  cost_total_7d: 'number',
  cost_total_30d: 'number',
} as const;

type Column = keyof typeof COLUMNS;

/** What `*` selects: every column above (the scraped document itself is left out). */
const STAR = Object.keys(COLUMNS) as Column[];

/** The table a query reads, by the names it is known under. */
const TABLES = new Set(['config_items', 'config_item']);

/** The most rows one query answers. */
export const MAX_QUERY_ROWS = 1000;

type Token =
  | { kind: 'word'; text: string; quoted: boolean }
  | { kind: 'string'; text: string }
  | { kind: 'number'; text: string }
  | { kind: 'symbol'; text: string };

const SYMBOLS = ['->>', '<>', '!=', '<=', '>=', '@>', '=', '<', '>', '(', ')', ',', '*', ';'];

class QuerySyntaxError extends Error {}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < text.length) {
    const char = text[at]!;
    if (/\s/.test(char)) {
      at += 1;
      continue;
    }
    if (char === "'" || char === '"') {
      let value = '';
      let end = at + 1;
      for (;;) {
        if (end >= text.length) throw new QuerySyntaxError(`unterminated ${char} at ${at + 1}`);
        if (text[end] === char) {
          if (text[end + 1] === char) {
            value += char;
            end += 2;
            continue;
          }
          break;
        }
        value += text[end];
        end += 1;
      }
      tokens.push(
        char === "'"
          ? { kind: 'string', text: value }
          : { kind: 'word', text: value, quoted: true },
      );
      at = end + 1;
      continue;
    }
    const number = /^-?\d+(\.\d+)?/.exec(text.slice(at));
    if (number && (char !== '-' || !/^->/.test(text.slice(at)))) {
      tokens.push({ kind: 'number', text: number[0] });
      at += number[0].length;
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(at));
    if (word) {
      tokens.push({ kind: 'word', text: word[0], quoted: false });
      at += word[0].length;
      continue;
    }
    const symbol = SYMBOLS.find((candidate) => text.startsWith(candidate, at));
    if (!symbol) throw new QuerySyntaxError(`unexpected "${char}" at ${at + 1}`);
    tokens.push({ kind: 'symbol', text: symbol });
    at += symbol.length;
  }
  return tokens;
}

/** A compiled query: its SQL with placeholders, and their values. */
export interface CompiledQuery {
  sql: string;
  params: unknown[];
  /** The names of the answer's columns, in order. */
  columns: string[];
}

/** Reads the tokens of one query and writes its SQL as it goes. */
class QueryCompiler {
  private at = 0;
  readonly params: unknown[] = [];

  constructor(
    private readonly tokens: Token[],
    /** What `config_items` is read from (the table, or a narrowed subquery of it). */
    private readonly source: string = 'config_items',
  ) {}

  private peek(): Token | undefined {
    return this.tokens[this.at];
  }

  private describe(token: Token | undefined): string {
    return token ? `"${token.text}"` : 'the end of the query';
  }

  private fail(expected: string): never {
    throw new QuerySyntaxError(`expected ${expected}, found ${this.describe(this.peek())}`);
  }

  /** Whether the next token is this keyword (unquoted, any case); takes it if so. */
  private keyword(word: string): boolean {
    const token = this.peek();
    if (token?.kind !== 'word' || token.quoted || token.text.toLowerCase() !== word) return false;
    this.at += 1;
    return true;
  }

  private expectKeyword(word: string): void {
    if (!this.keyword(word)) this.fail(word.toUpperCase());
  }

  private symbol(text: string): boolean {
    const token = this.peek();
    if (token?.kind !== 'symbol' || token.text !== text) return false;
    this.at += 1;
    return true;
  }

  private expectSymbol(text: string): void {
    if (!this.symbol(text)) this.fail(`"${text}"`);
  }

  private add(value: unknown, cast = ''): string {
    this.params.push(value);
    return `$${this.params.length}${cast}`;
  }

  private column(): Column {
    const token = this.peek();
    if (token?.kind !== 'word') this.fail('a column');
    const name = token.quoted ? token.text : token.text.toLowerCase();
    if (!(name in COLUMNS)) throw new QuerySyntaxError(`unknown column "${token.text}"`);
    this.at += 1;
    return name as Column;
  }

  private literal(): string | number | boolean {
    const token = this.peek();
    this.at += 1;
    if (token?.kind === 'string') return token.text;
    if (token?.kind === 'number') return Number(token.text);
    if (token?.kind === 'word' && !token.quoted) {
      const word = token.text.toLowerCase();
      if (word === 'true' || word === 'false') return word === 'true';
    }
    this.at -= 1;
    return this.fail('a value (a quoted text, a number, true or false)');
  }

  private stringLiteral(what: string): string {
    const token = this.peek();
    if (token?.kind !== 'string') this.fail(what);
    this.at += 1;
    return token.text;
  }

  /** A column, or a key of a JSON column as text; with its kind. */
  private operand(): { sql: string; kind: string } {
    const column = this.column();
    if (this.symbol('->>')) {
      if (COLUMNS[column] !== 'json') {
        throw new QuerySyntaxError(`"->>" reads a key of labels, tags or properties`);
      }
      return { sql: `${column} ->> ${this.add(this.stringLiteral('a quoted key'))}`, kind: 'text' };
    }
    return { sql: column, kind: COLUMNS[column] };
  }

  /** A value compared with a column of this kind, as a parameter of its type. */
  private typed(kind: string, value: string | number | boolean): string {
    switch (kind) {
      case 'json':
        throw new QuerySyntaxError('compare a key of a JSON column (->>) or use @>');
      case 'number':
        return this.add(typeof value === 'string' ? value : String(value), '::numeric');
      case 'boolean':
        return this.add(typeof value === 'boolean' ? value : String(value), '::boolean');
      case 'time':
        return this.add(String(value), '::timestamptz');
      case 'uuid':
        return this.add(String(value), '::uuid');
      default:
        return this.add(String(value), '::text');
    }
  }

  private comparison(): string {
    const left = this.operand();
    if (this.keyword('is')) {
      const negated = this.keyword('not');
      this.expectKeyword('null');
      return `${left.sql} IS ${negated ? 'NOT ' : ''}NULL`;
    }
    if (this.symbol('@>')) {
      if (left.kind !== 'json') throw new QuerySyntaxError('"@>" applies to a JSON column');
      const text = this.stringLiteral('a quoted JSON document');
      try {
        JSON.parse(text);
      } catch {
        throw new QuerySyntaxError(`"${text}" is not JSON`);
      }
      return `${left.sql} @> ${this.add(text, '::jsonb')}`;
    }
    const negated = this.keyword('not');
    for (const like of ['like', 'ilike']) {
      if (this.keyword(like)) {
        if (left.kind !== 'text') throw new QuerySyntaxError(`${like.toUpperCase()} needs a text`);
        const pattern = this.add(this.stringLiteral('a quoted pattern'));
        return `${left.sql} ${negated ? 'NOT ' : ''}${like.toUpperCase()} ${pattern}`;
      }
    }
    if (this.keyword('in')) {
      this.expectSymbol('(');
      const values = [this.typed(left.kind, this.literal())];
      while (this.symbol(',')) values.push(this.typed(left.kind, this.literal()));
      this.expectSymbol(')');
      return `${left.sql} ${negated ? 'NOT ' : ''}IN (${values.join(', ')})`;
    }
    if (negated) this.fail('LIKE, ILIKE or IN after NOT');
    const op = this.peek();
    const ops = ['=', '!=', '<>', '<', '>', '<=', '>='];
    if (op?.kind !== 'symbol' || !ops.includes(op.text)) this.fail('an operator');
    this.at += 1;
    return `${left.sql} ${op.text === '!=' ? '<>' : op.text} ${this.typed(left.kind, this.literal())}`;
  }

  private primary(): string {
    if (this.keyword('not')) return `NOT (${this.primary()})`;
    if (this.symbol('(')) {
      const inner = this.or();
      this.expectSymbol(')');
      return `(${inner})`;
    }
    return this.comparison();
  }

  private and(): string {
    const parts = [this.primary()];
    while (this.keyword('and')) parts.push(this.primary());
    return parts.join(' AND ');
  }

  private or(): string {
    const parts = [this.and()];
    while (this.keyword('or')) parts.push(this.and());
    return parts.length === 1 ? parts[0]! : parts.join(' OR ');
  }

  private selectList(): { sql: string; columns: string[]; count: boolean } {
    if (this.symbol('*')) return { ...selectColumns(STAR), count: false };
    const token = this.peek();
    const next = this.tokens[this.at + 1];
    if (token?.kind === 'word' && token.text.toLowerCase() === 'count' && next?.text === '(') {
      this.at += 2;
      this.expectSymbol('*');
      this.expectSymbol(')');
      let name = 'count';
      if (this.keyword('as')) {
        const alias = this.peek();
        if (alias?.kind !== 'word') this.fail('a name after AS');
        this.at += 1;
        name = alias.text;
      }
      return {
        sql: `count(*)::int AS "${name.replace(/"/g, '""')}"`,
        columns: [name],
        count: true,
      };
    }
    const columns = [this.column()];
    while (this.symbol(',')) columns.push(this.column());
    return { ...selectColumns(columns), count: false };
  }

  compile(): CompiledQuery {
    this.expectKeyword('select');
    const select = this.selectList();
    this.expectKeyword('from');
    const table = this.peek();
    if (table?.kind !== 'word' || !TABLES.has(table.text.toLowerCase())) {
      this.fail('config_items');
    }
    this.at += 1;
    let sql = `SELECT ${select.sql} FROM ${this.source}`;
    if (this.keyword('where')) sql += ` WHERE ${this.or()}`;
    const order: string[] = [];
    if (this.keyword('order')) {
      this.expectKeyword('by');
      do {
        const column = this.column();
        const descending = this.keyword('desc');
        if (!descending) this.keyword('asc');
        order.push(descending ? `${column} DESC` : column);
      } while (this.symbol(','));
    }
    let limit = MAX_QUERY_ROWS;
    if (this.keyword('limit')) {
      const token = this.peek();
      if (token?.kind !== 'number' || !/^\d+$/.test(token.text)) this.fail('a row count');
      this.at += 1;
      limit = Math.min(Number(token.text), MAX_QUERY_ROWS);
    }
    this.symbol(';');
    if (this.peek()) this.fail('the end of the query');
    if (!select.count) {
      // The same rows in the same order every time, where the query names no order.
      sql += ` ORDER BY ${[...order, 'name', 'id'].join(', ')} LIMIT ${limit}`;
    }
    return { sql, params: this.params, columns: select.columns };
  }
}

function selectColumns(columns: readonly Column[], table = ''): { sql: string; columns: string[] } {
  const sql = columns.map((column) =>
    COLUMNS[column] === 'json' ? `${table}${column}::text AS ${column}` : `${table}${column}`,
  );
  return { sql: sql.join(', '), columns: [...columns] };
}

/** A resource selector's search over the catalog, with the columns of `SELECT *`. */
function compileSelectorQuery(
  text: string,
  now: Date,
  narrow: string | null,
): Parsed<CompiledQuery> {
  const parsed = selectorOf({ search: text });
  if (!parsed.ok) return { ok: false, error: `query: ${parsed.error}` };
  const params: unknown[] = [];
  const add = (value: unknown, cast = '') => {
    params.push(value);
    return `$${params.length}${cast}`;
  };
  const compiled = compileSelector(SEARCH_MODELS.configs, parsed.value, add, now);
  if (!compiled.ok) return { ok: false, error: `query: ${compiled.error}` };
  const { where, order, limit } = compiled.value;
  const select = selectColumns(STAR, 't.');
  const sql =
    `SELECT ${select.sql} FROM config_items t` +
    (where.length > 0 || narrow !== null
      ? ` WHERE ${[...where, ...(narrow === null ? [] : [narrow])].join(' AND ')}`
      : '') +
    ` ORDER BY ${order ? `${order}, ` : ''}t.name, t.id` +
    ` LIMIT ${Math.min(limit ?? MAX_QUERY_ROWS, MAX_QUERY_ROWS)}`;
  return { ok: true, value: { sql, params, columns: select.columns } };
}

/**
 * The SQL of a catalog query, or what is wrong with its text. `narrow` is a further condition
 * on the items, written over the alias `t` (scope impersonation).
 */
export function compileConfigQuery(
  text: string,
  now = new Date(),
  narrow: string | null = null,
): Parsed<CompiledQuery> {
  if (text.trim() === '') return { ok: false, error: 'query: a query is required' };
  if (!/^\s*select\b/i.test(text)) return compileSelectorQuery(text, now, narrow);
  const source =
    narrow === null
      ? 'config_items'
      : `(SELECT * FROM config_items t WHERE ${narrow}) config_items`;
  try {
    return { ok: true, value: new QueryCompiler(tokenize(text), source).compile() };
  } catch (error) {
    if (error instanceof QuerySyntaxError) return { ok: false, error: `query: ${error.message}` };
    throw error;
  }
}

/** The answer of CAT-38: the rows, their columns and their count. */
export interface ConfigQueryAnswer {
  count: number;
  columns: Array<{ name: string }>;
  results: Array<Record<string, unknown>>;
}

/**
 * Runs a compiled query. A value the database cannot read as its column's type (a date that
 * is not one) is the caller's mistake: it answers `{ ok: false }` with the database's words.
 */
export async function runConfigQuery(
  db: SqlClient,
  query: CompiledQuery,
): Promise<Parsed<ConfigQueryAnswer>> {
  try {
    const { rows } = await db.query(query.sql, query.params);
    return {
      ok: true,
      value: {
        count: rows.length,
        columns: query.columns.map((name) => ({ name })),
        results: rows,
      },
    };
  } catch (error) {
    const mapped = fromDatabaseError(error);
    if (mapped && mapped.status < 500) {
      return { ok: false, error: `failed to run query: ${mapped.message}` };
    }
    throw error;
  }
}
