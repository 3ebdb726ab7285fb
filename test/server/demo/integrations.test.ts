import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import Ajv from 'ajv';
import type { FastifyInstance } from 'fastify';
import type { SqlClient } from '../../../server/demo/db/types';
import { CHARTS, CHARTS_REPOSITORY } from '../../../server/demo/charts';
import { AGENT_CONNECTED_MS, agentsReportIn } from '../../../server/demo/editors/scheduler';
import {
  probeOf,
  testConnection as runTest,
  type ConnectionRow,
} from '../../../server/demo/routes/connections';
import { type DemoHarness, postJson, signIn, startDemo } from './support';

jest.setTimeout(120_000);

let demo: DemoHarness;
let app: FastifyInstance;
let db: SqlClient;
const cookies: Record<string, string> = {};

/** A local HTTP server answering every request with `status`. */
let httpServer: http.Server;
let httpPort = 0;
const httpStatus = { value: 200 };
/** A local TCP server that accepts connections (a stand-in database). */
let tcpServer: net.Server;
let tcpPort = 0;
/** A port nothing listens on (a server was started there and closed). */
let closedPort = 0;

function listen(server: net.Server): Promise<number> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

function close(server: net.Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

/** A GET as the console sends it, with a session (or none) and optional extra headers. */
function get(url: string, role?: string, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'GET',
    url,
    headers: { accept: 'application/json', cookie: role ? cookies[role]! : '', ...headers },
  });
}

function patch(url: string, role: string, body: unknown) {
  return app.inject({
    method: 'PATCH',
    url,
    headers: {
      accept: 'application/json',
      prefer: 'return=representation',
      'content-type': 'application/json',
      cookie: cookies[role]!,
    },
    payload: JSON.stringify(body),
  });
}

async function addConnection(
  name: string,
  type: string,
  url: string | null,
  extra: { properties?: Record<string, string>; deleted?: boolean } = {},
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO connections (name, namespace, type, url, properties, deleted_at)
     VALUES ($1, 'default', $2, $3, $4::jsonb, $5) RETURNING id`,
    [
      name,
      type,
      url,
      JSON.stringify(extra.properties ?? {}),
      extra.deleted ? new Date().toISOString() : null,
    ],
  );
  return rows[0]!.id;
}

function testConnection(id: string, role = 'admin') {
  return postJson(app, `/api/connection/test/${id}`, cookies[role]);
}

beforeAll(async () => {
  demo = await startDemo();
  app = demo.app;
  db = demo.db;
  for (const role of ['admin', 'editor', 'viewer']) cookies[role] = await signIn(app, role);
  httpServer = http.createServer((_request, response) => {
    response.statusCode = httpStatus.value;
    response.end('{}');
  });
  httpPort = await listen(httpServer);
  tcpServer = net.createServer((socket) => socket.end());
  tcpPort = await listen(tcpServer);
  const probe = net.createServer();
  closedPort = await listen(probe);
  await close(probe);
});

afterAll(async () => {
  await close(httpServer);
  await close(tcpServer);
  await demo.close();
});

describe('probeOf (how each connection type is tested)', () => {
  const row = (type: string, url: string | null, properties = {}): ConnectionRow => ({
    id: 'x',
    name: `my-${type}`,
    type,
    url,
    username: null,
    password: null,
    insecure_tls: false,
    properties,
  });

  it('GETs http(s) urls, connects to databases over TCP and queries its own database', () => {
    expect(probeOf(row('prometheus', 'http://prom:9090'))).toEqual({
      kind: 'http',
      url: 'http://prom:9090',
    });
    expect(probeOf(row('postgres', 'postgres://$(username):$(password)@db.prod:6543/x'))).toEqual({
      kind: 'tcp',
      host: 'db.prod',
      port: 6543,
    });
    expect(probeOf(row('mysql', 'mysql://crm.internal/crm'))).toEqual({
      kind: 'tcp',
      host: 'crm.internal',
      port: 3306,
    });
    expect(probeOf(row('postgres', 'postgres://u@mission-control-db:5432/mc'))).toEqual({
      kind: 'database',
    });
  });

  it('names the host of the types it cannot reach, from the url or the properties', () => {
    expect(probeOf(row('git', 'https://github.com/acme/repo.git'))).toEqual({
      kind: 'unreachable',
      host: 'github.com',
    });
    expect(probeOf(row('aws', null, { region: 'eu-west-1' }))).toEqual({
      kind: 'unreachable',
      host: 'sts.eu-west-1.amazonaws.com',
    });
    expect(probeOf(row('sftp', 'sftp://files.acme.io:22/in'))).toEqual({
      kind: 'unreachable',
      host: 'files.acme.io',
    });
    expect(probeOf(row('slack', null))).toEqual({ kind: 'unreachable', host: 'slack.com' });
  });
});

describe('CONN-02 POST /api/connection/test/{id}', () => {
  it('answers 200 { message: "ok" } when an HTTP connection answers below 500', async () => {
    httpStatus.value = 404;
    const id = await addConnection('local-http', 'http', `http://127.0.0.1:${httpPort}/health`);
    const response = await testConnection(id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'ok',
      payload: { type: 'http', status: 404, url: `http://127.0.0.1:${httpPort}/health` },
    });
  });

  it('fails with the status when the server answers 5xx', async () => {
    httpStatus.value = 503;
    const id = await addConnection('local-prom', 'prometheus', `http://127.0.0.1:${httpPort}`);
    const response = await testConnection(id);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toMatch(/answered 503 Service Unavailable/);
  });

  it('fails with the network error when nothing listens', async () => {
    const id = await addConnection('closed-es', 'elasticsearch', `http://127.0.0.1:${closedPort}`);
    const response = await testConnection(id);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: `connect ECONNREFUSED 127.0.0.1:${closedPort}` });
  });

  it('connects to a Postgres server over TCP, and reports a refused connection', async () => {
    const open = await addConnection('pg-open', 'postgres', `postgres://u@127.0.0.1:${tcpPort}/x`);
    const ok = await testConnection(open);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ message: 'ok', payload: { port: tcpPort } });

    const closed = await addConnection(
      'pg-closed',
      'postgres',
      `postgres://127.0.0.1:${closedPort}/x`,
    );
    const failed = await testConnection(closed);
    expect(failed.statusCode).toBe(400);
    expect(failed.json<{ error: string }>().error).toContain('ECONNREFUSED');
  });

  it("queries the demo's own database through the seeded mission-control-db connection", async () => {
    const { rows } = await db.query<{ id: string }>(
      `SELECT id FROM connections WHERE name = 'mission-control-db' AND deleted_at IS NULL`,
    );
    const response = await testConnection(rows[0]!.id);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ message: string; payload: { version: string } }>();
    expect(body.message).toBe('ok');
    expect(body.payload.version).toMatch(/PostgreSQL/);
  });

  it('says which host it cannot reach for cloud and SaaS types', async () => {
    const { rows } = await db.query<{ id: string }>(
      `SELECT id FROM connections WHERE name = 'aws-prod' AND deleted_at IS NULL`,
    );
    const response = await testConnection(rows[0]!.id);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'cannot reach sts.eu-west-1.amazonaws.com from the demo backend',
    });
  });

  it('gives up on a server that accepts the connection but never answers', async () => {
    const silent = net.createServer(() => undefined);
    const port = await listen(silent);
    try {
      const outcome = await runTest(
        db,
        {
          id: 'x',
          name: 'silent',
          type: 'http',
          url: `http://127.0.0.1:${port}/`,
          username: null,
          password: null,
          insecure_tls: false,
          properties: null,
        },
        200,
      );
      expect(outcome).toEqual({ ok: false, error: `no answer from 127.0.0.1:${port} within 0.2s` });
    } finally {
      silent.close();
    }
  });

  it('answers 404 for unknown, malformed and deleted connections', async () => {
    const deleted = await addConnection('gone', 'http', 'http://127.0.0.1:1', { deleted: true });
    for (const id of [deleted, '5b0c7d43-8f57-4b0a-9b7e-8d4d1f2e6a10', 'not-a-uuid']) {
      const response = await testConnection(id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'connection was not found' });
    }
  });

  it('needs a session, and the right to read connections', async () => {
    const id = await addConnection('guarded', 'http', `http://127.0.0.1:${httpPort}`);
    expect((await postJson(app, `/api/connection/test/${id}`, undefined)).statusCode).toBe(401);
    expect((await testConnection(id, 'viewer')).statusCode).toBe(403);
  });
});

describe('AGENT-03 POST /api/agent/generate and AGENT-04/05', () => {
  it('registers an agent whose token authenticates as it; update and delete through /db/agents', async () => {
    const created = await postJson(app, '/api/agent/generate', cookies.editor, {
      name: 'edge-lab',
      properties: { region: 'eu-north-1' },
      auto_renew: true,
    });
    expect(created.statusCode).toBe(201);
    const agent = created.json<{ id: string; username: string; access_token: string }>();
    expect(agent.username).toBe('agent-edge-lab');
    expect(agent.access_token.length).toBeGreaterThan(20);

    const whoami = await get('/api/auth/whoami', undefined, {
      authorization: `Bearer ${agent.access_token}`,
    });
    expect(whoami.statusCode).toBe(200);
    expect(whoami.json()).toMatchObject({
      payload: { user: { name: 'agent-edge-lab' }, roles: ['agent'] },
    });

    const summary = await get(
      `/api/db/agents_summary?select=*,created_by(id,name,avatar,email)&id=eq.${agent.id}`,
      'viewer',
    );
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toEqual([
      expect.objectContaining({
        id: agent.id,
        name: 'edge-lab',
        username: 'agent-edge-lab',
        properties: { region: 'eu-north-1' },
        person: expect.objectContaining({ name: 'agent-edge-lab' }) as unknown,
        created_by: expect.objectContaining({ email: 'editor@demo.local' }) as unknown,
      }),
    ]);

    const updated = await patch(`/api/db/agents?id=eq.${agent.id}`, 'editor', {
      properties: { region: 'eu-north-1', rack: 'b2' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual([
      expect.objectContaining({ properties: { region: 'eu-north-1', rack: 'b2' } }),
    ]);

    const deleted = await patch(`/api/db/agents?id=eq.${agent.id}`, 'editor', {
      deleted_at: 'now()',
      cleanup: true,
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual([expect.objectContaining({ cleanup: true })]);
    const after = await get(`/api/db/agents_summary?select=id&id=eq.${agent.id}`, 'viewer');
    expect(after.json()).toEqual([]);
    const rejected = await get('/api/auth/whoami', undefined, {
      authorization: `Bearer ${agent.access_token}`,
    });
    expect(rejected.statusCode).toBe(401);

    const again = await postJson(app, '/api/agent/generate', cookies.editor, { name: 'edge-lab' });
    expect(again.statusCode).toBe(201);
  });

  it('rejects a missing, empty or taken name with a JSON error', async () => {
    for (const body of [{}, { name: '  ' }, { name: 'eu-west-1-prod' }]) {
      const response = await postJson(app, '/api/agent/generate', cookies.admin, body);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toEqual(expect.any(String));
    }
    const taken = await postJson(app, '/api/agent/generate', cookies.admin, {
      name: 'eu-west-1-prod',
    });
    expect(taken.json()).toEqual({ error: 'agent eu-west-1-prod already exists' });
    const bare = await postJson(app, '/api/agent/generate', cookies.admin);
    expect(bare.statusCode).toBe(400);
  });

  it('is refused to viewers and to the signed out', async () => {
    expect(
      (await postJson(app, '/api/agent/generate', cookies.viewer, { name: 'nope' })).statusCode,
    ).toBe(403);
    expect(
      (await postJson(app, '/api/agent/generate', undefined, { name: 'nope' })).statusCode,
    ).toBe(401);
  });
});

describe('chart values for the Add Integration wizard', () => {
  const ajv = new Ajv({ strict: false });

  it('serves a schema and default values for each of the six charts, the defaults valid but for what the user must fill in', async () => {
    expect(CHARTS.map((c) => c.chart)).toEqual([
      'mission-control-aws',
      'mission-control-azure',
      'mission-control-prometheus',
      'mission-control-flux',
      'mission-control-kubernetes',
      'mission-control',
    ]);
    for (const chart of CHARTS) {
      expect(chart.repository).toBe(CHARTS_REPOSITORY);
      const schema = await get(`/api/schemas/${chart.chart}.values.schema.json`);
      expect(schema.statusCode).toBe(200);
      const defaults = await get(`/api/schemas/${chart.chart}.values.json`);
      expect(defaults.statusCode).toBe(200);
      const validate = ajv.compile(schema.json<Record<string, unknown>>());
      validate(defaults.json());
      // Only the subscription of Azure is left for the user to fill in.
      expect((validate.errors ?? []).map((e) => e.instancePath)).toEqual(
        chart.chart === 'mission-control-azure' ? ['/subscriptionID'] : [],
      );
    }
  });

  it('validates values against the schema, and leaves the editor schemas served', async () => {
    const schema = await get('/api/schemas/mission-control-kubernetes.values.schema.json');
    const validate = ajv.compile(schema.json<Record<string, unknown>>());
    expect(validate({ clusterName: '' })).toBe(false);
    expect(validate({ clusterName: 'prod', topology: { enabled: 'yes' } })).toBe(false);
    expect((await get('/api/schemas/playbook-spec.schema.json')).statusCode).toBe(200);
    expect((await get('/api/schemas/mission-control-nope.values.json')).statusCode).toBe(404);
  });
});

describe('seeded rows of the platform views', () => {
  it('INT-01 lists scrapers, topologies and logging backends with job status', async () => {
    const response = await get(
      '/api/db/integrations_with_status?order=created_at.desc&select=*&deleted_at=is.null&limit=50&offset=0',
      'viewer',
      { prefer: 'count=exact' },
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-range']).toMatch(/^0-\d+\/\d+$/);
    const rows = response.json<Array<Record<string, unknown>>>();
    expect(new Set(rows.map((r) => r.integration_type))).toEqual(
      new Set(['scrapers', 'topologies', 'logging_backends']),
    );
    for (const key of [
      'id',
      'name',
      'namespace',
      'spec',
      'labels',
      'schedule',
      'icon',
      'source',
      'created_at',
      'updated_at',
      'agent_id',
      'agent',
      'created_by',
      'job_status',
      'job_details',
      'job_duration_millis',
      'job_error_count',
      'job_success_count',
      'job_time_start',
      'job_time_end',
      'job_last_failed',
      'last_runtime',
    ]) {
      expect(rows[0]).toHaveProperty(key);
    }
    const scraper = rows.find((r) => r.integration_type === 'scrapers' && r.job_status);
    expect(scraper).toMatchObject({
      spec: expect.any(Object) as unknown,
      last_runtime: expect.any(String) as unknown,
    });
  });

  it('INT-01 hides deleted logging backends', async () => {
    await db.query(
      `UPDATE logging_backends SET deleted_at = now() WHERE name = 'opensearch-audit'`,
    );
    const response = await get(
      '/api/db/integrations_with_status?select=name&integration_type=eq.logging_backends',
      'viewer',
    );
    const names = response.json<Array<{ name: string }>>().map((r) => r.name);
    expect(names).toContain('loki-prod');
    expect(names).not.toContain('opensearch-audit');
  });

  it('EVQ-01 summarises several event names, some failing', async () => {
    const response = await get('/api/db/event_queue_summary?order=last_failure.desc', 'viewer');
    expect(response.statusCode).toBe(200);
    const rows = response.json<
      Array<{
        name: string;
        pending: number;
        failed: number;
        most_common_error: string | null;
      }>
    >();
    expect(rows.length).toBeGreaterThanOrEqual(5);
    const failing = rows.filter((r) => r.failed > 0);
    expect(failing.length).toBeGreaterThanOrEqual(3);
    for (const row of failing) {
      expect(row).toEqual(
        expect.objectContaining({
          average_attempts: expect.anything() as unknown,
          first_failure: expect.any(String) as unknown,
          last_failure: expect.any(String) as unknown,
          most_common_error: expect.any(String) as unknown,
        }),
      );
    }
    const push = rows.find((r) => r.name === 'push_queue.create');
    expect(push).toMatchObject({ pending: 7, failed: 4 });
    expect(push?.most_common_error).toMatch(/503 Service Unavailable/);
  });

  it('AGENT-01 lists agents with counts, seen recently or not', async () => {
    const response = await get(
      '/api/db/agents_summary?select=*,created_by(id,name,avatar,email)&order=created_at.desc&&limit=50&offset=0&order=name.asc',
      'viewer',
      { prefer: 'count=exact' },
    );
    expect(response.statusCode).toBe(200);
    const rows = response.json<Array<Record<string, unknown>>>();
    expect(rows.map((r) => r.name)).toEqual(
      expect.arrayContaining(['local', 'eu-west-1-prod', 'staging', 'dr-site']),
    );
    for (const key of [
      'hostname',
      'ip',
      'version',
      'username',
      'person_id',
      'person',
      'properties',
      'last_seen',
      'last_received',
      'config_count',
      'checks_count',
      'config_scrapper_count',
      'playbook_runs_count',
    ]) {
      expect(rows[0]).toHaveProperty(key);
    }
    expect(rows.find((r) => r.name === 'local')?.config_count).toEqual(expect.any(Number));
  });
});

describe('agents report in while the demo runs', () => {
  it('moves the last seen of connected agents to now and leaves silent ones stale', async () => {
    const before = await db.query<{ name: string; last_seen: Date | null }>(
      'SELECT name, last_seen FROM agents WHERE deleted_at IS NULL',
    );
    // Half an hour after the latest report of the seeded agents (seeded at the seed's clock).
    const latest = Math.max(
      ...before.rows.map((row) => (row.last_seen ? new Date(row.last_seen).getTime() : 0)),
    );
    const now = new Date(latest + 30 * 60_000);
    const connected = before.rows.filter(
      (row) =>
        row.last_seen && now.getTime() - new Date(row.last_seen).getTime() < AGENT_CONNECTED_MS,
    );
    expect(connected.length).toBeGreaterThan(0);
    expect(await agentsReportIn(db, now)).toBe(connected.length);
    const after = await db.query<{ name: string; last_seen: Date | null }>(
      'SELECT name, last_seen FROM agents WHERE deleted_at IS NULL',
    );
    for (const row of after.rows) {
      const was = before.rows.find((b) => b.name === row.name)?.last_seen ?? null;
      if (connected.some((c) => c.name === row.name)) {
        expect(new Date(row.last_seen!).toISOString()).toBe(now.toISOString());
      } else {
        expect(row.last_seen === null ? null : new Date(row.last_seen).toISOString()).toBe(
          was === null ? null : new Date(was).toISOString(),
        );
      }
    }
  });
});
