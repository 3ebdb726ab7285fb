import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import type { Transaction } from '@electric-sql/pglite';
import Fastify from 'fastify';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { SqlClient } from '../../../server/demo/db/types';
import { identityPlugin, mailboxPlugin } from '../../../server/demo/identity';
import type { IdentityOptions } from '../../../server/demo/identity';

export const PUBLIC = 'http://127.0.0.1:3000/api/.ory';
export const ORIGIN = 'http://127.0.0.1:3000';
export const CSRF_COOKIE = `csrf_token_${createHash('sha256').update(PUBLIC).digest('hex')}`;
export const FLOW_LIFETIME_MS = 10 * 60 * 1000;

const PEOPLE_DDL = `CREATE TABLE IF NOT EXISTS people (id uuid primary key default gen_random_uuid(), name text,
  email text, avatar text, type text, deleted_at timestamptz, created_at timestamptz default now(), updated_at timestamptz)`;

const MIGRATION = path.resolve(__dirname, '../../../server/demo/db/migrations/003_identity.sql');

function txClient(tx: Transaction): SqlClient {
  const client: SqlClient = {
    query: async <T>(sql: string, params?: unknown[]) => ({
      rows: (await tx.query<T>(sql, params)).rows,
    }),
    exec: async (sql: string) => {
      await tx.exec(sql);
    },
    transaction: (fn) => fn(client),
    close: async () => undefined,
  };
  return client;
}

export function pgliteClient(pg: PGlite): SqlClient {
  return {
    query: async <T>(sql: string, params?: unknown[]) => ({
      rows: (await pg.query<T>(sql, params)).rows,
    }),
    exec: async (sql: string) => {
      await pg.exec(sql);
    },
    transaction: (fn) => pg.transaction((tx) => fn(txClient(tx))),
    close: () => pg.close(),
  };
}

/** A clock that tests move forward. */
export class Clock {
  offsetMs = 0;
  now = (): Date => new Date(Date.now() + this.offsetMs);
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export interface Harness {
  app: FastifyInstance;
  db: SqlClient;
  clock: Clock;
  logs: string[];
  close(): Promise<void>;
}

/** One database and app per test file: the identity plugin at /api/.ory, the mailbox at /api/demo/mailbox. */
export async function startHarness(extra: Partial<IdentityOptions> = {}): Promise<Harness> {
  const pg = new PGlite();
  const db = pgliteClient(pg);
  await db.exec(PEOPLE_DDL);
  const migration = readFileSync(MIGRATION, 'utf8');
  await db.exec(migration);
  await db.exec(migration);
  const clock = new Clock();
  const logs: string[] = [];
  const options: IdentityOptions = {
    db,
    now: clock.now,
    flowLifetimeMs: FLOW_LIFETIME_MS,
    publicBaseUrl: PUBLIC,
    log: (line) => logs.push(line),
    ...extra,
  };
  const app = Fastify();
  await app.register(identityPlugin(options), { prefix: '/api/.ory' });
  await app.register(mailboxPlugin(options), { prefix: '/api/demo/mailbox' });
  await app.ready();
  return {
    app,
    db,
    clock,
    logs,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}

/** The password the identity tests register their people with. */
export const PASSWORD = 'correct horse battery';

/**
 * Starts the identity service before a test file's tests (registering `person` when given) and
 * closes it after them; the clock is set back after each test.
 */
export function identitySuite(person?: { email: string; first: string; last: string }): Harness {
  let harness: Harness | undefined;
  beforeAll(async () => {
    harness = await startHarness();
    if (person) {
      await register(new Browser(harness.app), person.email, PASSWORD, person.first, person.last);
    }
  });
  afterAll(() => harness?.close());
  afterEach(() => {
    if (harness) harness.clock.offsetMs = 0;
  });
  const started = (): Harness => {
    if (!harness) throw new Error('the identity service is read before its suite started it');
    return harness;
  };
  return {
    get app() {
      return started().app;
    },
    get db() {
      return started().db;
    },
    get clock() {
      return started().clock;
    },
    get logs() {
      return started().logs;
    },
    close: () => started().close(),
  };
}

export interface Reply {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  headers: Record<string, unknown>;
  location: string | undefined;
  setCookies: string[];
}

interface RequestOptions {
  method?: 'GET' | 'POST';
  json?: Record<string, unknown>;
  form?: Record<string, string>;
  /** Accept JSON (the SDK) or HTML (a plain browser navigation or form post). */
  mode?: 'json' | 'html';
  headers?: Record<string, string>;
}

/** A browser with a cookie jar. */
export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(private readonly app: FastifyInstance) {}

  cookieHeader(): string | undefined {
    if (this.cookies.size === 0) return undefined;
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(url: string, options: RequestOptions = {}): Promise<Reply> {
    const headers: Record<string, string> = {
      accept:
        options.mode === 'html' ? 'text/html,application/xhtml+xml,*/*;q=0.8' : 'application/json',
      ...options.headers,
    };
    const cookie = this.cookieHeader();
    if (cookie && !('cookie' in headers)) headers.cookie = cookie;
    const inject: InjectOptions = { method: options.method ?? 'GET', url, headers };
    if (options.json) {
      headers['content-type'] = 'application/json';
      inject.payload = JSON.stringify(options.json);
    } else if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      inject.payload = new URLSearchParams(options.form).toString();
    }
    const res = await this.app.inject(inject);
    const raw = res.headers['set-cookie'];
    const setCookies = raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)];
    for (const line of setCookies) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = decodeURIComponent(pair.slice(eq + 1));
      if (/max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    let body: unknown = res.body;
    try {
      body = res.body ? JSON.parse(res.body) : undefined;
    } catch {
      body = res.body;
    }
    return {
      status: res.statusCode,
      body,
      headers: res.headers,
      location: res.headers.location as string | undefined,
      setCookies,
    };
  }

  get(url: string, mode: 'json' | 'html' = 'json'): Promise<Reply> {
    return this.request(url, { mode });
  }

  post(url: string, json: Record<string, unknown>): Promise<Reply> {
    return this.request(url, { method: 'POST', json });
  }

  postForm(
    url: string,
    form: Record<string, string>,
    mode: 'json' | 'html' = 'html',
  ): Promise<Reply> {
    return this.request(url, { method: 'POST', form, mode });
  }
}

export type Kind = 'login' | 'registration' | 'recovery' | 'verification' | 'settings';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export function nodeByName(flow: Json, name: string, type?: string): Json {
  return flow.ui.nodes.find(
    (n: Json) => n.attributes.name === name && (type === undefined || n.attributes.type === type),
  );
}

/** Each node of the flow as [name, group, input type]. */
export function nodeShapes(flow: Json): Array<[string, string, string]> {
  return flow.ui.nodes.map((n: Json) => [n.attributes.name, n.group, n.attributes.type]);
}

export function nodeById(flow: Json, id: string): Json {
  return flow.ui.nodes.find((n: Json) => n.attributes.id === id);
}

export function csrfOf(flow: Json): string {
  return nodeByName(flow, 'csrf_token').attributes.value;
}

export function messageIds(flow: Json): number[] {
  return (flow.ui.messages ?? []).map((m: Json) => m.id);
}

/** A UI message as the identity service puts it under a flow or a node. */
export function uiMessage(
  id: number,
  text: string,
  context?: Record<string, unknown>,
  type: 'error' | 'info' = 'error',
): Json {
  return { id, text, type, ...(context ? { context } : {}) };
}

/** A one-time code that is not `code`. */
export function otherCode(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

/**
 * Asserts that a `kind` flow of id `unknownId` is 404; then moves the clock by `advanceMs` (past
 * the flow lifetime) and asserts the flow at `url` is 410, answering it.
 */
export async function expectUnknownThenExpired(
  browser: Browser,
  clock: Clock,
  kind: Kind,
  url: string,
  unknownId = '00000000-0000-4000-8000-000000000000',
  advanceMs = FLOW_LIFETIME_MS + 1,
): Promise<Reply> {
  const unknown = await browser.get(`/api/.ory/self-service/${kind}/flows?id=${unknownId}`);
  expect(unknown.status).toBe(404);
  clock.advance(advanceMs);
  const expired = await browser.get(url);
  expect(expired.status).toBe(410);
  return expired;
}

export async function createFlow(browser: Browser, kind: Kind, query = ''): Promise<Json> {
  const res = await browser.get(
    `/api/.ory/self-service/${kind}/browser${query ? `?${query}` : ''}`,
  );
  if (res.status !== 200)
    throw new Error(`create ${kind}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export function submit(
  browser: Browser,
  kind: Kind,
  flow: Json,
  body: Record<string, unknown>,
): Promise<Reply> {
  return browser.post(`/api/.ory/self-service/${kind}?flow=${flow.id}`, {
    csrf_token: csrfOf(flow),
    ...body,
  });
}

/** A new browser on `app` creates a `kind` flow and submits `body` to it. */
export async function submitFresh(
  app: Harness['app'],
  kind: Kind,
  body: Record<string, unknown>,
): Promise<{ browser: Browser; flow: Json; res: Reply }> {
  const browser = new Browser(app);
  const flow = await createFlow(browser, kind);
  return { browser, flow, res: await submit(browser, kind, flow, body) };
}

export async function register(
  browser: Browser,
  email: string,
  password = 'correct horse battery',
  first = 'Ada',
  last = 'Lovelace',
): Promise<Reply> {
  const flow = await createFlow(browser, 'registration');
  const res = await submit(browser, 'registration', flow, {
    method: 'password',
    password,
    'traits.email': email,
    'traits.name.first': first,
    'traits.name.last': last,
  });
  if (res.status !== 200) throw new Error(`register: ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

export async function signIn(
  browser: Browser,
  identifier: string,
  password: string,
  query = '',
): Promise<Reply> {
  const flow = await createFlow(browser, 'login', query);
  return submit(browser, 'login', flow, { method: 'password', identifier, password });
}

export async function latestCode(browser: Browser, recipient: string): Promise<string> {
  const res = await browser.get(`/api/demo/mailbox?recipient=${encodeURIComponent(recipient)}`);
  const message = res.body[0];
  if (!message) throw new Error(`no message for ${recipient}`);
  return message.code;
}
