import { DateMathError } from './datemath';
import {
  PostgrestError,
  bodyColumnNotFound,
  fromDatabaseError,
  invalidBody,
  relationNotFound,
  unsupportedMethod,
} from './errors';
import { Mutex, runInTransaction } from './execute';
import { applyFilterExtension } from './filterExtension';
import type { ParsedQuery } from './parser/query';
import { parseQuery } from './parser/query';
import type { PlanNode } from './plan/model';
import { resolvePlan } from './plan/resolve';
import type { Preferences } from './prefer';
import { parsePrefer } from './prefer';
import { callSql, chooseRoutine, routineNotFound } from './rpc';
import { introspectSchema } from './schema/introspect';
import type { Column, Relation, Routine, SchemaCache } from './schema/model';
import { SqlParams, relationSql } from './sql/params';
import type { BuildContext } from './sql/params';
import { buildRead, rangeSql } from './sql/read';
import type { Shape } from './sql/shape';
import { emptyShape, reshape } from './sql/shape';
import { buildDelete, buildInsert, buildUpdate, type WriteStatement } from './sql/write';
import type { PostgrestRequest, PostgrestResponse, RowNarrowing, SqlClient } from './types';

export interface PostgrestEngineOptions {
  /** Schema whose tables, views and functions are served; default `public`. */
  exposedSchema?: string;
  /** Relations answered with 404 and never embedded (secrets, sessions, migrations). */
  hiddenRelations?: string[];
  /** Per-statement budget on servers that honour `statement_timeout`; default 5000 ms. */
  statementTimeoutMs?: number;
  /** Clock for the `.filter` date math; default the system clock. */
  now?: () => Date;
}

const JSON_TYPE = 'application/json; charset=utf-8';
/** The wire protocol counts bind parameters in 16 bits. */
const MAX_BIND_PARAMETERS = 65_535;
const RESERVED = new Set([
  'select',
  'order',
  'limit',
  'offset',
  'columns',
  'on_conflict',
  'or',
  'and',
]);

/** What one request's statements share: the schema and who is asking. */
interface RequestScope {
  cache: SchemaCache;
  /** Narrows the rows reads see, when the request is narrowed. */
  narrow: RowNarrowing | null;
  /** The caller's claims as JSON for `request.jwt.claims`, or null. */
  claims: string | null;
}

interface StatementResult {
  total: string | null;
  body: string | null;
}

function json(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): PostgrestResponse {
  return { status, headers: { 'content-type': JSON_TYPE, ...headers }, body };
}

function errorResponse(error: PostgrestError): PostgrestResponse {
  return json(error.status, error.toBody());
}

function toPostgrestError(error: unknown): PostgrestError {
  if (error instanceof PostgrestError) return error;
  if (error instanceof DateMathError) {
    return new PostgrestError(400, 'PGRST100', error.message);
  }
  const database = fromDatabaseError(error);
  if (database !== null) return database;
  console.error('postgrest engine failure', error);
  const message = error instanceof Error ? error.message : String(error);
  return new PostgrestError(500, 'PGRST000', message);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function bodyColumns(relation: Relation, keys: Iterable<string>): Column[] {
  const columns: Column[] = [];
  for (const key of keys) {
    const column = relation.columnMap.get(key);
    if (column === undefined) throw bodyColumnNotFound(relation.name, key);
    columns.push(column);
  }
  return columns;
}

function rejectRanges(query: ParsedQuery, method: string): void {
  if (query.limit.has('') || query.offset.has('')) {
    throw new PostgrestError(400, 'PGRST114', `limit and offset are not supported on ${method}`);
  }
}

/**
 * Answers PostgREST-dialect requests (`/api/db/...`) against the database: reads with
 * embedding, filters, ordering and counts, inserts, updates and deletes by filter, and
 * function calls. Every request is one SQL statement (plus the transaction settings), with
 * client values as bind parameters and identifiers taken from the introspected schema.
 */
export class PostgrestEngine {
  private cache: SchemaCache | null = null;
  private loading: Promise<SchemaCache> | null = null;
  private readonly mutex = new Mutex();
  private readonly schema: string;
  private readonly hidden: ReadonlySet<string>;
  private readonly timeoutMs: number;
  private readonly now: () => Date;

  constructor(
    private readonly db: SqlClient,
    options: PostgrestEngineOptions = {},
  ) {
    this.schema = options.exposedSchema ?? 'public';
    this.hidden = new Set(options.hiddenRelations ?? []);
    this.timeoutMs = options.statementTimeoutMs ?? 5000;
    this.now = options.now ?? (() => new Date());
  }

  /** Reads the schema again (call after DDL); requests wait for the new cache. */
  async refreshSchema(): Promise<void> {
    const loading = introspectSchema(this.db, this.schema, this.hidden);
    this.loading = loading;
    try {
      this.cache = await loading;
    } finally {
      if (this.loading === loading) this.loading = null;
    }
  }

  private async schemaCache(): Promise<SchemaCache> {
    if (this.loading !== null) return this.loading;
    if (this.cache !== null) return this.cache;
    await this.refreshSchema();
    if (this.cache === null) throw new Error('schema cache unavailable');
    return this.cache;
  }

  async handle(request: PostgrestRequest): Promise<PostgrestResponse> {
    try {
      return await this.dispatch(request);
    } catch (error) {
      return errorResponse(toPostgrestError(error));
    }
  }

  private async dispatch(request: PostgrestRequest): Promise<PostgrestResponse> {
    const cache = await this.schemaCache();
    const path = request.relation.replace(/^\/+|\/+$/g, '');
    const prefer = parsePrefer(request.headers.prefer);
    const scope: RequestScope = {
      cache,
      claims: request.claims === undefined ? null : JSON.stringify(request.claims),
      narrow: request.narrow ?? null,
    };
    if (path.startsWith('rpc/')) return this.call(scope, path.slice(4), request, prefer);
    const relation = cache.relations.get(path);
    if (relation === undefined) throw relationNotFound(cache.schema, path);
    const jsonColumns = new Set(
      relation.columns.filter((c) => c.kind === 'jsonb').map((c) => c.name),
    );
    const query = parseQuery(
      applyFilterExtension(request.query, request.now ?? this.now(), jsonColumns),
    );
    switch (request.method) {
      case 'GET':
      case 'HEAD':
        return this.read(scope, relation, query, prefer, request.method === 'HEAD');
      case 'POST':
        return this.insert(scope, relation, query, prefer, request.body);
      case 'PATCH':
        return this.update(scope, relation, query, prefer, request.body);
      case 'DELETE':
        return this.remove(scope, relation, query, prefer);
      default:
        throw unsupportedMethod(String(request.method));
    }
  }

  private context(scope: RequestScope): BuildContext {
    const { narrow } = scope;
    return {
      schema: scope.cache.schema,
      params: new SqlParams(),
      ...(narrow === null
        ? {}
        : { narrow: (name: string, source: string) => narrow.source([name], source) }),
    };
  }

  private async run(
    scope: RequestScope,
    readOnly: boolean,
    sql: string,
    context: BuildContext,
  ): Promise<StatementResult> {
    const count = context.params.values.length;
    if (count > MAX_BIND_PARAMETERS) {
      throw new PostgrestError(
        400,
        '54000',
        `too many values in one request (${count}); the limit is ${MAX_BIND_PARAMETERS}`,
        null,
        'Split the request, for example a bulk insert into several smaller ones.',
      );
    }
    return runInTransaction(
      this.db,
      this.mutex,
      { readOnly, timeoutMs: this.timeoutMs, claims: scope.claims },
      async (client) => {
        const { rows } = await client.query<StatementResult>(sql, context.params.values);
        return rows[0] ?? { total: null, body: null };
      },
    );
  }

  private async read(
    scope: RequestScope,
    relation: Relation,
    query: ParsedQuery,
    prefer: Preferences,
    head: boolean,
  ): Promise<PostgrestResponse> {
    const plan = resolvePlan(scope.cache, relation, query);
    const context = this.context(scope);
    const source = relationSql(context, relation.name);
    const statement = buildRead(
      context,
      plan,
      scope.narrow === null ? source : scope.narrow.source([relation.name], source),
      prefer.count,
    );
    const result = await this.run(scope, true, statement.sql, context);
    return this.listResponse(plan, result, statement.shape, head);
  }

  private listResponse(
    plan: PlanNode,
    result: StatementResult,
    shape: Shape,
    head: boolean,
  ): PostgrestResponse {
    const rows = reshape(JSON.parse(result.body ?? '[]'), shape) as unknown[];
    const total = result.total === null ? null : Number(result.total);
    const from = plan.offset ?? 0;
    const range = rows.length === 0 ? '*' : `${from}-${from + rows.length - 1}`;
    const partial = total !== null && rows.length > 0 && rows.length < total;
    return json(partial ? 206 : 200, head ? undefined : rows, {
      'content-range': `${range}/${total === null ? '*' : total}`,
    });
  }

  private writeResponse(
    status: number,
    prefer: Preferences,
    result: StatementResult,
    shape: Shape,
  ): PostgrestResponse {
    if (!prefer.representation) {
      return { status: status === 201 ? 201 : 204, headers: {}, body: undefined };
    }
    return json(status === 201 ? 201 : 200, reshape(JSON.parse(result.body ?? '[]'), shape));
  }

  /** The answer to a write with nothing to write (no rows, no columns): no statement runs. */
  private nothingWritten(status: 200 | 201, prefer: Preferences): PostgrestResponse {
    return this.writeResponse(status, prefer, { total: '0', body: '[]' }, emptyShape());
  }

  /** Builds a write statement, runs it and answers with its rows (or none) as `prefer` asks. */
  private async write(
    scope: RequestScope,
    status: 200 | 201,
    prefer: Preferences,
    build: (context: BuildContext) => WriteStatement,
  ): Promise<PostgrestResponse> {
    const context = this.context(scope);
    const statement = build(context);
    const result = await this.run(scope, false, statement.sql, context);
    return this.writeResponse(status, prefer, result, statement.shape);
  }

  private async insert(
    scope: RequestScope,
    relation: Relation,
    query: ParsedQuery,
    prefer: Preferences,
    body: unknown,
  ): Promise<PostgrestResponse> {
    if (query.onConflict !== null) {
      throw new PostgrestError(400, 'PGRST100', 'on_conflict (upsert) is not supported');
    }
    if (body === undefined) throw invalidBody('Empty or invalid json');
    const rows = Array.isArray(body) ? body : [body];
    if (!rows.every(isPlainObject)) {
      throw invalidBody('Expected a JSON object or an array of JSON objects');
    }
    const keys = new Set<string>();
    for (const row of rows) for (const key of Object.keys(row)) keys.add(key);
    const columns = bodyColumns(relation, query.columns ?? keys);
    const plan = resolvePlan(scope.cache, relation, query, { ignoreRootFilters: true });
    if (rows.length === 0) return this.nothingWritten(201, prefer);
    return this.write(scope, 201, prefer, (context) =>
      buildInsert(context, plan, columns, rows, prefer.representation),
    );
  }

  private async update(
    scope: RequestScope,
    relation: Relation,
    query: ParsedQuery,
    prefer: Preferences,
    body: unknown,
  ): Promise<PostgrestResponse> {
    if (!isPlainObject(body)) throw invalidBody('Expected a JSON object');
    rejectRanges(query, 'PATCH');
    const columns = bodyColumns(relation, Object.keys(body));
    const plan = resolvePlan(scope.cache, relation, query);
    if (columns.length === 0) return this.nothingWritten(200, prefer);
    const extra = this.narrowing(scope, relation, plan);
    return this.write(scope, 200, prefer, (context) =>
      buildUpdate(context, plan, columns, body, prefer.representation, extra),
    );
  }

  /** The narrowing's condition on the rows an update or delete reaches, if any. */
  private narrowing(scope: RequestScope, relation: Relation, plan: PlanNode): string[] {
    const condition = scope.narrow?.condition(relation.name, plan.alias) ?? null;
    return condition === null ? [] : [condition];
  }

  private async remove(
    scope: RequestScope,
    relation: Relation,
    query: ParsedQuery,
    prefer: Preferences,
  ): Promise<PostgrestResponse> {
    rejectRanges(query, 'DELETE');
    const plan = resolvePlan(scope.cache, relation, query);
    const extra = this.narrowing(scope, relation, plan);
    return this.write(scope, 200, prefer, (context) =>
      buildDelete(context, plan, prefer.representation, extra),
    );
  }

  private async call(
    scope: RequestScope,
    name: string,
    request: PostgrestRequest,
    prefer: Preferences,
  ): Promise<PostgrestResponse> {
    const { method } = request;
    if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') throw unsupportedMethod(method);
    const { cache } = scope;
    if (!cache.routines.has(name)) throw routineNotFound(cache, name, []);
    const params = applyFilterExtension(request.query, request.now ?? this.now());
    const args = new Map<string, unknown>();
    let routine: Routine;
    let rest: Array<[string, string]>;
    if (method === 'POST') {
      const body = request.body ?? {};
      if (!isPlainObject(body)) throw invalidBody('Expected a JSON object of function arguments');
      routine = chooseRoutine(cache, name, Object.keys(body), true);
      for (const [key, value] of Object.entries(body)) args.set(key, value);
      rest = [...params];
    } else {
      const candidates = [...params.keys()].filter((k) => !RESERVED.has(k) && !k.includes('.'));
      routine = chooseRoutine(cache, name, [...new Set(candidates)], false);
      const argNames = new Set(routine.args.map((a) => a.name));
      rest = [];
      for (const [key, value] of params) {
        if (argNames.has(key)) args.set(key, value);
        else rest.push([key, value]);
      }
    }
    const query = parseQuery(rest);
    const context = this.context(scope);
    const call = callSql(context, routine, args, method !== 'POST');
    const readOnly = method !== 'POST';
    const head = method === 'HEAD';
    const { result: output } = routine;
    if (output.kind === 'relation') {
      const plan = resolvePlan(cache, output.relation, query);
      const source =
        scope.narrow === null
          ? call
          : scope.narrow.source([`rpc/${name}`, output.relation.name], call);
      const statement = buildRead(context, plan, source, prefer.count);
      const result = await this.run(scope, readOnly, statement.sql, context);
      if (routine.returnsSet) return this.listResponse(plan, result, statement.shape, head);
      const rows = reshape(JSON.parse(result.body ?? '[]'), statement.shape) as unknown[];
      return json(200, head ? undefined : (rows[0] ?? null));
    }
    if (query.filters.length > 0 || query.logic.length > 0 || query.order.size > 0) {
      throw new PostgrestError(
        400,
        'PGRST100',
        `filters and ordering need a function returning rows; ${name} returns ${output.kind === 'void' ? 'void' : output.type}`,
      );
    }
    if (output.kind === 'void') {
      await this.run(scope, readOnly, `SELECT ${call}`, context);
      return { status: 204, headers: {}, body: undefined };
    }
    // A scalar result has nothing to page: limit and offset only bind parameters for sets.
    const sql = routine.returnsSet
      ? `SELECT NULL::text AS total, (SELECT coalesce(json_agg(_pgrst_v.v), '[]'::json)::text FROM (SELECT v FROM ${call} AS _pgrst_s(v)${rangeSql(
          context,
          query.limit.get('')?.value ?? null,
          query.offset.get('')?.value ?? null,
        )}) AS _pgrst_v) AS body`
      : `SELECT NULL::text AS total, to_json(${call})::text AS body`;
    const result = await this.run(scope, readOnly, sql, context);
    return json(200, head ? undefined : JSON.parse(result.body ?? 'null'));
  }
}
