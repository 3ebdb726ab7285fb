import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { createHash } from 'node:crypto';
import { openDatabase } from '../../../../server/demo/db/open';
import { databaseFromImage, testSeedNow } from '../../../../server/demo/db/testing';
import type { SqlClient } from '../../../../server/demo/db/types';
import type {
  PostgrestEngineOptions,
  PostgrestPluginOptions,
} from '../../../../server/demo/postgrest';
import { PostgrestEngine, postgrestPlugin } from '../../../../server/demo/postgrest';
import type { ScratchDatabase } from './postgres';
import { TEST_DATABASE_URL, createScratchDatabase } from './postgres';
import { TEST_SCHEMA, TEST_SEED } from './schema';

/** PGlite in memory, or a scratch database on the TEST_DATABASE_URL server through `pg`. */
export type BackendKind = 'pglite' | 'postgres';

/** The databases the read and write suites run against: PGlite, and PostgreSQL when configured. */
export const TEST_BACKENDS: BackendKind[] =
  TEST_DATABASE_URL === '' ? ['pglite'] : ['pglite', 'postgres'];

/** A client holding one connection: statements without `transaction` share its session. */
export type SessionClient = Pick<SqlClient, 'query'>;

export type Method = 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'DELETE' | 'PUT' | 'OPTIONS';

export interface TestResponse {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  body?: unknown;
  rawBody?: string;
}

export interface TestBackend {
  kind: BackendKind;
  db: SqlClient;
  engine: PostgrestEngine;
  app: FastifyInstance;
  /** Sends a request to `/api/db` + `path` through `app.inject`. */
  request(method: Method, path: string, options?: RequestOptions): Promise<TestResponse>;
  /** GET that must succeed (200/206); returns the rows. */
  rows(path: string, headers?: Record<string, string>): Promise<Array<Record<string, unknown>>>;
  /** Runs `fn` with one connection to the database (PGlite has only one). */
  withSession<T>(fn: (session: SessionClient) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The test schema and rows: the content of the PGlite image and the PostgreSQL template. */
async function fillTestDatabase(db: SqlClient): Promise<void> {
  await db.exec(TEST_SCHEMA);
  await db.exec(TEST_SEED);
}

/** What decides the test database's content: its SQL, and the hour its defaults' now() fell in. */
function testDatabaseKey(): string {
  return createHash('sha256')
    .update(TEST_SCHEMA)
    .update(TEST_SEED)
    .update(testSeedNow().toISOString())
    .digest('hex')
    .slice(0, 24);
}

/**
 * A database holding the test schema and rows: on PGlite a copy of an image built once per
 * machine and content, on PostgreSQL a scratch database created from a template built once per
 * run.
 */
async function openBackendDatabase(
  kind: BackendKind,
): Promise<{ db: SqlClient; scratch: ScratchDatabase | null }> {
  if (kind === 'pglite') {
    return {
      db: await databaseFromImage('postgrest', testDatabaseKey(), fillTestDatabase),
      scratch: null,
    };
  }
  const scratch = await createScratchDatabase({
    template: { key: testDatabaseKey(), fill: fillTestDatabase },
  });
  try {
    return {
      db: await openDatabase({ dataDir: null, databaseUrl: scratch.url, reset: false }),
      scratch,
    };
  } catch (error) {
    await scratch.drop();
    throw error;
  }
}

/**
 * A fresh database of the given kind with the test schema and rows, served by the plugin under
 * /api/db.
 */
export async function startTestBackend(
  kind: BackendKind = 'pglite',
  engineOptions: PostgrestEngineOptions = {},
  pluginOptions: PostgrestPluginOptions = {},
): Promise<TestBackend> {
  const { db, scratch } = await openBackendDatabase(kind);
  const engine = new PostgrestEngine(db, engineOptions);
  await engine.refreshSchema();
  const app = Fastify();
  await app.register(postgrestPlugin(engine, pluginOptions), { prefix: '/api/db' });
  await app.ready();

  const request = async (
    method: Method,
    path: string,
    options: RequestOptions = {},
  ): Promise<TestResponse> => {
    const payload =
      options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const response = await app.inject({
      method,
      url: `/api/db${path}`,
      headers: {
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      ...(payload === undefined ? {} : { payload }),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined)
        headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const text = response.body;
    let body: unknown = undefined;
    if (text !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    return { status: response.statusCode, headers, body, text };
  };

  const rows = async (
    path: string,
    headers: Record<string, string> = {},
  ): Promise<Array<Record<string, unknown>>> => {
    const response = await request('GET', path, { headers });
    if (response.status !== 200 && response.status !== 206) {
      throw new Error(`GET ${path} answered ${response.status}: ${response.text}`);
    }
    return response.body as Array<Record<string, unknown>>;
  };

  const withSession = async <T>(fn: (session: SessionClient) => Promise<T>): Promise<T> => {
    if (scratch === null) return fn(db);
    const connection = new pg.Client({ connectionString: scratch.url });
    await connection.connect();
    try {
      return await fn({
        query: async <R>(sql: string, params?: unknown[]) => ({
          rows: (await connection.query(sql, params)).rows as R[],
        }),
      });
    } finally {
      await connection.end();
    }
  };

  const close = async (): Promise<void> => {
    await app.close();
    await db.close();
    await scratch?.drop();
  };
  return { kind, db, engine, app, request, rows, withSession, close };
}
