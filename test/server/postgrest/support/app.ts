import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type {
  PostgrestEngineOptions,
  PostgrestPluginOptions,
} from '../../../../server/demo/postgrest';
import { PostgrestEngine, postgrestPlugin } from '../../../../server/demo/postgrest';
import { TEST_SCHEMA, TEST_SEED } from './schema';

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
  db: PGlite;
  engine: PostgrestEngine;
  app: FastifyInstance;
  /** Sends a request to `/api/db` + `path` through `app.inject`. */
  request(method: Method, path: string, options?: RequestOptions): Promise<TestResponse>;
  /** GET that must succeed (200/206); returns the rows. */
  rows(path: string, headers?: Record<string, string>): Promise<Array<Record<string, unknown>>>;
  close(): Promise<void>;
}

/** A fresh in-memory database with the test schema and rows, served by the plugin under /api/db. */
export async function startTestBackend(
  engineOptions: PostgrestEngineOptions = {},
  pluginOptions: PostgrestPluginOptions = {},
): Promise<TestBackend> {
  const db = new PGlite();
  await db.exec(TEST_SCHEMA);
  await db.exec(TEST_SEED);
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

  const close = async (): Promise<void> => {
    await app.close();
    await db.close();
  };
  return { db, engine, app, request, rows, close };
}
