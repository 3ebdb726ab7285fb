/**
 * The `duration` and `configs` parameter types in the demo backend: PB-08 renders them, PB-09
 * refuses a wrong duration or configs that do not exist with a 400 JSON error, and a run's
 * templates read a duration as Go prints it and the configs as their items.
 */
import type { FastifyInstance } from 'fastify';
import type { SqlClient } from '../../../server/demo/db/types';
import { goDurationText, renderTemplate } from '../../../server/demo/playbooks/spec';
import { scenarioPlaybookId } from '../../../server/demo/seed/playbookScenarios';
import { type ClockedExecutor, clockedExecutor } from './playbookHarness';
import { postJson, signInAll, startDemo } from './support';

jest.setTimeout(120_000);

let app: FastifyInstance;
let db: SqlClient;
const cookies: Record<string, string> = {};
let clocked: ClockedExecutor;
let deployment: { id: string; name: string; type: string };
let others: Array<{ id: string; name: string; type: string }>;
let playbookId: string;

beforeAll(async () => {
  ({ app, db } = await startDemo({ playbookExecutor: false }));
  await signInAll(app, ['admin', 'viewer'], cookies);
  clocked = clockedExecutor(db, '2030-01-01T00:00:00Z');
  const configs = await db.query<{ id: string; name: string; type: string }>(
    `SELECT id::text AS id, name, type FROM config_items
      WHERE type = 'Kubernetes::Deployment' AND deleted_at IS NULL ORDER BY name LIMIT 3`,
  );
  [deployment, ...others] = configs.rows as [typeof deployment, ...typeof others];
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO playbooks (name, title, spec, source, category)
     VALUES ('test-param-types', 'Param types', $1, 'UI', 'Test') RETURNING id`,
    [
      JSON.stringify({
        configs: [{ types: ['Kubernetes::Deployment'] }],
        parameters: [
          {
            name: 'window',
            label: 'Window',
            type: 'duration',
            default: '1h',
            properties: { min: '5m', max: '7d', options: ['15m', '1h', '1d'] },
          },
          {
            name: 'peers',
            label: 'Peers of {{.config.name}}',
            type: 'configs',
            required: true,
            default: '{"id":"{{.config.id}}"}',
          },
        ],
        actions: [
          {
            name: 'say',
            exec: {
              script:
                'echo "{{.params.window}}:{{range .params.peers}} {{.name}}{{end}}; first {{.params.peers.0.type}}"',
            },
          },
        ],
      }),
    ],
  );
  playbookId = rows[0]!.id;
});

afterAll(async () => {
  await clocked.executor.stop();
  await app.close();
  await db.close();
});

const post = (url: string, role: string, payload?: unknown) =>
  postJson(app, url, cookies[role], payload);

const run = (params: Record<string, unknown>) =>
  post('/api/playbook/run', 'admin', { id: playbookId, config_id: deployment.id, params });

const selector = (...ids: string[]) => JSON.stringify({ id: ids.join(',') });

describe('PB-08', () => {
  it('answers duration and configs parameters with their templates rendered', async () => {
    const response = await post(`/api/playbook/${playbookId}/params`, 'admin', {
      id: playbookId,
      config_id: deployment.id,
    });
    expect(response.statusCode).toBe(200);
    const [window, peers] = response.json<{
      params: Array<{ name: string; type: string; label: string; default: string }>;
    }>().params;
    expect(window).toMatchObject({
      name: 'window',
      type: 'duration',
      default: '1h',
      properties: { min: '5m', max: '7d', options: ['15m', '1h', '1d'] },
    });
    expect(peers).toMatchObject({
      name: 'peers',
      type: 'configs',
      label: `Peers of ${deployment.name}`,
      default: selector(deployment.id),
    });
  });
});

describe('PB-09', () => {
  it.each([
    ['a duration without a unit', { window: '90' }, /window: invalid duration "90"/],
    ['words', { window: 'ten minutes' }, /window: invalid duration/],
    ['a negative duration', { window: '-5m' }, /window: must be a positive duration/],
    ['a duration below min', { window: '60s' }, /window: must be at least 5m/],
    ['a duration above max', { window: '8d' }, /window: must be at most 7d/],
    [
      'configs that are not a selector',
      { peers: 'orders-db' },
      /peers: must be a resource selector/,
    ],
    ['a config id that is not a uuid', { peers: selector('abc') }, /peers: abc is not a config id/],
    [
      'a config that does not exist',
      { peers: selector('00000000-0000-4000-8000-00000000abcd') },
      /peers: config 00000000-0000-4000-8000-00000000abcd not found/,
    ],
  ])('answers 400 JSON for %s', async (_label, params, message) => {
    const response = await run(params);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json<{ error: string }>().error).toMatch(message);
  });

  it('refuses a required configs parameter sent empty, and takes its default when left out', async () => {
    const empty = await run({ peers: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ error: string }>().error).toBe('parameter peers is required');
    // Left out, the default names the run's own config, rendered as PB-08 answers it.
    const defaulted = await run({});
    expect(defaulted.statusCode).toBe(201);
    const runId = defaulted.json<{ run_id: string }>().run_id;
    const { rows } = await db.query<{ parameters: Record<string, string> }>(
      'SELECT parameters FROM playbook_runs WHERE id = $1',
      [runId],
    );
    expect(rows[0]!.parameters).toEqual({ window: '1h', peers: selector(deployment.id) });
  });

  it('stores the values as sent and the executor’s templates read them', async () => {
    const peers = [others[0]!, others[1]!];
    const response = await run({
      window: '1h30m',
      peers: selector(...peers.map((config) => config.id)),
    });
    expect(response.statusCode).toBe(201);
    const runId = response.json<{ run_id: string }>().run_id;
    const stored = await db.query<{ parameters: Record<string, string> }>(
      'SELECT parameters FROM playbook_runs WHERE id = $1',
      [runId],
    );
    expect(stored.rows[0]!.parameters).toEqual({
      window: '1h30m',
      peers: selector(...peers.map((config) => config.id)),
    });
    expect(await clocked.drive(runId)).toBe('completed');
    const { rows } = await db.query<{ result: { stdout: string } }>(
      'SELECT result FROM playbook_run_actions WHERE playbook_run_id = $1',
      [runId],
    );
    expect(rows[0]!.result.stdout).toBe(
      `1h30m0s: ${peers[0]!.name} ${peers[1]!.name}; first ${peers[0]!.type}`,
    );
  });
});

describe('the seeded playbooks', () => {
  it('Compare Configs runs on several configs and a duration', async () => {
    const compare = scenarioPlaybookId('compare-configs');
    const params = await post(`/api/playbook/${compare}/params`, 'admin', { id: compare });
    expect(
      params
        .json<{ params: Array<{ name: string; type: string }> }>()
        .params.map((p) => [p.name, p.type]),
    ).toEqual([
      ['configs', 'configs'],
      ['since', 'duration'],
    ]);
    const missing = await post('/api/playbook/run', 'admin', { id: compare, params: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ error: string }>().error).toMatch(/configs is required/);
    const response = await post('/api/playbook/run', 'admin', {
      id: compare,
      params: { configs: selector(deployment.id, others[0]!.id), since: '6h' },
    });
    expect(response.statusCode).toBe(201);
    const runId = response.json<{ run_id: string }>().run_id;
    expect(await clocked.drive(runId)).toBe('completed');
    const { rows } = await db.query<{ result: { stdout: string } }>(
      'SELECT result FROM playbook_run_actions WHERE playbook_run_id = $1',
      [runId],
    );
    expect(rows[0]!.result.stdout).toBe(
      `Compared ${deployment.name} (${deployment.type}); ${others[0]!.name} (${others[0]!.type}); changes within 6h0m0s`,
    );
  });

  it('Page On-call asks how long to silence repeat alerts', async () => {
    const { rows } = await db.query<{ id: string }>(
      `SELECT id FROM playbooks WHERE name = 'page-oncall' AND deleted_at IS NULL LIMIT 1`,
    );
    const id = rows[0]!.id;
    const checks = await db.query<{ id: string }>(
      'SELECT id FROM checks WHERE deleted_at IS NULL LIMIT 1',
    );
    const response = await post(`/api/playbook/${id}/params`, 'admin', {
      id,
      check_id: checks.rows[0]!.id,
    });
    const silence = response
      .json<{ params: Array<{ name: string; type: string; default: string }> }>()
      .params.find((p) => p.name === 'silence');
    expect(silence).toMatchObject({ type: 'duration', default: '1h' });
  });
});

describe('template helpers', () => {
  it('prints durations as Go does', () => {
    expect(goDurationText(5_400_000)).toBe('1h30m0s');
    expect(goDurationText(90_000)).toBe('1m30s');
    expect(goDurationText(172_800_000)).toBe('48h0m0s');
    expect(goDurationText(1500)).toBe('1.5s');
    expect(goDurationText(250)).toBe('250ms');
    expect(goDurationText(0)).toBe('0s');
  });

  it('ranges over a list with the item as the dot, and reads an item by position', () => {
    const context = { params: { items: [{ name: 'a' }, { name: 'b' }] } };
    expect(renderTemplate('{{range .params.items}}[{{.name}}]{{end}}', context)).toBe('[a][b]');
    expect(renderTemplate('{{.params.items.1.name}}', context)).toBe('b');
    expect(renderTemplate('{{range .params.none}}x{{end}}!', context)).toBe('!');
  });
});
