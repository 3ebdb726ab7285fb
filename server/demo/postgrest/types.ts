import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The database handle the PostgREST engine needs. PGlite and a `pg` pool both fit the `query`
 * member; `transaction` runs its callback on one connection between BEGIN and COMMIT (rolling
 * back when it throws). Without it the engine issues BEGIN/COMMIT itself and serialises its
 * own requests, which is only correct for single-connection clients such as PGlite.
 */
export interface SqlClient {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  transaction?<R>(fn: (tx: SqlClient) => Promise<R>): Promise<R>;
}

export type PostgrestMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'HEAD';

export interface PostgrestRequest {
  method: PostgrestMethod;
  /** Table or view name, or `rpc/<function>`. */
  relation: string;
  /** The query string with repeated keys kept in order. */
  query: URLSearchParams;
  /** Lower-case header names (`prefer`, `content-type`, ...). */
  headers: Record<string, string | undefined>;
  /** The parsed JSON body, or undefined when the request had none. */
  body?: unknown;
  /**
   * Who is asking, as JWT claims (`{ sub: "<person id>" }`): visible to SQL for the request's
   * transaction as `current_setting('request.jwt.claims', true)`, as PostgREST sets it.
   */
  claims?: Record<string, unknown>;
  /** The time that date math (`now-2d`) is read against; the engine's clock when unset. */
  now?: Date;
  /** Narrows the rows reads, updates and deletes see (scope impersonation). */
  narrow?: RowNarrowing;
}

/**
 * A narrowing of the rows reads of some relations see: `source` returns the SQL to read from in
 * place of `source` (a relation, named `[relation]`, or a function call, named
 * `['rpc/<fn>', relation it returns]`), e.g. a subquery with a condition. `key` tells
 * narrowings apart (kept answers).
 */
export interface RowNarrowing {
  key: string;
  source(names: readonly string[], source: string): string;
  /** The condition rows of `relation` read as `alias` must meet to be updated or deleted. */
  condition(relation: string, alias: string): string | null;
}

export interface PostgrestResponse {
  status: number;
  headers: Record<string, string>;
  /** JSON value to send; undefined means no body (204, HEAD). */
  body: unknown;
  /** The body ready to send (its text, compressed as asked), when the answer is kept. */
  prepared?: PreparedBody;
}

/** A body made once and sent many times. */
export interface PreparedBody {
  send(request: FastifyRequest, reply: FastifyReply): FastifyReply | Promise<FastifyReply>;
}

/** PostgREST's error body. */
export interface PostgrestErrorBody {
  code: string;
  message: string;
  details: unknown;
  hint: unknown;
}
