import type { FastifyInstance } from 'fastify';
import type { SqlClient } from '../../../server/demo/db/types';
import { PlaybookExecutor } from '../../../server/demo/playbooks/executor';
import {
  type ClockedExecutor,
  clockedExecutor,
  insertPlaybook,
  runActions,
  runStatus,
} from './playbookHarness';
import { postJson, signInAll, startDemo } from './support';

jest.setTimeout(120_000);

let app: FastifyInstance;
let db: SqlClient;
const cookies: Record<string, string> = {};
let clocked: ClockedExecutor;
let deploymentId: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  ({ app, db } = await startDemo({ playbookExecutor: false }));
  await signInAll(app, ['admin', 'editor', 'commander', 'viewer'], cookies);
  clocked = clockedExecutor(db, '2030-01-01T00:00:00Z');
  const deployments = await db.query<{ id: string }>(
    `SELECT id FROM config_items WHERE type = 'Kubernetes::Deployment' AND deleted_at IS NULL
      ORDER BY name LIMIT 1`,
  );
  deploymentId = deployments.rows[0]!.id;
  const restart = await db.query<{ id: string }>(
    `SELECT id FROM playbooks WHERE name = 'restart-deployment' AND deleted_at IS NULL
      ORDER BY namespace LIMIT 1`,
  );
  ids.restart = restart.rows[0]!.id;
  const target = { configs: [{ types: ['Kubernetes::Deployment'] }] };
  ids.failing = await insertPlaybook(db, 'test-failing', {
    ...target,
    actions: [
      { name: 'check', exec: { script: 'kubectl get deployment/{{.config.name}} && exit 3' } },
      { name: 'after', exec: { script: 'echo never' } },
    ],
  });
  ids.gated = await insertPlaybook(db, 'test-gated', {
    ...target,
    approval: { type: 'any', approvers: { people: ['commander@demo.local'], teams: [] } },
    actions: [{ name: 'say', exec: { script: 'echo approved' } }],
  });
  ids.content = await insertPlaybook(db, 'test-content-type', {
    ...target,
    actions: [
      {
        name: 'envelope',
        exec: { script: `echo '{"content": "# My Report", "contentType": "text/markdown"}'` },
      },
      { name: 'spec-type', contentType: 'application/json', exec: { script: `echo '{"a":1}'` } },
      { name: 'plain', exec: { script: 'echo hello world' } },
      {
        name: 'overridden',
        contentType: 'text/plain',
        exec: { script: `echo '{"content": "overridden", "contentType": "text/markdown"}'` },
      },
      { name: 'probe', http: { url: 'http://svc.local/status' } },
    ],
  });
  ids.long = await insertPlaybook(db, 'test-long', {
    ...target,
    timeout: '10m',
    actions: [
      { name: 'wait', exec: { script: 'sleep 300' } },
      { name: 'done', exec: { script: 'echo done' } },
    ],
  });
});
afterAll(async () => {
  await clocked.executor.stop();
  await app.close();
  await db.close();
});

function post(url: string, role: string | null, payload?: unknown) {
  return postJson(app, url, role ? cookies[role] : undefined, payload);
}

async function submit(playbookId: string, params: Record<string, unknown> = {}, role = 'admin') {
  const response = await post('/api/playbook/run', role, {
    id: playbookId,
    config_id: deploymentId,
    params,
  });
  expect(response.statusCode).toBe(201);
  const body = response.json<{ run_id: string; starts_at: string }>();
  expect(Number.isNaN(Date.parse(body.starts_at))).toBe(false);
  return body.run_id;
}

describe('PB-07 and PB-08', () => {
  it('lists the playbooks that apply to a config and refuses two ids', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/playbook/list?config_id=${deploymentId}`,
      headers: { cookie: cookies.viewer as string },
    });
    expect(response.statusCode).toBe(200);
    const names = response
      .json<Array<{ name: string; parameters: unknown[] }>>()
      .map((p) => p.name);
    expect(names).toContain('restart-deployment');
    expect(names).not.toContain('drain-node');
    const both = await app.inject({
      method: 'GET',
      url: `/api/playbook/list?config_id=${deploymentId}&check_id=${deploymentId}`,
      headers: { cookie: cookies.viewer as string },
    });
    expect(both.statusCode).toBe(400);
    expect(both.json<{ error: string }>().error).toMatch(/only one/);
  });

  it('answers the parameters with templates rendered, 404 for an unknown playbook, 403 for a viewer', async () => {
    const templated = await insertPlaybook(db, 'test-templated', {
      configs: [{ types: ['Kubernetes::Deployment'] }],
      parameters: [{ name: 'target', label: 'Target', type: 'text', default: '{{.config.name}}' }],
      actions: [{ name: 'noop', exec: { script: 'echo ok' } }],
    });
    const { rows } = await db.query<{ name: string }>(
      'SELECT name FROM config_items WHERE id = $1',
      [deploymentId],
    );
    const ok = await post(`/api/playbook/${templated}/params`, 'admin', {
      id: templated,
      config_id: deploymentId,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<{ params: Array<{ default: string }> }>().params[0]?.default).toBe(
      rows[0]!.name,
    );
    const missing = '00000000-0000-4000-8000-000000000001';
    const notFound = await post(`/api/playbook/${missing}/params`, 'admin', { id: missing });
    expect(notFound.statusCode).toBe(404);
    const denied = await post(`/api/playbook/${templated}/params`, 'viewer', {
      id: templated,
      config_id: deploymentId,
    });
    expect(denied.statusCode).toBe(403);
  });
});

describe('PB-09 bodies', () => {
  it.each([
    ['not JSON', '{nope'],
    ['an array', '[]'],
    ['no id', { config_id: '00000000-0000-4000-8000-000000000001' }],
    ['an id that is not a uuid', { id: 'abc' }],
    ['params that are not an object', { id: '00000000-0000-4000-8000-000000000001', params: 3 }],
  ])('answers 400 JSON for %s', async (_label, payload) => {
    const response = await post('/api/playbook/run', 'admin', payload);
    expect(response.statusCode).toBe(400);
    expect(typeof response.json<{ error: string }>().error).toBe('string');
  });

  it('answers 404 for an unknown playbook, 400 for a missing required parameter, 403 for a viewer', async () => {
    const unknownPlaybook = await post('/api/playbook/run', 'admin', {
      id: '00000000-0000-4000-8000-000000000001',
    });
    expect(unknownPlaybook.statusCode).toBe(404);
    const noReason = await post('/api/playbook/run', 'admin', {
      id: ids.restart,
      config_id: deploymentId,
      params: {},
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<{ error: string }>().error).toMatch(/reason is required/);
    const viewer = await post('/api/playbook/run', 'viewer', {
      id: ids.restart,
      config_id: deploymentId,
      params: { reason: 'x' },
    });
    expect(viewer.statusCode).toBe(403);
  });
});

describe('the executor', () => {
  it('carries a Restart Deployment run to completed and records the restart on the config', async () => {
    const runId = await submit(ids.restart!, { reason: 'rotate secret', notify: 'false' });
    expect(await runStatus(db, runId)).toBe('scheduled');
    expect(await clocked.drive(runId, ['completed', 'failed'])).toBe('completed');
    const actions = await runActions(db, runId);
    expect(actions.map((a) => [a.name, a.status])).toEqual([
      ['restart', 'completed'],
      ['wait-for-rollout', 'completed'],
      ['notify-team', 'skipped'],
    ]);
    expect(actions[0]?.result).toMatchObject({ exitCode: 0, stderr: '' });
    expect(String(actions[0]?.result?.stdout)).toMatch(/restarted$/);
    const changes = await db.query<{ change_type: string }>(
      `SELECT change_type FROM config_changes WHERE config_id = $1 AND external_change_id LIKE $2`,
      [deploymentId, `playbook-run/${runId}/%`],
    );
    expect(changes.rows.map((c) => c.change_type)).toEqual(['RestartDeployment']);
    const rpc = await app.inject({
      method: 'GET',
      url: `/api/db/rpc/get_playbook_run_actions?run_id=${runId}`,
      headers: { cookie: cookies.admin as string },
    });
    expect(rpc.statusCode).toBe(200);
    expect(rpc.json<unknown[]>()).toHaveLength(3);
  });

  it('fails the run when an action fails and skips the rest', async () => {
    const runId = await submit(ids.failing!);
    expect(await clocked.drive(runId, ['completed', 'failed'])).toBe('failed');
    const actions = await runActions(db, runId);
    expect(actions.map((a) => [a.name, a.status])).toEqual([
      ['check', 'failed'],
      ['after', 'skipped'],
    ]);
    expect(actions[0]?.result).toMatchObject({ exitCode: 3 });
    const { rows } = await db.query<{ error: string }>(
      'SELECT error FROM playbook_runs WHERE id = $1',
      [runId],
    );
    expect(rows[0]?.error).toBe('exit status 3');
  });

  it('records each result’s content type as Mission Control’s runner does', async () => {
    const runId = await submit(ids.content!);
    expect(await clocked.drive(runId, ['completed', 'failed'])).toBe('completed');
    const results = Object.fromEntries(
      (await runActions(db, runId)).map((action) => [action.name, action.result]),
    );
    // An exec envelope is unwrapped into stdout and its type.
    expect(results.envelope).toMatchObject({ stdout: '# My Report', contentType: 'text/markdown' });
    // The spec's content type marks plain output.
    expect(results['spec-type']).toMatchObject({
      stdout: '{"a":1}',
      contentType: 'application/json',
    });
    // Plain output declares nothing.
    expect(results.plain).not.toHaveProperty('contentType');
    // The spec's content type overrides an envelope's.
    expect(results.overridden).toMatchObject({ stdout: 'overridden', contentType: 'text/plain' });
    // An http answer takes its Content-Type header; its body is `content`.
    expect(results.probe).toMatchObject({ code: 200, contentType: 'application/json' });
    expect(typeof results.probe?.content).toBe('string');
  });

  it('gives the seeded playbooks a markdown, an HTML, a JSON and a log result', async () => {
    const { rows } = await db.query<{ id: string }>(
      `SELECT id FROM playbooks WHERE name = 'monthly-cost-report' AND deleted_at IS NULL
        ORDER BY namespace LIMIT 1`,
    );
    const response = await post('/api/playbook/run', 'admin', {
      id: rows[0]!.id,
      params: { account: 'prod' },
    });
    expect(response.statusCode).toBe(201);
    const runId = response.json<{ run_id: string }>().run_id;
    expect(await clocked.drive(runId, ['completed', 'failed'])).toBe('completed');
    const report = (await runActions(db, runId)).find((action) => action.name === 'render-report');
    expect(report?.result).toMatchObject({ contentType: 'text/html' });
    expect(String(report?.result?.stdout)).toMatch(/^<h2>Cost report for prod<\/h2><table/);
    const { rows: files } = await db.query<{ filename: string; content_type: string }>(
      `SELECT filename, content_type FROM artifacts
        WHERE playbook_run_action_id IN (SELECT id FROM playbook_run_actions WHERE playbook_run_id = $1)
        ORDER BY filename`,
      [runId],
    );
    expect(files).toEqual([
      { filename: 'cost-by-team.json', content_type: 'application/json' },
      { filename: 'cost-by-team.svg', content_type: 'image/svg+xml' },
    ]);

    // The seeded history of the diagnostics playbook: markdown, text and JSON log lines.
    const { rows: seeded } = await db.query<{ name: string; content_type: string }>(
      `SELECT DISTINCT a.name, a.result->>'contentType' AS content_type
         FROM playbook_run_actions a JOIN playbook_runs r ON r.id = a.playbook_run_id
         JOIN playbooks p ON p.id = r.playbook_id
        WHERE p.name = 'collect-diagnostics' AND a.status = 'completed' ORDER BY a.name`,
    );
    expect(seeded).toEqual([
      { name: 'describe', content_type: 'text/markdown' },
      { name: 'events', content_type: 'text/plain' },
      { name: 'logs', content_type: 'application/log+json' },
    ]);
    // An http answer of the history declares JSON from its header.
    const { rows: answers } = await db.query<{ content_type: string }>(
      `SELECT DISTINCT a.result->>'contentType' AS content_type
         FROM playbook_run_actions a JOIN playbook_runs r ON r.id = a.playbook_run_id
         JOIN playbooks p ON p.id = r.playbook_id
        WHERE p.name = 'rerun-health-check' AND a.status = 'completed'`,
    );
    expect(answers).toEqual([{ content_type: 'application/json' }]);
  });

  it('holds an approval-gated run until an approver approves it', async () => {
    const runId = await submit(ids.gated!);
    expect(await runStatus(db, runId)).toBe('pending_approval');
    await clocked.executor.tick();
    await clocked.executor.tick();
    expect(await runStatus(db, runId)).toBe('pending_approval');
    const editor = await post(`/api/playbook/run/approve/${runId}`, 'editor');
    expect(editor.statusCode).toBe(403);
    expect(await runStatus(db, runId)).toBe('pending_approval');
    const approved = await post(`/api/playbook/run/approve/${runId}`, 'commander');
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toEqual({ message: 'playbook run approved' });
    expect(await clocked.drive(runId, ['completed', 'failed'])).toBe('completed');
    const approvals = await db.query('SELECT 1 FROM playbook_approvals WHERE run_id = $1', [runId]);
    expect(approvals.rows).toHaveLength(1);
    const bad = await post('/api/playbook/run/approve/not-a-uuid', 'commander');
    expect(bad.statusCode).toBe(400);
  });

  it('keeps a long action running until its time, and cancel stops the run', async () => {
    const runId = await submit(ids.long!);
    expect(await clocked.drive(runId, ['running'])).toBe('running');
    for (let step = 0; step < 6; step++) await clocked.executor.tick();
    expect((await runActions(db, runId)).map((a) => [a.name, a.status])).toEqual([
      ['wait', 'running'],
    ]);
    const cancelled = await post(`/api/playbook/run/cancel/${runId}`, 'admin');
    expect(cancelled.statusCode).toBe(200);
    clocked.advance(400_000);
    await clocked.executor.tick();
    await clocked.executor.tick();
    expect(await runStatus(db, runId)).toBe('cancelled');
    expect((await runActions(db, runId)).map((a) => a.status)).toEqual(['skipped']);
    const again = await post(`/api/playbook/run/cancel/${runId}`, 'admin');
    expect(again.statusCode).toBe(400);
  });

  it('times a run out after the spec timeout', async () => {
    const runId = await submit(ids.long!);
    expect(await clocked.drive(runId, ['running'])).toBe('running');
    await clocked.executor.tick();
    await clocked.executor.tick();
    clocked.advance(11 * 60_000);
    await clocked.executor.tick();
    expect(await runStatus(db, runId)).toBe('timed_out');
  });

  it('resumes a run in progress with a new executor on the same database', async () => {
    const runId = await submit(ids.long!);
    expect(await clocked.drive(runId, ['running'])).toBe('running');
    await clocked.executor.tick();
    await clocked.executor.tick();
    expect((await runActions(db, runId)).map((a) => a.status)).toEqual(['running']);
    await clocked.executor.stop();
    clocked.advance(301_000);
    const resumed = new PlaybookExecutor(db, { now: clocked.now });
    expect(await clocked.drive(runId, ['completed', 'failed'], resumed)).toBe('completed');
    expect((await runActions(db, runId)).map((a) => [a.name, a.status])).toEqual([
      ['wait', 'completed'],
      ['done', 'completed'],
    ]);
    clocked.executor = resumed;
  });

  it('takes over the runs left scheduled or running outside its queue, such as seeded ones', async () => {
    const { rows: left } = await db.query<{ id: string }>(
      `SELECT id FROM playbook_runs
        WHERE status IN ('scheduled', 'running')
          AND id NOT IN (SELECT run_id FROM demo_playbook_queue)
        ORDER BY id`,
    );
    expect(left.length).toBeGreaterThan(0);
    expect(await clocked.executor.resumeUnfinished()).toBe(left.length);
    expect(await clocked.executor.resumeUnfinished()).toBe(0);
    const final = ['completed', 'failed', 'timed_out', 'cancelled'];
    expect(final).toContain(await clocked.drive(left[0]!.id, final));
  });
});
