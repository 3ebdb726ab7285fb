import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { hashToken } from '../../../server/demo/auth/caller';
import { TOOL_NAMES } from '../../../server/demo/mcp/tools';
import {
  createTokenRequest,
  emptyTokenDraft,
  type TokenDialogMode,
} from '../../../src/features/tokens/model/tokenDraft';
import { MCP_INITIALIZE_REQUEST, mcpClientConfigs } from '../../../src/features/tokens/mcpClients';
import { insertPlaybook } from './playbookHarness';
import { sendAs, signInAll, startDemo, type DemoHarness, type Headers } from './support';

/**
 * `/api/mcp` (api.md AUTH-12) with the SDK's own client over HTTP, authenticated by tokens the
 * console creates (AUTH-09, with the bodies the token dialog and "Setup MCP" send): every tool
 * answers what the database holds, `mcp:use` and `mcp:run` are enforced as the access review
 * answers them, and bad input is a tool error.
 */

jest.setTimeout(120_000);

let h: DemoHarness;
let url: URL;
const cookies: Record<string, string> = {};
const as = (role: string): Headers => ({ cookie: cookies[role] as string });

/** Tokens made through the console's endpoint, and the person each acts as. */
const tokens: Record<string, { token: string; person: string }> = {};
let deployment: { id: string; name: string };
let gated: string;
let plain: string;
const clients: Client[] = [];

async function storeToken(name: string, body: object, cookie: Headers): Promise<void> {
  const res = await sendAs(h.app, 'POST', '/api/auth/create_token', cookie, body);
  expect(res.statusCode).toBe(200);
  const token = res.json<{ payload: { token: string } }>().payload.token;
  const { rows } = await h.db.query<{ person_id: string }>(
    'SELECT person_id FROM access_tokens WHERE value = $1',
    [hashToken(token)],
  );
  tokens[name] = { token, person: rows[0]!.person_id };
}

/** A token as the console's dialog creates it: "Setup MCP" (`mcp`) or the tokens page. */
function dialogToken(role: string, name: string, mode: TokenDialogMode): Promise<void> {
  return storeToken(name, createTokenRequest({ ...emptyTokenDraft(mode), name }), as(role));
}

function scopedToken(role: string, name: string, scope?: object[]): Promise<void> {
  return storeToken(name, { name, expiry: '30d', ...(scope ? { scope } : {}) }, as(role));
}

async function connect(name: string): Promise<Client> {
  const client = new Client({ name: 'mcp-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: { headers: { Authorization: `Bearer ${tokens[name]!.token}` } },
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

interface ToolAnswer {
  isError?: boolean;
  content: Array<{ type: string; text?: string }>;
}

function textOf(result: unknown): string {
  const first = (result as ToolAnswer).content[0];
  if (!first || first.type !== 'text' || first.text === undefined) throw new Error('no text');
  return first.text;
}

/** A tool's JSON answer, after checking it is not an error. */
async function call<T>(client: Client, name: string, args: Record<string, unknown>): Promise<T> {
  const result = (await client.callTool({ name, arguments: args })) as ToolAnswer;
  if (result.isError) throw new Error(`${name} failed: ${textOf(result)}`);
  return JSON.parse(textOf(result)) as T;
}

/** A tool's error text, after checking it is an error. */
async function refused(client: Client, name: string, args: Record<string, unknown>) {
  const result = (await client.callTool({ name, arguments: args })) as ToolAnswer;
  expect(result.isError).toBe(true);
  return textOf(result);
}

async function rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await h.db.query<T & Record<string, unknown>>(sql, params)).rows;
}

async function runCount(): Promise<number> {
  const [row] = await rows<{ n: number }>('SELECT count(*)::int AS n FROM playbook_runs');
  return row!.n;
}

beforeAll(async () => {
  h = await startDemo({ playbookExecutor: false });
  await signInAll(h.app, ['admin', 'editor', 'viewer'], cookies);
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = h.app.server.address() as AddressInfo;
  url = new URL(`http://127.0.0.1:${port}/api/mcp`);

  await scopedToken('admin', 'mcp-admin');
  await scopedToken('admin', 'catalog-only', [{ object: 'catalog', action: 'read' }]);
  await dialogToken('editor', 'setup-mcp', 'mcp');
  await dialogToken('viewer', 'mcp-viewer', 'token');

  const [found] = await rows<{ id: string; name: string }>(
    `SELECT id, name FROM config_items WHERE type = 'Kubernetes::Deployment' AND deleted_at IS NULL
      ORDER BY name LIMIT 1`,
  );
  deployment = found!;
  const target = { configs: [{ types: ['Kubernetes::Deployment'] }] };
  gated = await insertPlaybook(h.db, 'mcp-gated', {
    ...target,
    approval: { type: 'any', approvers: { people: ['commander@demo.local'], teams: [] } },
    actions: [{ name: 'say', exec: { script: 'echo approved' } }],
  });
  plain = await insertPlaybook(h.db, 'mcp-plain', {
    ...target,
    parameters: [{ name: 'reason', label: 'Reason', default: 'none' }],
    actions: [{ name: 'say', exec: { script: 'echo {{.params.reason}}' } }],
  });
}, 300_000);

afterAll(async () => {
  for (const client of clients) await client.close();
  await h?.close();
});

describe('connecting to /api/mcp', () => {
  const initialize = {
    jsonrpc: '2.0',
    method: 'initialize',
    params: {
      protocolVersion: '2024-11-05',
      capabilities: {},
      clientInfo: { name: 'curl', version: '1' },
    },
    id: 1,
  };
  const post = (headers: Record<string, string>) =>
    fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...headers,
      },
      body: JSON.stringify(initialize),
    });

  it('answers 401 with WWW-Authenticate without a token or with a bad one', async () => {
    const attempts: Array<Record<string, string>> = [{}, { authorization: 'Bearer not-a-token' }];
    for (const headers of attempts) {
      const res = await post(headers);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect(await res.json()).toEqual({ error: 'Unauthorized' });
    }
  });

  it('answers 403 to a token whose scope leaves out mcp', async () => {
    const res = await post({ authorization: `Bearer ${tokens['catalog-only']!.token}` });
    expect(res.status).toBe(403);
    const body = (await res.json()) as { error: string };
    expect(body.error).toContain('mcp:use');
    await expect(connect('catalog-only')).rejects.toThrow();
  });

  it('initializes for a token, as Bearer and as Basic with user "token", as the dialog shows', async () => {
    const { token } = tokens['mcp-admin']!;
    const basic = `Basic ${Buffer.from(`token:${token}`).toString('base64')}`;
    for (const authorization of [`Bearer ${token}`, basic]) {
      const res = await post({ authorization });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { result: { serverInfo: { name: string } } };
      expect(body.result.serverInfo.name).toBe('mission-control-demo');
    }
  });

  it('answers 405 to GET: the server keeps no sessions', async () => {
    const res = await fetch(url, {
      headers: {
        accept: 'text/event-stream',
        authorization: `Bearer ${tokens['mcp-admin']!.token}`,
      },
    });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });

  it('answers the direct HTTP call the token dialog shows, as it shows it', async () => {
    const { token } = tokens['setup-mcp']!;
    const shown = mcpClientConfigs(url.href, token).find((client) => client.id === 'http')!;
    const headers = Object.fromEntries(
      [...shown.text.matchAll(/-H "([^:]+): ([^"]+)"/g)].map(([, name, value]) => [name!, value!]),
    );
    expect(headers.Authorization).toBe(`Bearer ${token}`);
    expect(shown.text).toContain(JSON.stringify(MCP_INITIALIZE_REQUEST));
    const res = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(MCP_INITIALIZE_REQUEST),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      id: number;
      result: { protocolVersion: string; capabilities: { tools?: object } };
    };
    expect(body.id).toBe(1);
    expect(body.result.protocolVersion).toBe('2024-11-05');
    expect(body.result.capabilities.tools).toBeDefined();
  });

  it('lists every tool, each with a description and an input JSON schema', async () => {
    const client = await connect('mcp-admin');
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([...TOOL_NAMES]);
    for (const tool of tools) {
      expect(tool.description?.length).toBeGreaterThan(20);
      expect(tool.inputSchema.type).toBe('object');
      expect(Object.keys(tool.inputSchema.properties ?? {}).length).toBeGreaterThan(0);
    }
    const run = tools.find((tool) => tool.name === 'run_playbook');
    expect(run?.inputSchema.required).toEqual(['playbook_id']);
  });
});

describe('the tools', () => {
  let admin: Client;
  beforeAll(async () => {
    admin = await connect('mcp-admin');
  });

  it('search_catalog finds by name and by selector, as the palette', async () => {
    const byName = await call<{ results: Array<{ kind: string; id: string; name: string }> }>(
      admin,
      'search_catalog',
      { query: deployment.name, kind: 'config' },
    );
    expect(byName.results).toContainEqual(
      expect.objectContaining({ kind: 'config', id: deployment.id, name: deployment.name }),
    );

    const [{ n }] = (await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM config_items
        WHERE type = 'Kubernetes::Deployment' AND deleted_at IS NULL`,
    )) as [{ n: number }];
    const typed = await call<{ results: Array<{ kind: string; type: string }> }>(
      admin,
      'search_catalog',
      { query: 'type=Kubernetes::Deployment', kind: 'config', limit: 5 },
    );
    expect(typed.results).toHaveLength(Math.min(5, n));
    for (const found of typed.results) {
      expect(found).toMatchObject({ kind: 'config', type: 'Kubernetes::Deployment' });
    }

    const everywhere = await call<{ results: Array<{ kind: string }> }>(admin, 'search_catalog', {
      query: 'mcp-gated',
    });
    expect(everywhere.results).toContainEqual(
      expect.objectContaining({ kind: 'playbook', id: gated }),
    );
  });

  it('get_config answers the item, its recent changes and its open insights', async () => {
    const [config] = await rows<{ id: string; name: string; type: string; health: string }>(
      `SELECT c.id, c.name, c.type, c.health FROM config_items c
        WHERE c.deleted_at IS NULL
          AND EXISTS (SELECT 1 FROM config_analysis a WHERE a.config_id = c.id AND a.status = 'open')
          AND EXISTS (SELECT 1 FROM config_changes h WHERE h.config_id = c.id)
          AND (SELECT count(*) FROM config_changes h WHERE h.config_id = c.id) <= 100
        ORDER BY c.name LIMIT 1`,
    );
    expect(config).toBeDefined();
    const answer = await call<{
      config: Record<string, unknown>;
      changes: Array<{ id: string }>;
      insights: Array<{ id: string; status: string }>;
    }>(admin, 'get_config', { id: config!.id, limit: 100 });
    expect(answer.config).toMatchObject({
      id: config!.id,
      name: config!.name,
      type: config!.type,
    });
    const changes = await rows<{ id: string }>(
      'SELECT id FROM config_changes WHERE config_id = $1',
      [config!.id],
    );
    expect(answer.changes.map((c) => c.id).sort()).toEqual(changes.map((c) => c.id).sort());
    const insights = await rows<{ id: string }>(
      `SELECT id FROM config_analysis WHERE config_id = $1 AND status = 'open'`,
      [config!.id],
    );
    expect(answer.insights.map((i) => i.id).sort()).toEqual(insights.map((i) => i.id).sort());

    const few = await call<{ changes: unknown[] }>(admin, 'get_config', {
      id: config!.id,
      limit: 1,
    });
    expect(few.changes).toHaveLength(1);
  });

  it('get_config of a config that does not exist is a tool error', async () => {
    const text = await refused(admin, 'get_config', {
      id: '00000000-0000-4000-8000-000000000000',
    });
    expect(text).toBe('config 00000000-0000-4000-8000-000000000000 not found');
  });

  it('list_health_checks answers the checks with a status', async () => {
    const answer = await call<{ total: number; checks: Array<{ id: string; status: string }> }>(
      admin,
      'list_health_checks',
      { status: 'unhealthy', limit: 100 },
    );
    expect(answer.total).toBeGreaterThan(0);
    expect(answer.checks).toHaveLength(Math.min(100, answer.total));
    const stored = await rows<{ id: string; status: string }>(
      'SELECT id, status FROM checks WHERE id = ANY($1::uuid[])',
      [answer.checks.map((check) => check.id)],
    );
    expect(stored).toHaveLength(answer.checks.length);
    for (const check of stored) expect(check.status).toBe('unhealthy');
    const all = await call<{ total: number }>(admin, 'list_health_checks', {});
    const healthy = await call<{ total: number }>(admin, 'list_health_checks', {
      status: 'healthy',
    });
    expect(all.total).toBe(answer.total + healthy.total);
  });

  it('list_incidents answers the incidents of a status and severity, newest first', async () => {
    const stored = await rows<{ id: string; status: string; severity: string }>(
      `SELECT id, status, severity FROM incidents ORDER BY created_at DESC, id`,
    );
    const first = stored[0]!;
    const answer = await call<{
      incidents: Array<{ id: string; status: string; severity: string; incident_id: string }>;
    }>(admin, 'list_incidents', { status: first.status, severity: first.severity, limit: 100 });
    const expected = stored.filter(
      (row) => row.status === first.status && row.severity === first.severity,
    );
    expect(answer.incidents.map((i) => i.id).sort()).toEqual(
      expected
        .slice(0, 100)
        .map((row) => row.id)
        .sort(),
    );
    for (const incident of answer.incidents) {
      expect(incident).toMatchObject({ status: first.status, severity: first.severity });
      expect(incident.incident_id).toEqual(expect.any(String));
    }
  });

  it('evaluate_view answers the columns, rows and panels of a view by namespace and name', async () => {
    const [pods] = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM config_items
        WHERE type = 'Kubernetes::Pod' AND deleted_at IS NULL AND tags ->> 'namespace' = 'kube-system'`,
    );
    const [view] = await rows<{ id: string }>(
      `SELECT id FROM views WHERE namespace = 'mission-control' AND name = 'pods'`,
    );
    const answer = await call<{
      id: string;
      columns: Array<{ name: string }>;
      rows: Array<Record<string, unknown>>;
      panels: Array<{ name: string; rows: unknown[] }>;
    }>(admin, 'evaluate_view', {
      namespace: 'mission-control',
      name: 'pods',
      variables: { namespace: 'kube-system' },
      limit: 100,
    });
    expect(answer.id).toBe(view!.id);
    expect(answer.columns.map((column) => column.name)).toContain('name');
    expect(answer.panels.find((panel) => panel.name === 'Pods')?.rows).toEqual([
      { value: pods!.n },
    ]);
    expect(answer.rows).toHaveLength(Math.min(100, pods!.n));
    for (const row of answer.rows) expect(row.namespace).toBe('kube-system');

    const byId = await call<{ id: string }>(admin, 'evaluate_view', { id: view!.id });
    expect(byId.id).toBe(view!.id);
    expect(await refused(admin, 'evaluate_view', {})).toBe(
      'give the view id, or its name (and namespace)',
    );
  });

  it('list_playbooks_for_resource answers PB-07 for the resource, each runnable by admin', async () => {
    const answer = await call<{
      resource: { kind: string; id: string };
      playbooks: Array<{ id: string; can_run: boolean; parameters: Array<{ name: string }> }>;
    }>(admin, 'list_playbooks_for_resource', { resource_id: deployment.id });
    expect(answer.resource).toMatchObject({ kind: 'config', id: deployment.id });
    const listed = await sendAs(
      h.app,
      'GET',
      `/api/playbook/list?config_id=${deployment.id}`,
      as('admin'),
    );
    const ids = listed.json<Array<{ id: string }>>().map((p) => p.id);
    expect(answer.playbooks.map((p) => p.id)).toEqual(ids);
    expect(ids).toEqual(expect.arrayContaining([gated, plain]));
    for (const playbook of answer.playbooks) expect(playbook.can_run).toBe(true);
    expect(answer.playbooks.find((p) => p.id === plain)?.parameters).toEqual([
      expect.objectContaining({ name: 'reason' }),
    ]);
  });

  it('run_playbook runs for admin; a gated run waits for approval; get_playbook_run reads it', async () => {
    const started = await call<{ run_id: string; status: string }>(admin, 'run_playbook', {
      playbook_id: gated,
      resource_id: deployment.id,
    });
    expect(started.status).toBe('pending_approval');
    const [run] = await rows<{ status: string; created_by: string; config_id: string }>(
      'SELECT status, created_by, config_id FROM playbook_runs WHERE id = $1',
      [started.run_id],
    );
    expect(run).toEqual({
      status: 'pending_approval',
      created_by: tokens['mcp-admin']!.person,
      config_id: deployment.id,
    });
    const read = await call<{ id: string; status: string; playbook: { name: string } }>(
      admin,
      'get_playbook_run',
      { id: started.run_id },
    );
    expect(read).toMatchObject({
      id: started.run_id,
      status: 'pending_approval',
      playbook: { name: 'mcp-gated' },
      config_id: deployment.id,
    });

    const direct = await call<{ run_id: string; status: string }>(admin, 'run_playbook', {
      playbook_id: plain,
      resource_id: deployment.id,
      kind: 'config',
      params: { reason: 'from mcp' },
    });
    expect(direct.status).toBe('scheduled');
    const [params] = await rows<{ parameters: unknown }>(
      'SELECT parameters FROM playbook_runs WHERE id = $1',
      [direct.run_id],
    );
    expect(params!.parameters).toEqual({ reason: 'from mcp' });
  });

  it('get_playbook_run answers a run with its actions and their results', async () => {
    const [withActions] = await rows<{ id: string; status: string }>(
      `SELECT r.id, r.status FROM playbook_runs r
        WHERE EXISTS (SELECT 1 FROM playbook_run_actions a WHERE a.playbook_run_id = r.id)
        ORDER BY r.created_at DESC LIMIT 1`,
    );
    const actions = await rows<{ id: string; status: string }>(
      'SELECT id, status FROM playbook_run_actions WHERE playbook_run_id = $1',
      [withActions!.id],
    );
    const answer = await call<{ status: string; actions: Array<{ id: string; status: string }> }>(
      admin,
      'get_playbook_run',
      { id: withActions!.id },
    );
    expect(answer.status).toBe(withActions!.status);
    expect(answer.actions.map(({ id, status }) => ({ id, status }))).toEqual(
      expect.arrayContaining(actions),
    );
    expect(answer.actions).toHaveLength(actions.length);
  });

  it('malformed input is a tool error, and the server goes on answering', async () => {
    expect(await refused(admin, 'get_config', { id: 'not-a-uuid' })).toMatch(/id/);
    expect(await refused(admin, 'search_catalog', {})).toMatch(/query/);
    expect(await refused(admin, 'list_incidents', { limit: 1000 })).toMatch(/limit/);
    expect(await refused(admin, 'list_health_checks', { status: 'broken' })).toMatch(/status/);
    expect(await refused(admin, 'search_catalog', { query: 'name="open', kind: 'check' })).toBe(
      'checks[0].search: unterminated quote (at column 6)',
    );
    expect(await refused(admin, 'run_playbook', { playbook_id: plain, params: 'x' })).toMatch(
      /params/,
    );
    const still = await call<{ incidents: unknown[] }>(admin, 'list_incidents', { limit: 1 });
    expect(still.incidents.length).toBeLessThanOrEqual(1);
  });
});

describe('mcp:run and the playbook run permission', () => {
  it('refuses run_playbook without mcp:run (a viewer) and creates no run', async () => {
    const viewer = await connect('mcp-viewer');
    const before = await runCount();
    const text = await refused(viewer, 'run_playbook', {
      playbook_id: plain,
      resource_id: deployment.id,
    });
    expect(text).toMatch(/^forbidden: mcp:run not permitted on playbook mcp-plain: /);
    expect(await runCount()).toBe(before);
    const listed = await call<{ playbooks: Array<{ id: string; can_run: boolean }> }>(
      viewer,
      'list_playbooks_for_resource',
      { resource_id: deployment.id },
    );
    expect(listed.playbooks.length).toBeGreaterThan(0);
    for (const playbook of listed.playbooks) expect(playbook.can_run).toBe(false);
  });

  it('a "Setup MCP" token (scope: mcp only) reads and runs as its owner through the tools', async () => {
    const setup = await connect('setup-mcp');
    // Its scope keeps nothing but mcp, so the REST API refuses it the catalog...
    const rest = await sendAs(
      h.app,
      'GET',
      `/api/db/config_items?id=eq.${deployment.id}&select=id`,
      { authorization: `Bearer ${tokens['setup-mcp']!.token}` },
    );
    expect(rest.statusCode).toBe(403);
    // ...while the tools read what its owner, an editor, reads.
    const found = await call<{ results: Array<{ id: string }> }>(setup, 'search_catalog', {
      query: deployment.name,
      kind: 'config',
    });
    expect(found.results.map((r) => r.id)).toContain(deployment.id);
    const config = await call<{ config: { id: string } }>(setup, 'get_config', {
      id: deployment.id,
    });
    expect(config.config.id).toBe(deployment.id);
    const started = await call<{ run_id: string; status: string }>(setup, 'run_playbook', {
      playbook_id: gated,
      resource_id: deployment.id,
    });
    expect(started.status).toBe('pending_approval');
    const [run] = await rows<{ created_by: string }>(
      'SELECT created_by FROM playbook_runs WHERE id = $1',
      [started.run_id],
    );
    expect(run!.created_by).toBe(tokens['setup-mcp']!.person);
  });

  it('refuses run_playbook with mcp:run but without the playbook run permission', async () => {
    const setup = await connect('setup-mcp');
    await h.db.query(
      `INSERT INTO permissions (name, description, subject_type, subject, action, playbook_id, deny, source)
       VALUES ('mcp-never-plain', 'No plain runs for this token', 'person', $1,
               'playbook:run', $2, true, 'UI')`,
      [tokens['setup-mcp']!.person, plain],
    );
    const before = await runCount();
    const text = await refused(setup, 'run_playbook', {
      playbook_id: plain,
      resource_id: deployment.id,
    });
    expect(text).toBe('not allowed to run this playbook');
    expect(await runCount()).toBe(before);
    const listed = await call<{ playbooks: Array<{ id: string; can_run: boolean }> }>(
      setup,
      'list_playbooks_for_resource',
      { resource_id: deployment.id },
    );
    expect(listed.playbooks.find((p) => p.id === plain)?.can_run).toBe(false);
    expect(listed.playbooks.find((p) => p.id === gated)?.can_run).toBe(true);
  });

  it('the access review answers mcp:use and mcp:run as the endpoint enforced them', async () => {
    const names = ['mcp-admin', 'catalog-only', 'mcp-viewer', 'setup-mcp'];
    const subjects = names.map((name) => tokens[name]!.person);
    const review = async (resource: object, action: string) => {
      const res = await sendAs(h.app, 'POST', '/api/rbac/subject-access-reviews', as('admin'), {
        resource,
        action,
        subjects,
      });
      expect(res.statusCode).toBe(200);
      return res
        .json<{ results: Array<{ allowed: boolean }> }>()
        .results.map((result) => result.allowed);
    };
    expect(await review({ global: 'mcp' }, 'mcp:use')).toEqual([true, false, true, true]);
    const onPlaybook = { playbook: plain, config: deployment.id };
    expect(await review(onPlaybook, 'mcp:run')).toEqual([true, false, false, true]);
  });
});
