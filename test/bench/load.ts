import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { configListRequest } from '../../src/api/endpoints/catalog';
import type { ConfigListArgs } from '../../src/api/endpoints/catalog';
import { catalogChangesRequest } from '../../src/api/endpoints/catalogChanges';
import { HEALTH_SUMMARY_URL } from '../../src/api/endpoints/healthSummary';
import { startServer } from '../e2e/support/server';
import { stopServer } from './browserBench';

/** Concurrent clients, each sending its next request as soon as the last one is answered. */
export const LOAD_CLIENTS = 20;
/** How long the clients send requests; the ones still running at the end are awaited. */
export const LOAD_SECONDS = 15;
/** A request unanswered after this long counts as an error. */
const REQUEST_TIMEOUT_MS = 10_000;
/** p99 budgets per engine (issue 36), and no errors at all. */
export const P99_BUDGET_MS = { postgres: 300, pglite: 600 } as const;
export type Engine = keyof typeof P99_BUDGET_MS;

const ADMIN = { email: 'admin@demo.local', password: 'demo-admin-pass' };

/** One request of the load: what the console sends for one of its reads. */
export interface LoadRequest {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

const CATALOG_PAGE: ConfigListArgs = {
  sortBy: 'name',
  sortOrder: 'asc',
  showDeleted: false,
  pageIndex: 0,
  pageSize: 50,
};

function listRequest(name: string, args: ConfigListArgs): LoadRequest {
  const request = configListRequest(args);
  return {
    name,
    method: 'GET',
    path: request.url,
    headers: request.prefer === undefined ? {} : { prefer: request.prefer },
  };
}

/**
 * The console's five busiest reads, built by the console's own request builders: the health
 * page's summary (HEALTH-01), a catalog page of one type with its count and a catalog search
 * (CAT-01), the changes page's last seven days (CAT-19) and the current user (AUTH-01).
 */
export function busiestReads(): LoadRequest[] {
  const changes = catalogChangesRequest({
    pageIndex: 0,
    pageSize: 50,
    from: 'now-7d',
    sortBy: 'created_at',
    sortOrder: 'desc',
    includeDeletedConfigs: false,
  });
  return [
    { name: 'health summary (HEALTH-01)', method: 'GET', path: HEALTH_SUMMARY_URL, headers: {} },
    listRequest('catalog list, one type, count (CAT-01)', {
      ...CATALOG_PAGE,
      configType: 'Kubernetes::Pod',
    }),
    listRequest('catalog search "api", count (CAT-01)', { ...CATALOG_PAGE, search: 'api' }),
    {
      name: 'changes search, last 7 days (CAT-19)',
      method: 'POST',
      path: changes.url,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(changes.body),
    },
    { name: 'whoami (AUTH-01)', method: 'GET', path: '/api/auth/whoami', headers: {} },
  ];
}

function cookiePairs(response: Response): string[] {
  return response.headers.getSetCookie().map((cookie) => cookie.split(';')[0] ?? '');
}

/** Signs in as the demo admin through the identity service's login flow; the Cookie header. */
export async function signInOverHttp(origin: string): Promise<string> {
  const created = await fetch(`${origin}/api/.ory/self-service/login/browser`, {
    headers: { accept: 'application/json' },
  });
  const flow = (await created.json()) as {
    id: string;
    ui: { nodes: Array<{ attributes: { name?: string; value?: unknown } }> };
  };
  const csrf = flow.ui.nodes.find((n) => n.attributes.name === 'csrf_token')?.attributes.value;
  const jar = cookiePairs(created);
  const submitted = await fetch(`${origin}/api/.ory/self-service/login?flow=${flow.id}`, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      cookie: jar.join('; '),
    },
    body: JSON.stringify({
      csrf_token: csrf,
      method: 'password',
      identifier: ADMIN.email,
      password: ADMIN.password,
    }),
  });
  if (submitted.status !== 200) {
    throw new Error(`sign-in failed: ${submitted.status} ${await submitted.text()}`);
  }
  return [...jar, ...cookiePairs(submitted)].join('; ');
}

export interface LoadFigure {
  name: string;
  requests: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  /** The first error seen, to say what went wrong. */
  firstError?: string;
}

/** The value below which `share` of the sorted samples lie (nearest rank). */
export function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil(share * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))] ?? NaN;
}

/**
 * Sends one request on `agent` and reads its body to the end, as it comes (compressed, as a
 * browser asks for it, and not decoded: the client's work is not the server's); the error, if
 * it failed, as a short text.
 */
function send(
  agent: http.Agent,
  origin: string,
  cookie: string,
  request: LoadRequest,
): Promise<string | null> {
  return new Promise((resolve) => {
    const outgoing = http.request(
      `${origin}${request.path}`,
      {
        agent,
        method: request.method,
        headers: {
          ...request.headers,
          cookie,
          accept: 'application/json',
          'accept-encoding': 'gzip, deflate, br',
        },
        timeout: REQUEST_TIMEOUT_MS,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => {
          if (status >= 400) chunks.push(chunk);
        });
        response.on('end', () =>
          resolve(
            status >= 200 && status < 300
              ? null
              : `${status} ${Buffer.concat(chunks).toString('utf8').slice(0, 200)}`,
          ),
        );
        response.on('error', (error) => resolve(error.message));
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('no answer within 10 s')));
    outgoing.on('error', (error) => resolve(error.message));
    outgoing.end(request.body);
  });
}

/**
 * `clients` clients send the requests in turn (each client starting at another one) for
 * `seconds`, a new request as soon as the last is answered; latency and errors per request.
 */
export async function runLoad(
  origin: string,
  cookie: string,
  requests: LoadRequest[],
  clients = LOAD_CLIENTS,
  seconds = LOAD_SECONDS,
): Promise<LoadFigure[]> {
  // One connection per client, kept open, as a browser's.
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const samples = requests.map(() => [] as number[]);
  const errors = requests.map(() => [] as string[]);
  const stopAt = performance.now() + seconds * 1000;
  const client = async (first: number) => {
    for (let i = first; performance.now() < stopAt; i += 1) {
      const which = i % requests.length;
      const started = performance.now();
      const error = await send(agent, origin, cookie, requests[which] as LoadRequest);
      samples[which]?.push(performance.now() - started);
      if (error !== null) errors[which]?.push(error);
    }
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: clients }, (_, i) => client(i)));
  const elapsedSeconds = (performance.now() - began) / 1000;
  agent.destroy();
  return requests.map((request, i) => {
    const sorted = [...(samples[i] ?? [])].sort((a, b) => a - b);
    const failed = errors[i] ?? [];
    return {
      name: request.name,
      requests: sorted.length,
      perSecond: sorted.length / elapsedSeconds,
      p50Ms: percentile(sorted, 0.5),
      p99Ms: percentile(sorted, 0.99),
      errors: failed.length,
      ...(failed[0] === undefined ? {} : { firstError: failed[0] }),
    };
  });
}

/** Whether a figure is within its engine's budget: p99 at most the budget, no errors. */
export function withinBudget(figure: LoadFigure, engine: Engine): boolean {
  return figure.errors === 0 && figure.requests > 0 && figure.p99Ms <= P99_BUDGET_MS[engine];
}

export interface LoadOptions {
  /** `--seed-scale N`: the scale seeded into an empty database (default 20). */
  seedScale: number;
  /** `--data-dir DIR`: PGlite's folder, kept for the next run (default a temporary one). */
  dataDir: string | null;
}

export function parseLoadOptions(argv: string[], defaultScale: number): LoadOptions {
  const options: LoadOptions = { seedScale: defaultScale, dataDir: null };
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = (argv[i] ?? '').split('=', 2);
    const value = inline ?? argv[(i += 1)];
    if (flag === '--seed-scale' && Number(value) > 0) options.seedScale = Number(value);
    else if (flag === '--data-dir' && value) options.dataDir = path.resolve(value);
    else
      throw new Error(
        `load: unknown option ${argv.join(' ')}; options: --seed-scale N, --data-dir DIR`,
      );
  }
  return options;
}

/** Rows counted by PostgREST for `relation`, as the signed-in console would ask. */
async function countRows(origin: string, cookie: string, relation: string): Promise<number> {
  const response = await fetch(`${origin}/api/db/${relation}?select=id&limit=1`, {
    headers: { cookie, prefer: 'count=exact' },
  });
  await response.text();
  return Number(response.headers.get('content-range')?.split('/')[1] ?? NaN);
}

/**
 * Starts the demo server on `engine` (seeding it at the scale asked when empty), signs in, puts
 * it under load and prints the figures with their budgets. True when every one is within.
 */
async function loadOn(engine: Engine, env: Record<string, string>, options: LoadOptions) {
  const seeding = `${options.seedScale}`;
  const { server, child } = await startServer(env, ['--seed-scale', seeding], 30 * 60_000);
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  try {
    const cookie = await signInOverHttp(server.url);
    const requests = busiestReads();
    // One of each first, so that neither a cold cache nor a first plan is timed.
    for (const request of requests) {
      const error = await send(http.globalAgent, server.url, cookie, request);
      if (error !== null) throw new Error(`${request.name}: ${error}`);
    }
    const [configs, checks] = await Promise.all([
      countRows(server.url, cookie, 'configs'),
      countRows(server.url, cookie, 'checks'),
    ]);
    const figures = await runLoad(server.url, cookie, requests);
    const budget = P99_BUDGET_MS[engine];
    console.log(
      `\nDemo backend under load on ${engine === 'pglite' ? 'PGlite' : 'PostgreSQL'} ` +
        `(${checks.toLocaleString('en-US')} checks, ${configs.toLocaleString('en-US')} config items; ` +
        `${LOAD_CLIENTS} clients for ${LOAD_SECONDS} s over loopback, the five requests in turn)`,
    );
    const width = Math.max(...figures.map((f) => f.name.length));
    console.log(
      `  ${'request'.padEnd(width)}  ${'req/s'.padStart(7)}  ${'p50'.padStart(7)}  ${'p99'.padStart(7)}  errors  budget p99 ≤ ${budget} ms, 0 errors`,
    );
    for (const f of figures) {
      console.log(
        `  ${f.name.padEnd(width)}  ${f.perSecond.toFixed(1).padStart(7)}  ${`${f.p50Ms.toFixed(0)} ms`.padStart(7)}  ${`${f.p99Ms.toFixed(0)} ms`.padStart(7)}  ${String(f.errors).padStart(6)}  ${withinBudget(f, engine) ? 'within' : 'OVER'}${f.firstError ? ` (first error: ${f.firstError})` : ''}`,
      );
    }
    const over = figures.filter((f) => !withinBudget(f, engine)).length;
    console.log(
      over === 0
        ? `  every request within its budget (p99 ≤ ${budget} ms, 0 errors)`
        : `  ${over} of ${figures.length} requests OVER their budget (p99 ≤ ${budget} ms, 0 errors)`,
    );
    return over === 0;
  } finally {
    await stopServer(child);
    process.off('exit', killOnExit);
  }
}

/**
 * `npm run bench -- load [--seed-scale N] [--data-dir DIR]`: the load on PGlite and, when
 * `DATABASE_URL` names a PostgreSQL server, on it. Exits non-zero past a budget.
 */
export async function benchLoad(argv: string[], defaultScale: number): Promise<boolean> {
  const options = parseLoadOptions(argv, defaultScale);
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'mc-bench-load-'));
  let within = true;
  try {
    within = (await loadOn('pglite', { DATA_DIR: dataDir, DATABASE_URL: '' }, options)) && within;
    const databaseUrl = process.env.DATABASE_URL?.trim();
    if (databaseUrl) {
      within = (await loadOn('postgres', { DATABASE_URL: databaseUrl }, options)) && within;
    } else {
      console.log('\nDATABASE_URL is not set: the PostgreSQL run is left out.');
    }
  } finally {
    if (options.dataDir === null) fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return within;
}
