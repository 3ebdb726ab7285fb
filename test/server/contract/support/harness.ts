import { readdirSync } from 'node:fs';
import path from 'node:path';
import { configureStore } from '@reduxjs/toolkit';
import { baseApi } from '../../../../src/api/baseApi';
import type { ApiExtra, FetchFn } from '../../../../src/api/baseQuery';
import { rootReducer } from '../../../../src/shell/rootReducer';
import { openDatabase } from '../../../../server/demo/db/open';
import { testEstate } from '../../../../server/demo/db/testing';
import type { SqlClient } from '../../../../server/demo/db/types';
import type { DemoHarness } from '../../demo/support';
import { createScratchDatabase } from '../../postgrest/support/postgres';
import { signIn, startDemo } from '../../demo/support';

const ENDPOINTS_DIR = path.resolve(__dirname, '../../../../src/api/endpoints');

/**
 * Every endpoint module of the console, loaded so that `baseApi.endpoints` lists every endpoint:
 * a module added later is found by its file, not by a list kept by hand.
 */
export function loadEveryEndpoint(): string[] {
  for (const file of readdirSync(ENDPOINTS_DIR)) {
    if (/\.tsx?$/.test(file) && !file.endsWith('.d.ts')) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      require(path.join(ENDPOINTS_DIR, file));
    }
  }
  return Object.keys(baseApi.endpoints).sort();
}

/** The identity service's base path of the demo (the runtime config's `identityBasePath`). */
export const IDENTITY_BASE_PATH = '/api/.ory';

/** Cookies kept across requests, as a browser would: `Set-Cookie` answers replace by name. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  setFrom(header: string): void {
    for (const part of header.split('; ')) {
      const eq = part.indexOf('=');
      if (eq > 0) this.cookies.set(part.slice(0, eq), part.slice(eq + 1));
    }
  }

  store(setCookie: string | string[] | undefined): void {
    for (const line of setCookie === undefined ? [] : [setCookie].flat()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /max-age=0\b|expires=thu, 01 jan 1970/i.test(line)) {
        this.cookies.delete(name);
      } else {
        this.cookies.set(name, value);
      }
    }
  }
}

function headerRecord(headers: RequestInit['headers']): Record<string, string> {
  const record: Record<string, string> = {};
  new Headers(headers).forEach((value, name) => {
    record[name] = value;
  });
  return record;
}

export interface ContractHarness {
  demo: DemoHarness;
  store: ReturnType<typeof createContractStore>;
  /** Every request the store sent, in order: method and path with query. */
  sent: Array<{ method: string; url: string; status: number; body: string }>;
  close(): Promise<void>;
}

function createContractStore(extra: ApiExtra) {
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        thunk: { extraArgument: extra },
        immutableCheck: false,
        serializableCheck: false,
      }).concat(baseApi.middleware),
  });
}

/**
 * The console's own store talking to the demo engine in this process: every endpoint's request
 * is built by the console's code, sent to the demo's routes (Fastify `inject`, no socket), and
 * its answer read by the endpoint's own schema. Signed in as `role` through the identity flow.
 */
export async function startContractHarness(
  role = 'admin',
  database?: () => Promise<SqlClient>,
): Promise<ContractHarness> {
  const demo = await startDemo({}, database);
  const jar = new CookieJar();
  jar.setFrom(await signIn(demo.app, role));
  const sent: ContractHarness['sent'] = [];
  const fetchFn: FetchFn = async (input, init) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = headerRecord(init.headers);
    const cookie = jar.header();
    const body = init.body;
    const answer = await demo.app.inject({
      method: method as 'GET',
      url: input,
      headers: { ...headers, ...(cookie ? { cookie } : {}) },
      ...(body === undefined || body === null ? {} : { payload: body as string }),
    });
    jar.store(answer.headers['set-cookie']);
    sent.push({ method, url: input, status: answer.statusCode, body: answer.body });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined || name === 'set-cookie') continue;
      for (const one of [value].flat()) responseHeaders.append(name, String(one));
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304 || method === 'HEAD';
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers: responseHeaders,
    });
  };
  const whoami = await demo.app.inject({
    method: 'GET',
    url: '/api/auth/whoami',
    headers: { cookie: jar.header() },
  });
  const userId = (whoami.json() as { payload?: { user?: { id?: string } } }).payload?.user?.id;
  const extra: ApiExtra = {
    fetchFn,
    identityBasePath: IDENTITY_BASE_PATH,
    currentUserId: () => userId,
  };
  const store = createContractStore(extra);
  return {
    demo,
    store,
    sent,
    close: async () => {
      store.dispatch(baseApi.util.resetApiState());
      await demo.close();
    },
  };
}

/**
 * The seeded test estate on the TEST_DATABASE_URL server: a scratch database copied from a
 * template filled once per run (migrations and seed, as the PGlite image), dropped on close.
 */
export async function estateOnPostgres(): Promise<SqlClient> {
  const estate = await testEstate();
  const scratch = await createScratchDatabase({
    template: { kind: 'estate', key: estate.key, fill: estate.build },
  });
  const db = await openDatabase({ dataDir: null, databaseUrl: scratch.url, reset: false });
  return {
    ...db,
    query: db.query.bind(db),
    exec: db.exec.bind(db),
    transaction: db.transaction.bind(db),
    close: async () => {
      await db.close();
      await scratch.drop();
    },
  };
}
