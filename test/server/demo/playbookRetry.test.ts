/**
 * Retry from an action (`POST /api/playbook/run/retry/{id}`): the seeded Deploy Release fails at
 * its third action on a first attempt; a retry from that action carries the first two results
 * over as skipped actions, runs from the failed one on as attempt 2 and completes, linked to the
 * run it retries. Refusals: a run that did not fail, an action that did not fail or is not in
 * the run, a viewer, malformed bodies.
 */
import type { FastifyInstance } from 'fastify';
import type { SqlClient } from '../../../server/demo/db/types';
import { scenarioPlaybookId } from '../../../server/demo/seed/playbookScenarios';
import { type ClockedExecutor, clockedExecutor, runActions } from './playbookHarness';
import { postJson, signInAll, startDemo } from './support';

jest.setTimeout(120_000);

let app: FastifyInstance;
let db: SqlClient;
const cookies: Record<string, string> = {};
let clocked: ClockedExecutor;
let deploymentId: string;
const DEPLOY = scenarioPlaybookId('deploy-release');

beforeAll(async () => {
  ({ app, db } = await startDemo({ playbookExecutor: false }));
  await signInAll(app, ['admin', 'viewer'], cookies);
  clocked = clockedExecutor(db, '2030-01-01T00:00:00Z');
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM config_items WHERE type = 'Kubernetes::Deployment' AND deleted_at IS NULL
      ORDER BY name LIMIT 1`,
  );
  deploymentId = rows[0]!.id;
});
afterAll(async () => {
  await clocked.executor.stop();
  await app.close();
  await db.close();
});

const post = (url: string, role: string, payload?: unknown) =>
  postJson(app, url, cookies[role], payload);

async function runRow(id: string) {
  const { rows } = await db.query<{ status: string; retry_of: string | null; parameters: unknown }>(
    'SELECT status, retry_of, parameters FROM playbook_runs WHERE id = $1',
    [id],
  );
  return rows[0]!;
}

async function failedDeploy(): Promise<{ runId: string; failedAction: string }> {
  const response = await post('/api/playbook/run', 'admin', {
    id: DEPLOY,
    config_id: deploymentId,
    params: { version: 'v3.0.1' },
  });
  expect(response.statusCode).toBe(201);
  const runId = response.json<{ run_id: string }>().run_id;
  expect(await clocked.drive(runId)).toBe('failed');
  const actions = await runActions(db, runId);
  const failed = actions.find((action) => action.status === 'failed')!;
  return { runId, failedAction: failed.id };
}

describe('retry from an action', () => {
  let first: { runId: string; failedAction: string };
  beforeAll(async () => {
    first = await failedDeploy();
  });

  it('fails Deploy Release at its third action on the first attempt', async () => {
    const actions = await runActions(db, first.runId);
    expect(actions.map((action) => [action.name, action.status])).toEqual([
      ['fetch-release', 'completed'],
      ['preflight', 'completed'],
      ['apply-migrations', 'failed'],
      ['rollout', 'skipped'],
      ['verify', 'skipped'],
    ]);
    expect(actions[2]!.error).toBe('exit status 75');
  });

  it('runs from the failed action in a new run linked to the first, reusing the results before it', async () => {
    const before = await runActions(db, first.runId);
    const response = await post(`/api/playbook/run/retry/${first.runId}`, 'admin', {
      action_id: first.failedAction,
    });
    expect(response.statusCode).toBe(201);
    const retryId = response.json<{ run_id: string; starts_at: string }>().run_id;
    expect(retryId).not.toBe(first.runId);
    const retry = await runRow(retryId);
    expect(retry.retry_of).toBe(first.runId);
    expect(retry.parameters).toEqual({ version: 'v3.0.1' });

    const carried = await runActions(db, retryId);
    expect(carried.map((action) => [action.name, action.status])).toEqual([
      ['fetch-release', 'skipped'],
      ['preflight', 'skipped'],
    ]);
    expect(carried[0]!.result).toEqual(before[0]!.result);
    expect(carried[1]!.result).toEqual(before[1]!.result);

    expect(await clocked.drive(retryId)).toBe('completed');
    const after = await runActions(db, retryId);
    expect(after.map((action) => [action.name, action.status])).toEqual([
      ['fetch-release', 'skipped'],
      ['preflight', 'skipped'],
      ['apply-migrations', 'completed'],
      ['rollout', 'completed'],
      ['verify', 'completed'],
    ]);
    expect(after[2]!.result).toMatchObject({ stdout: 'migrations of v3.0.1 applied' });
    // The first run is left as it was.
    expect((await runRow(first.runId)).status).toBe('failed');
  });

  it('refuses a run that did not fail and an action that did not fail', async () => {
    const other = await failedDeploy();
    const [fetched] = await runActions(db, other.runId);
    const notFailed = await post(`/api/playbook/run/retry/${other.runId}`, 'admin', {
      action_id: fetched!.id,
    });
    expect(notFailed.statusCode).toBe(400);
    expect(notFailed.json()).toEqual(
      expect.objectContaining({ error: 'only a failed action is retried from' }),
    );

    const retried = await post(`/api/playbook/run/retry/${other.runId}`, 'admin', {
      action_id: other.failedAction,
    });
    const retryId = retried.json<{ run_id: string }>().run_id;
    const running = await post(`/api/playbook/run/retry/${retryId}`, 'admin', {
      action_id: other.failedAction,
    });
    expect(running.statusCode).toBe(400);
    expect(running.json<{ error: string }>().error).toMatch(/only a failed run is retried/);
  });

  it('answers 404 for an unknown run or an action of another run, 403 for a viewer', async () => {
    const unknown = await post(
      '/api/playbook/run/retry/00000000-0000-4000-8000-000000000001',
      'admin',
      { action_id: first.failedAction },
    );
    expect(unknown.statusCode).toBe(404);
    const elsewhere = await post(`/api/playbook/run/retry/${first.runId}`, 'admin', {
      action_id: '00000000-0000-4000-8000-000000000002',
    });
    expect(elsewhere.statusCode).toBe(404);
    const viewer = await post(`/api/playbook/run/retry/${first.runId}`, 'viewer', {
      action_id: first.failedAction,
    });
    expect(viewer.statusCode).toBe(403);
  });

  it('answers malformed requests with a 400 and a JSON error', async () => {
    for (const [url, body] of [
      [`/api/playbook/run/retry/not-a-uuid`, { action_id: first.failedAction }],
      [`/api/playbook/run/retry/${first.runId}`, {}],
      [`/api/playbook/run/retry/${first.runId}`, { action_id: 'nope' }],
      [`/api/playbook/run/retry/${first.runId}`, { action_id: 42 }],
    ] as const) {
      const response = await post(url, 'admin', body);
      expect(response.statusCode).toBe(400);
      expect(typeof response.json<{ error: string }>().error).toBe('string');
    }
  });
});
