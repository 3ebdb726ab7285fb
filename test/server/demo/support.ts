import Fastify, { type FastifyInstance } from 'fastify';
import { createTestDatabase } from '../../../server/demo/db/testing';
import type { SqlClient } from '../../../server/demo/db/types';
import { demoRoutes } from '../../../server/demo';
import { DEMO_ACCOUNTS } from '../../../server/demo/seed/peopleCatalog';

export interface DemoHarness {
  app: FastifyInstance;
  db: SqlClient;
  close(): Promise<void>;
}

/** The demo backend's routes under `/api` on a fresh copy of the seeded test database. */
export async function startDemo(): Promise<DemoHarness> {
  const db = await createTestDatabase();
  const app = Fastify();
  await app.register(await demoRoutes({ db, version: 'test', log: () => undefined }), {
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
