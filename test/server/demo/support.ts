import Fastify, { type FastifyInstance } from 'fastify';
import { createTestDatabase } from '../../../server/demo/db/testing';
import type { SqlClient } from '../../../server/demo/db/types';
import { demoRoutes, type DemoRoutesOptions } from '../../../server/demo';
import { DEMO_ACCOUNTS } from '../../../server/demo/seed/peopleCatalog';
import { ResourceScheduler } from '../../../server/demo/editors/scheduler';

/** The columns of a linked health check, as HEALTH-10 and CAT-37 answer them (api.md). */
export const CHECK_SUMMARY_COLUMNS = [
  'id',
  'name',
  'icon',
  'type',
  'status',
  'severity',
  'next_runtime',
  'last_runtime',
  'last_transition_time',
  'created_at',
];

export interface DemoHarness {
  app: FastifyInstance;
  db: SqlClient;
  close(): Promise<void>;
}

/**
 * The demo backend's routes under `/api` on a fresh copy of the seeded test database, with
 * `options` beside the test defaults (e.g. `playbookExecutor: false`).
 */
export async function startDemo(
  options: Partial<Omit<DemoRoutesOptions, 'db'>> = {},
  database: () => Promise<SqlClient> = createTestDatabase,
): Promise<DemoHarness> {
  const db = await database();
  const app = Fastify();
  await app.register(await demoRoutes({ db, version: 'test', log: () => undefined, ...options }), {
    prefix: '/api',
  });
  await app.ready();
  return {
    app,
    db,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}

export interface DemoSuite<Role extends string> {
  /** The running demo; read inside tests and hooks, after the suite's `beforeAll` has run. */
  h: Pick<DemoHarness, 'app' | 'db'>;
  /** The Cookie header of a session per role signed in by the suite. */
  cookies: Record<string, string> & Record<Role, string>;
  /** The headers of a request in the session of `role`. */
  as(role: string): Headers;
  /** `sendAs` to the running demo. */
  send(...request: SendRequest): ReturnType<typeof sendAs>;
}

/**
 * Starts the demo before a test file's tests, signs in as each of `roles` and closes it after them
 * (jest's `beforeAll`/`afterAll`, registered where this is called).
 */
export function demoSuite<Role extends string = never>(
  roles: readonly Role[] = [],
): DemoSuite<Role> {
  let harness: DemoHarness | undefined;
  const signedIn: Record<string, string> = {};
  beforeAll(async () => {
    harness = await startDemo();
    await signInAll(harness.app, roles, signedIn);
  }, 300_000);
  afterAll(() => harness?.close());
  const started = (): DemoHarness => {
    if (!harness) throw new Error('the demo is read before its suite started it');
    return harness;
  };
  return {
    h: {
      get app() {
        return started().app;
      },
      get db() {
        return started().db;
      },
    },
    cookies: signedIn as DemoSuite<Role>['cookies'],
    as: (role) => ({ cookie: signedIn[role] as string }),
    send: (...request) => sendAs(started().app, ...request),
  };
}

/** A scheduler of UI canaries and scrapers over `db` whose clock is `now`, in batches of 1000. */
export function testScheduler(db: SqlClient, now: () => Date): ResourceScheduler {
  return new ResourceScheduler(db, { now, batch: 1000, hostname: 'scheduler-test' });
}

export function accountOf(role: string): { email: string; password: string } {
  const account = DEMO_ACCOUNTS.find((a) => a.role === role);
  if (!account) throw new Error(`no demo account for ${role}`);
  return account;
}

function cookiesOf(setCookie: string | string[] | undefined): string[] {
  if (!setCookie) return [];
  return (Array.isArray(setCookie) ? setCookie : [setCookie]).map((c) => c.split(';')[0] ?? '');
}

/** Signs in through the identity service's login flow, as the console does; returns the Cookie header. */
export async function signIn(app: FastifyInstance, role: string): Promise<string> {
  const { email, password } = accountOf(role);
  const created = await app.inject({
    method: 'GET',
    url: '/api/.ory/self-service/login/browser',
    headers: { accept: 'application/json' },
  });
  const flow = created.json<{
    id: string;
    ui: { nodes: Array<{ attributes: { name?: string; value?: unknown } }> };
  }>();
  const csrf = flow.ui.nodes.find((n) => n.attributes.name === 'csrf_token')?.attributes.value;
  const jar = cookiesOf(created.headers['set-cookie']);
  const submitted = await app.inject({
    method: 'POST',
    url: `/api/.ory/self-service/login?flow=${flow.id}`,
    headers: { accept: 'application/json', cookie: jar.join('; ') },
    payload: { csrf_token: csrf, method: 'password', identifier: email, password },
  });
  if (submitted.statusCode !== 200) {
    throw new Error(`sign-in as ${role} failed: ${submitted.statusCode} ${submitted.body}`);
  }
  return [...jar, ...cookiesOf(submitted.headers['set-cookie'])].join('; ');
}

/** Signs in as each of `roles`, putting each session's Cookie header in `cookies`. */
export async function signInAll(
  app: FastifyInstance,
  roles: readonly string[],
  cookies: Record<string, string>,
): Promise<void> {
  for (const role of roles) cookies[role] = await signIn(app, role);
}

/** Request headers: a session's Cookie header, a bearer token, … */
export type Headers = Record<string, string>;

/** A request's method, URL, headers and (when it has one) body. */
type SendRequest = [
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  headers: Headers,
  body?: unknown,
];

/**
 * A request to the demo with `headers` and, when given, a JSON body; a string body is sent as it
 * is, to test what is not JSON.
 */
export function sendAs(app: FastifyInstance, ...[method, url, headers, body]: SendRequest) {
  return app.inject({
    method,
    url,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    payload:
      body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/**
 * A POST to the demo with a session's Cookie header (none: signed out) and, when given, a JSON
 * body; a string body is sent as it is, to test what is not JSON.
 */
export function postJson(
  app: FastifyInstance,
  url: string,
  cookie: string | undefined,
  payload?: unknown,
) {
  return app.inject({
    method: 'POST',
    url,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined
      ? {}
      : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
  });
}
