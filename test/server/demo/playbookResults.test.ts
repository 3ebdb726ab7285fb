import type { FastifyInstance } from 'fastify';
import type { SqlClient } from '../../../server/demo/db/types';
import { MODEL_PRICES, tokenCount } from '../../../server/demo/playbooks/aiAction';
import { parseStep, parseTime } from '../../../server/demo/playbooks/prometheusAction';
import { SQL_ROW_LIMIT, refusal } from '../../../server/demo/playbooks/sqlAction';
import { PLAYBOOKS } from '../../../server/demo/seed/playbookCatalog';
import { PLAYBOOK_CONFIG_TYPE } from '../../../server/demo/seed/playbookResources';
import {
  CATALOG_HEALTH_QUERY,
  scenarioPlaybookId,
} from '../../../server/demo/seed/playbookScenarios';
import { type ClockedExecutor, clockedExecutor, insertPlaybook } from './playbookHarness';
import { postJson, signInAll, startDemo } from './support';

jest.setTimeout(120_000);

let app: FastifyInstance;
let db: SqlClient;
const cookies: Record<string, string> = {};
let clocked: ClockedExecutor;

beforeAll(async () => {
  ({ app, db } = await startDemo({ playbookExecutor: false }));
  await signInAll(app, ['admin'], cookies);
  clocked = clockedExecutor(db, '2030-01-01T12:00:00Z');
});
afterAll(async () => {
  await clocked.executor.stop();
  await app.close();
  await db.close();
});

interface ActionRow {
  id: string;
  name: string;
  status: string;
  result: Record<string, unknown> | null;
  error: string | null;
}

async function onlyAction(runId: string): Promise<ActionRow> {
  const { rows } = await db.query<ActionRow>(
    `SELECT id, name, status, result, error FROM playbook_run_actions
      WHERE playbook_run_id = $1 ORDER BY scheduled_time, name`,
    [runId],
  );
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

async function run(body: Record<string, unknown>): Promise<ActionRow> {
  const response = await postJson(app, '/api/playbook/run', cookies.admin, body);
  expect(response.statusCode).toBe(201);
  const runId = response.json<{ run_id: string }>().run_id;
  await clocked.drive(runId);
  return onlyAction(runId);
}

describe('what the demo accepts', () => {
  it('reads quoted text as a value, not as a statement', () => {
    expect(refusal("SELECT name FROM config_items WHERE name = 'a; delete -- it''s'")).toBe(
      undefined,
    );
    expect(refusal('with t as (select 1) select * from t;')).toBe(undefined);
    expect(refusal('SELECT 1 /* note */')).toBe('comments are not accepted');
    expect(refusal('SELECT * INTO copy FROM config_items')).toBe(
      'the query uses a function or clause the demo does not run',
    );
    expect(refusal('SELECT pg_sleep(5)')).toBe('the system catalogs are not read');
  });

  it('reads Prometheus times and steps as its ranges give them', () => {
    const at = new Date('2030-01-01T12:00:00Z');
    expect(parseTime('now', at)).toEqual(at);
    expect(parseTime('now-1h30m', at)).toEqual(new Date('2030-01-01T10:30:00Z'));
    expect(parseTime('2030-01-01T00:00:00Z', at)).toEqual(new Date('2030-01-01T00:00:00Z'));
    expect(parseTime('now-soon', at)).toBeUndefined();
    expect(parseStep('30s')).toBe(30_000);
    expect(parseStep('1h5m')).toBe(3_900_000);
    expect(parseStep('5 m')).toBeUndefined();
    expect(parseStep('')).toBeUndefined();
  });
});

describe('the sql action', () => {
  it("runs the seeded catalog query read-only and answers the runner's shape from the data", async () => {
    const action = await run({ id: scenarioPlaybookId('catalog-health-by-type') });
    expect(action.status).toBe('completed');
    const result = action.result as {
      query: string;
      columns: string[];
      rows: Array<Record<string, string | null>>;
      count: number;
    };
    expect(result.query).toBe(CATALOG_HEALTH_QUERY);
    expect(result.columns).toEqual([
      'type',
      'total',
      'healthy',
      'unhealthy',
      'warning',
      'last_updated',
    ]);
    const { rows: expected } = await db.query<{ type: string; total: number; unhealthy: number }>(
      `SELECT type, count(*)::int AS total,
              count(*) FILTER (WHERE health = 'unhealthy')::int AS unhealthy
         FROM config_items WHERE deleted_at IS NULL
        GROUP BY type ORDER BY unhealthy DESC, total DESC, type LIMIT 15`,
    );
    expect(result.count).toBe(expected.length);
    // Every value as text, the way the runner scans it.
    expect(result.rows.map((row) => [row.type, row.total, row.unhealthy])).toEqual(
      expected.map((row) => [row.type, String(row.total), String(row.unhealthy)]),
    );
    const times = result.rows.flatMap((row) => (row.last_updated ? [row.last_updated] : []));
    expect(times.length).toBeGreaterThan(0);
    for (const time of times) expect(new Date(time).toISOString()).toBe(time);
  });

  it('caps the rows, and reads no table outside the catalog', async () => {
    const id = await insertPlaybook(db, 'test-sql-reads', {
      actions: [{ name: 'all', sql: { query: 'SELECT id, name FROM config_items' } }],
    });
    const capped = await run({ id });
    expect(capped.status).toBe('completed');
    const { rows: total } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM config_items',
    );
    expect(total[0]!.n).toBeGreaterThan(SQL_ROW_LIMIT);
    expect(capped.result?.count).toBe(SQL_ROW_LIMIT);

    const people = await insertPlaybook(db, 'test-sql-people', {
      actions: [{ name: 'people', sql: { query: 'SELECT email FROM people' } }],
    });
    const refused = await run({ id: people });
    expect(refused.status).toBe('failed');
    expect(refused.error).toBe('failed to query db: permission denied for table people');
  });

  it.each([
    ['a write', 'DELETE FROM config_items', 'only SELECT queries run against the catalog'],
    [
      'a write inside a SELECT',
      'WITH gone AS (DELETE FROM config_items RETURNING id) SELECT count(*) FROM gone',
      undefined,
    ],
    ['two statements', 'SELECT 1; DROP TABLE config_items', 'one statement at a time'],
    ['a system catalog', 'SELECT rolname FROM pg_roles', 'the system catalogs are not read'],
  ])('fails %s and changes nothing', async (_label, query, reason) => {
    const before = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM config_items');
    const id = await insertPlaybook(db, `test-sql-${Math.random().toString(36).slice(2)}`, {
      actions: [{ name: 'write', sql: { query } }],
    });
    const action = await run({ id });
    expect(action.status).toBe('failed');
    expect(action.error).toMatch(/^failed to query db: /);
    if (reason) expect(action.error).toBe(`failed to query db: ${reason}`);
    const after = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM config_items');
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it("answers a query over another database with the catalog's seeded rows", async () => {
    const { rows } = await db.query<{ id: string }>(
      `SELECT id FROM playbooks WHERE name = 'monthly-cost-report' ORDER BY namespace LIMIT 1`,
    );
    const response = await postJson(app, '/api/playbook/run', cookies.admin, {
      id: rows[0]!.id,
      params: { account: 'prod' },
    });
    expect(response.statusCode).toBe(201);
    const runId = response.json<{ run_id: string }>().run_id;
    await clocked.drive(runId);
    const { rows: actions } = await db.query<ActionRow>(
      `SELECT name, status, result FROM playbook_run_actions
        WHERE playbook_run_id = $1 AND name = 'query-billing'`,
      [runId],
    );
    expect(actions[0]?.status).toBe('completed');
    expect(actions[0]?.result).toMatchObject({
      query: expect.stringContaining('FROM billing_export'),
      count: 4,
      rows: expect.arrayContaining([{ team: 'payments', sum: 18432.11 }]),
    });
  });
});

describe('the prometheus action', () => {
  let check: { id: string; name: string };

  beforeAll(async () => {
    const { rows } = await db.query<{ id: string; name: string }>(
      `SELECT id, name FROM checks WHERE deleted_at IS NULL ORDER BY name LIMIT 1`,
    );
    check = rows[0]!;
    // A result a minute over the hour before the clock: every seventh one failed.
    await db.query(
      `INSERT INTO check_statuses (check_id, time, status, duration, created_at)
       SELECT $1, $2::timestamptz - make_interval(mins => n), n % 7 <> 0, 100, $2::timestamptz
         FROM generate_series(0, 59) AS n
       ON CONFLICT DO NOTHING`,
      [check.id, clocked.now().toISOString()],
    );
  });

  it("charts the run's check results by outcome, one sample per step over the range", async () => {
    const at = clocked.now();
    const action = await run({ id: scenarioPlaybookId('check-error-rate'), check_id: check.id });
    expect(action.status).toBe('completed');
    const result = action.result as {
      query: string;
      range: { start: string; end: string; step: string };
      rows: Array<{ check: string; status: string; timestamp: string; value: number }>;
      count: number;
    };
    expect(result.query).toBe(
      `sum by (status) (increase(canary_check_count{check="${check.name}"}[5m]))`,
    );
    expect(result.range).toEqual({ start: 'now-1h', end: 'now', step: '5m' });
    // From an hour before to the moment it ran, every five minutes: 13 samples per series.
    expect(result.count).toBe(26);
    const series = (status: string) => result.rows.filter((row) => row.status === status);
    expect(series('passed')).toHaveLength(13);
    expect(new Set(result.rows.map((row) => row.check))).toEqual(new Set([check.name]));
    const ranAt = Date.parse(series('passed').at(-1)!.timestamp);
    expect(ranAt).toBeGreaterThan(at.getTime());
    expect(Date.parse(series('passed')[0]!.timestamp)).toBe(ranAt - 3_600_000);
    // Each sample counts the check's results in the step before it, straight from the history.
    const { rows } = await db.query<{ passed: number; failed: number }>(
      `SELECT count(*) FILTER (WHERE status)::int AS passed,
              count(*) FILTER (WHERE NOT status)::int AS failed
         FROM check_statuses WHERE check_id = $1 AND time > $2 AND time <= $3`,
      [check.id, new Date(ranAt - 300_000).toISOString(), new Date(ranAt).toISOString()],
    );
    expect(series('passed').at(-1)!.value).toBe(rows[0]!.passed);
    expect(series('failed').at(-1)!.value).toBe(rows[0]!.failed);
    expect(series('failed').reduce((sum, row) => sum + row.value, 0)).toBeGreaterThan(0);
  });

  it('fails a range it cannot read, in the words of the runner', async () => {
    const id = await insertPlaybook(db, 'test-prometheus-bad-range', {
      checks: [{ search: '*' }],
      actions: [
        {
          name: 'bad',
          prometheus: { query: 'up', range: { start: 'yesterday', end: 'now', step: '1m' } },
        },
      ],
    });
    const action = await run({ id, check_id: check.id });
    expect(action.status).toBe('failed');
    expect(action.error).toBe('invalid prometheus range start time: yesterday');
  });

  it('answers an instant query as one value per series', async () => {
    const id = await insertPlaybook(db, 'test-prometheus-instant', {
      checks: [{ search: '*' }],
      actions: [{ name: 'now', prometheus: { query: 'canary_check_count[1h]' } }],
    });
    const action = await run({ id, check_id: check.id });
    expect(action.status).toBe('completed');
    const rows = action.result?.rows as Array<{ status: string; value: number }>;
    expect(rows.map((row) => row.status)).toEqual(['passed', 'failed']);
    expect(rows.every((row) => !('timestamp' in row))).toBe(true);
    expect(rows[0]!.value + rows[1]!.value).toBeGreaterThan(0);
  });
});

describe('the ai action', () => {
  it('composes its answer from the config and records tokens and cost by the documented rule', async () => {
    const { rows: configs } = await db.query<{ id: string; name: string }>(
      `SELECT id, name FROM config_items
        WHERE type = 'Kubernetes::Deployment' AND deleted_at IS NULL ORDER BY name LIMIT 1`,
    );
    const config = configs[0]!;
    await db.query(
      `INSERT INTO config_changes (config_id, external_change_id, change_type, severity, source,
                                   summary, created_at, first_observed, inserted_at)
       SELECT $1, 'test-ai-' || n, 'ScaleDeployment', 'info', 'test', 'scaled to ' || n,
              $2::timestamptz - make_interval(mins => n * 10), $2::timestamptz, $2::timestamptz
         FROM generate_series(1, 3) AS n`,
      [config.id, clocked.now().toISOString()],
    );
    const response = await postJson(app, '/api/playbook/run', cookies.admin, {
      id: scenarioPlaybookId('summarise-config-changes'),
      config_id: config.id,
    });
    expect(response.statusCode).toBe(201);
    const runId = response.json<{ run_id: string }>().run_id;
    expect(await clocked.drive(runId)).toBe('completed');
    const action = await onlyAction(runId);
    const result = action.result as {
      markdown: string;
      generationInfo: Array<{
        inputTokens: number;
        outputTokens: number;
        cost: number;
        model: string;
      }>;
    };
    expect(result.markdown).toContain(`${config.name} (Kubernetes::Deployment)`);
    expect(result.markdown).toMatch(/- ScaleDeployment: 3 in the window \(latest: scaled to \d\)/);
    // The prompt the answer was composed for is kept, as the runner keeps it.
    const { rows: artifacts } = await db.query<{ filename: string; content: Uint8Array }>(
      `SELECT filename, content FROM artifacts WHERE playbook_run_action_id = $1`,
      [action.id],
    );
    expect(artifacts.map((artifact) => artifact.filename)).toEqual(['prompt.md']);
    const prompt = Buffer.from(artifacts[0]!.content).toString('utf8');
    expect(prompt).toContain('Summarise the changes of the last day');
    expect(prompt).toContain('- ScaleDeployment x3');
    const [info] = result.generationInfo;
    expect(result.generationInfo).toHaveLength(1);
    expect(info!.model).toBe('gpt-4o-mini');
    expect(info!.inputTokens).toBe(Math.ceil(prompt.length / 4));
    expect(info!.outputTokens).toBe(tokenCount(result.markdown));
    const price = MODEL_PRICES['gpt-4o-mini']!;
    expect(info!.cost).toBeCloseTo(
      (info!.inputTokens * price.input + info!.outputTokens * price.output) / 1_000_000,
      12,
    );
    // Sub-cent: a summary like this costs a fraction of a cent.
    expect(info!.cost).toBeGreaterThan(0);
    expect(info!.cost).toBeLessThan(0.01);
  });

  it('records no price for a model the pricing table does not know', async () => {
    const id = await insertPlaybook(db, 'test-ai-unpriced', {
      checks: [{ search: '*' }],
      actions: [{ name: 'ask', ai: { model: 'llama3.1:8b', prompt: 'Why?' } }],
    });
    const { rows } = await db.query<{ id: string }>(
      `SELECT id FROM checks WHERE deleted_at IS NULL ORDER BY name LIMIT 1`,
    );
    const action = await run({ id, check_id: rows[0]!.id });
    expect(action.status).toBe('completed');
    expect(action.result?.generationInfo).toEqual([
      {
        inputTokens: expect.any(Number),
        outputTokens: expect.any(Number),
        costCalculationError: 'model llama3.1:8b not found in the pricing registry',
        model: 'llama3.1:8b',
      },
    ]);
  });

  it('keeps the tokens and cost in the run history of the AI playbook', async () => {
    const template = PLAYBOOKS.find((playbook) => playbook.name === 'explain-health')!;
    const result = template.actions[0]!.result as {
      markdown: string;
      generationInfo: Array<{ inputTokens: number; outputTokens: number; cost: number }>;
    };
    const [info] = result.generationInfo;
    expect(info).toMatchObject({ outputTokens: tokenCount(result.markdown), model: 'gpt-4o-mini' });
    const price = MODEL_PRICES['gpt-4o-mini']!;
    expect(info!.cost).toBeCloseTo(
      (info!.inputTokens * price.input + info!.outputTokens * price.output) / 1_000_000,
      12,
    );
  });
});

describe('the Kubernetes resources of CRD playbooks', () => {
  it('are config items of type MissionControl::Playbook sharing the playbook id', async () => {
    const { rows } = await db.query<{
      id: string;
      name: string;
      namespace: string;
      source: string;
      config_id: string | null;
      config_name: string | null;
      config_type: string | null;
      tags: Record<string, string> | null;
      kind: string | null;
    }>(
      `SELECT p.id, p.name, p.namespace, p.source::text AS source, c.id AS config_id,
              c.name AS config_name, c.type AS config_type, c.tags, c.config ->> 'kind' AS kind
         FROM playbooks p LEFT JOIN config_items c ON c.id = p.id
        WHERE p.deleted_at IS NULL`,
    );
    const crd = rows.filter((row) => row.source === 'KubernetesCRD');
    expect(crd.length).toBeGreaterThan(0);
    for (const row of crd) {
      expect(row).toMatchObject({
        config_id: row.id,
        config_name: row.name,
        config_type: PLAYBOOK_CONFIG_TYPE,
        kind: 'Playbook',
      });
      expect(row.tags?.namespace).toBe(row.namespace);
    }
    const others = rows.filter((row) => row.source !== 'KubernetesCRD');
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((row) => row.config_id === null)).toBe(true);
  });
});
