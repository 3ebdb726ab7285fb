import type { FastifyInstance } from 'fastify';
import { PARAMETER_TYPES } from '../../../contracts/playbooks';
import type { SqlClient } from '../../../server/demo/db/types';
import {
  SCENARIO_PLAYBOOKS,
  scenarioPlaybookId,
  stableUuid,
} from '../../../server/demo/seed/playbookScenarios';
import { type ClockedExecutor, clockedExecutor, runActions } from './playbookHarness';
import { postJson, signInAll, startDemo } from './support';

jest.setTimeout(120_000);

let app: FastifyInstance;
let db: SqlClient;
const cookies: Record<string, string> = {};
/** The executor, on a clock moved forward by the tests only. */
let clocked: ClockedExecutor;
/** A seeded config of each type the scenario playbooks target. */
const configs: Record<string, { id: string; name: string }> = {};

const ids = {
  restart: '',
  scale: scenarioPlaybookId('scale-deployment-approval'),
  drain: scenarioPlaybookId('drain-node-long'),
  rotate: scenarioPlaybookId('rotate-credentials-fails'),
  showcase: scenarioPlaybookId('parameter-showcase'),
};

beforeAll(async () => {
  ({ app, db } = await startDemo({ playbookExecutor: false }));
  await signInAll(app, ['admin', 'editor', 'commander'], cookies);
  clocked = clockedExecutor(db, '2030-01-01T00:00:00Z');
  for (const type of ['Kubernetes::Deployment', 'Kubernetes::Node', 'Kubernetes::Secret']) {
    const { rows } = await db.query<{ id: string; name: string }>(
      `SELECT id, name FROM config_items WHERE type = $1 AND deleted_at IS NULL
        ORDER BY name LIMIT 1`,
      [type],
    );
    if (rows[0]) configs[type] = rows[0];
  }
  const restart = await db.query<{ id: string }>(
    `SELECT id FROM playbooks WHERE name = 'restart-deployment' AND deleted_at IS NULL
      ORDER BY namespace LIMIT 1`,
  );
  ids.restart = restart.rows[0]?.id ?? '';
});
afterAll(async () => {
  await clocked.executor.stop();
  await app.close();
  await db.close();
});

function config(type: string): { id: string; name: string } {
  const found = configs[type];
  if (!found) throw new Error(`the seed has no ${type}`);
  return found;
}

function post(url: string, role: string, payload?: unknown) {
  return postJson(app, url, cookies[role], payload);
}

async function listFor(query: string): Promise<string[]> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/playbook/list${query}`,
    headers: { cookie: cookies.admin as string },
  });
  expect(response.statusCode).toBe(200);
  return response.json<Array<{ id: string }>>().map((playbook) => playbook.id);
}

async function runOf(id: string) {
  const { rows } = await db.query<{ status: string; error: string | null }>(
    'SELECT status, error FROM playbook_runs WHERE id = $1',
    [id],
  );
  return rows[0]!;
}

async function submit(body: Record<string, unknown>, role = 'admin'): Promise<string> {
  const response = await post('/api/playbook/run', role, body);
  expect(response.statusCode).toBe(201);
  return response.json<{ run_id: string }>().run_id;
}

describe('the scenario playbooks in the seed', () => {
  it('are stored once each under ids derived from their names', async () => {
    const { rows } = await db.query<{ id: string; name: string; title: string; source: string }>(
      `SELECT id, name, title, source::text AS source FROM playbooks
        WHERE name = ANY($1::text[]) AND deleted_at IS NULL ORDER BY name`,
      [SCENARIO_PLAYBOOKS.map((playbook) => playbook.name)],
    );
    expect(rows.map((row) => [row.name, row.title])).toEqual([
      ['catalog-health-by-type', 'Catalog Health by Type'],
      ['check-error-rate', 'Check Error Rate'],
      ['compare-configs', 'Compare Configs'],
      ['deploy-release', 'Deploy Release'],
      ['drain-node-long', 'Drain Node (long)'],
      ['parameter-showcase', 'Parameter showcase'],
      ['rotate-credentials-fails', 'Rotate Credentials (fails)'],
      ['scale-deployment-approval', 'Scale Deployment (approval)'],
      ['summarise-config-changes', 'Summarise Changes with AI'],
    ]);
    for (const row of rows) expect(row.id).toBe(scenarioPlaybookId(row.name));
    expect(new Set(rows.map((row) => row.source))).toEqual(new Set(['KubernetesCRD']));
    expect(stableUuid('x')).toBe(stableUuid('x'));
    expect(stableUuid('x')).not.toBe(stableUuid('y'));
    expect(stableUuid('x')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-/);
  });

  it('PB-07 lists each for the resources it targets only', async () => {
    const deployment = await listFor(`?config_id=${config('Kubernetes::Deployment').id}`);
    expect(deployment).toEqual(expect.arrayContaining([ids.restart, ids.scale]));
    expect(deployment).not.toContain(ids.drain);
    expect(deployment).not.toContain(ids.rotate);
    expect(deployment).not.toContain(ids.showcase);
    const node = await listFor(`?config_id=${config('Kubernetes::Node').id}`);
    expect(node).toContain(ids.drain);
    expect(node).not.toContain(ids.scale);
    const secret = await listFor(`?config_id=${config('Kubernetes::Secret').id}`);
    expect(secret).toContain(ids.rotate);
    expect(secret).not.toContain(ids.drain);
    const all = await listFor('');
    expect(all).toEqual(expect.arrayContaining(Object.values(ids)));
  });

  it('PB-08 answers the showcase parameters, one of every type', async () => {
    const response = await post(`/api/playbook/${ids.showcase}/params`, 'admin', {
      id: ids.showcase,
    });
    expect(response.statusCode).toBe(200);
    const params = response.json<{
      params: Array<{
        name: string;
        type: string;
        default?: string;
        properties?: Record<string, unknown>;
      }>;
    }>().params;
    expect([...new Set(params.map((p) => p.type))].sort()).toEqual([...PARAMETER_TYPES].sort());
    const byName = new Map(params.map((p) => [p.name, p]));
    expect(byName.get('service')?.properties).toEqual({
      minLength: 3,
      maxLength: 40,
      regex: '[a-z][a-z0-9-]*',
    });
    expect(byName.get('priority')?.properties).toEqual({ min: 1, max: 5 });
    expect(byName.get('notes')?.properties).toEqual({ multiline: true });
    expect(byName.get('overrides')?.default).toMatch(/^resources:\n {2}requests:/);
    expect(byName.get('environment')?.properties?.options).toHaveLength(3);
    const scale = await post(`/api/playbook/${ids.scale}/params`, 'admin', {
      id: ids.scale,
      config_id: config('Kubernetes::Deployment').id,
    });
    expect(scale.json<{ params: Array<{ name: string; type: string }> }>().params).toEqual([
      expect.objectContaining({ name: 'replicas', type: 'number', required: true }),
    ]);
  });
});

describe('runs of the scenario playbooks', () => {
  it('Restart Deployment completes and records a RestartDeployment change', async () => {
    const deployment = config('Kubernetes::Deployment');
    const runId = await submit({
      id: ids.restart,
      config_id: deployment.id,
      params: { reason: 'seed check', notify: 'false' },
    });
    expect(await clocked.drive(runId, ['completed', 'failed'])).toBe('completed');
    const changes = await db.query<{ change_type: string }>(
      `SELECT change_type FROM config_changes WHERE config_id = $1 AND external_change_id LIKE $2`,
      [deployment.id, `playbook-run/${runId}/%`],
    );
    expect(changes.rows.map((row) => row.change_type)).toEqual(['RestartDeployment']);
  });

  it('Scale Deployment waits for a named approver, then scales', async () => {
    const deployment = config('Kubernetes::Deployment');
    const invalid = await post('/api/playbook/run', 'admin', {
      id: ids.scale,
      config_id: deployment.id,
      params: { replicas: 'many' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json<{ error: string }>().error).toMatch(/replicas: must be a number/);
    const runId = await submit({
      id: ids.scale,
      config_id: deployment.id,
      params: { replicas: 5 },
    });
    expect((await runOf(runId)).status).toBe('pending_approval');
    await clocked.executor.tick();
    expect((await runOf(runId)).status).toBe('pending_approval');
    expect((await post(`/api/playbook/run/approve/${runId}`, 'editor')).statusCode).toBe(403);
    const approved = await post(`/api/playbook/run/approve/${runId}`, 'commander');
    expect(approved.statusCode).toBe(200);
    expect(await clocked.drive(runId, ['completed', 'failed'])).toBe('completed');
    const [scale] = await runActions(db, runId);
    expect(scale?.result?.stdout).toBe(`deployment.apps/${deployment.name} scaled`);
    const changes = await db.query<{ change_type: string; summary: string }>(
      `SELECT change_type, summary FROM config_changes
        WHERE config_id = $1 AND external_change_id LIKE $2`,
      [deployment.id, `playbook-run/${runId}/%`],
    );
    expect(changes.rows).toEqual([
      { change_type: 'ScaleDeployment', summary: 'Scaled to 5 replicas' },
    ]);
  });

  it('Scale Deployment is approved by the admin account too', async () => {
    const runId = await submit(
      { id: ids.scale, config_id: config('Kubernetes::Deployment').id, params: { replicas: 1 } },
      'editor',
    );
    expect((await runOf(runId)).status).toBe('pending_approval');
    expect((await post(`/api/playbook/run/approve/${runId}`, 'admin')).statusCode).toBe(200);
    expect((await runOf(runId)).status).toBe('scheduled');
  });

  it('Drain Node keeps its drain running until cancelled', async () => {
    const runId = await submit({ id: ids.drain, config_id: config('Kubernetes::Node').id });
    // Thirty seconds of ticks: the cordon completes, the two-minute drain is still running.
    for (let step = 0; step < 30; step++) {
      clocked.advance(1000);
      await clocked.executor.tick();
    }
    expect((await runOf(runId)).status).toBe('running');
    expect((await runActions(db, runId)).map((a) => [a.name, a.status])).toEqual([
      ['cordon', 'completed'],
      ['drain', 'running'],
    ]);
    const cancelled = await post(`/api/playbook/run/cancel/${runId}`, 'admin');
    expect(cancelled.statusCode).toBe(200);
    clocked.advance(300_000);
    await clocked.executor.tick();
    await clocked.executor.tick();
    expect((await runOf(runId)).status).toBe('cancelled');
    expect((await runActions(db, runId)).map((a) => [a.name, a.status])).toEqual([
      ['cordon', 'completed'],
      ['drain', 'skipped'],
    ]);
  });

  it('Drain Node completes when left to finish', async () => {
    const runId = await submit({ id: ids.drain, config_id: config('Kubernetes::Node').id });
    for (let step = 0; step < 20; step++) {
      const drain = (await runActions(db, runId)).find((a) => a.name === 'drain');
      if (drain?.status === 'running') break;
      clocked.advance(1000);
      await clocked.executor.tick();
    }
    expect((await runActions(db, runId)).map((a) => a.status)).toEqual(['completed', 'running']);
    clocked.advance(121_000);
    expect(await clocked.drive(runId, ['completed', 'failed'])).toBe('completed');
    const report = (await runActions(db, runId)).find((a) => a.name === 'report');
    expect(report?.result?.stdout).toBe(`node ${config('Kubernetes::Node').name} drained`);
  });

  it('Rotate Credentials fails at its second action and announces the failure', async () => {
    const secret = config('Kubernetes::Secret');
    const runId = await submit({ id: ids.rotate, config_id: secret.id });
    expect(await clocked.drive(runId, ['completed', 'failed'])).toBe('failed');
    expect((await runOf(runId)).error).toBe('exit status 1');
    const actions = await runActions(db, runId);
    expect(actions.map((a) => [a.name, a.status])).toEqual([
      ['backup', 'completed'],
      ['rotate', 'failed'],
      ['announce-failure', 'completed'],
    ]);
    expect(actions[1]?.result).toMatchObject({ exitCode: 1 });
    expect(actions[2]?.result).toEqual({
      title: `Rotation of ${secret.name} failed`,
      message: 'The credentials were not rotated; the backup is kept.',
    });
  });

  it('Parameter showcase runs with no resource and echoes its parameters', async () => {
    const missing = await post('/api/playbook/run', 'admin', { id: ids.showcase, params: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ error: string }>().error).toMatch(/service is required/);
    const badEmail = await post('/api/playbook/run', 'admin', {
      id: ids.showcase,
      params: { service: 'checkout', contact: 'nobody' },
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json<{ error: string }>().error).toMatch(/contact: must be an email/);
    const runId = await submit({
      id: ids.showcase,
      params: { service: 'checkout', environment: 'production', cpu: '500m' },
    });
    expect(await clocked.drive(runId, ['completed', 'failed'])).toBe('completed');
    const [summary] = await runActions(db, runId);
    expect(summary?.result?.stdout).toBe(
      'checkout in production: 2 replicas, 500m CPU, 512Mi, dry run true',
    );
    const { rows } = await db.query<{ parameters: Record<string, string>; config_id: null }>(
      'SELECT parameters, config_id FROM playbook_runs WHERE id = $1',
      [runId],
    );
    expect(rows[0]?.config_id).toBeNull();
    expect(rows[0]?.parameters).toMatchObject({
      service: 'checkout',
      environment: 'production',
      dry_run: 'true',
      release: 'checkout-canary',
    });
  });
});
