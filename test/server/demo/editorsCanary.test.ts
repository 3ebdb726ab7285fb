import Fastify, { type FastifyInstance } from 'fastify';
import type { SqlClient } from '../../../server/demo/db/types';
import { demoRoutes } from '../../../server/demo';
import { ResourceScheduler } from '../../../server/demo/editors/scheduler';
import { signInAll, startDemo, testScheduler } from './support';

jest.setTimeout(120_000);

let app: FastifyInstance;
let db: SqlClient;
const cookies: Record<string, string> = {};
let adminId = '';

const json = { 'content-type': 'application/json', prefer: 'return=representation' };

function send(
  method: 'POST' | 'PATCH' | 'GET' | 'DELETE',
  url: string,
  role: string,
  body?: unknown,
) {
  return app.inject({
    method,
    url: `/api/db/${url}`,
    headers: { cookie: cookies[role] ?? '', ...(body === undefined ? {} : json) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

interface CheckRow {
  id: string;
  type: string;
  name: string;
  namespace: string;
  description: string | null;
  icon: string | null;
  spec: Record<string, unknown>;
  labels: Record<string, string> | null;
  deleted_at: string | null;
  last_runtime: string | null;
}

async function checksOf(canaryId: string): Promise<CheckRow[]> {
  const { rows } = await db.query<CheckRow>(
    `SELECT id, type, name, namespace, description, icon, spec, labels,
            deleted_at::text AS deleted_at, last_runtime::text AS last_runtime
       FROM checks WHERE canary_id = $1 ORDER BY type, name`,
    [canaryId],
  );
  return rows;
}

async function createCanary(name: string, spec: unknown, extra: Record<string, unknown> = {}) {
  const response = await send('POST', 'canaries', 'editor', {
    name,
    namespace: 'default',
    labels: { team: 'payments' },
    spec,
    created_by: adminId,
    ...extra,
  });
  expect(response.statusCode).toBe(201);
  return response.json<Array<{ id: string }>>()[0]!.id;
}

beforeAll(async () => {
  ({ app, db } = await startDemo({ playbookExecutor: false }));
  await signInAll(app, ['admin', 'editor', 'viewer'], cookies);
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM people WHERE email = 'admin@demo.local'`,
  );
  adminId = rows[0]!.id;
});

afterAll(async () => {
  await app.close();
  await db.close();
});

describe('canary checks follow the canary spec', () => {
  it('creates one check per spec entry when a canary is inserted through /api/db', async () => {
    const id = await createCanary('ed-web', {
      schedule: '@every 30s',
      http: [
        {
          name: 'ed-home',
          url: 'https://example.com',
          description: 'Home page',
          icon: 'http',
          labels: { tier: 'web' },
        },
        { name: 'ed-api', url: 'https://example.com/api' },
      ],
      tcp: [{ name: 'ed-port', endpoint: 'example.com:443' }],
      owner: 'payments-team',
    });
    const checks = await checksOf(id);
    expect(checks.map((c) => [c.type, c.name])).toEqual([
      ['http', 'ed-api'],
      ['http', 'ed-home'],
      ['tcp', 'ed-port'],
    ]);
    const home = checks.find((c) => c.name === 'ed-home')!;
    expect(home).toMatchObject({
      namespace: 'default',
      description: 'Home page',
      icon: 'http',
      labels: { tier: 'web' },
      spec: { name: 'ed-home', url: 'https://example.com' },
      deleted_at: null,
      last_runtime: null,
    });
    // A check without labels of its own carries the canary's.
    expect(checks.find((c) => c.name === 'ed-api')!.labels).toEqual({ team: 'payments' });
  });

  it('lists the new checks on the health page like seeded ones', async () => {
    await createCanary('ed-listed', { icmp: [{ name: 'ed-ping', endpoint: '10.0.0.1' }] });
    const response = await app.inject({
      method: 'GET',
      url: '/api/canary/api/summary',
      headers: { cookie: cookies.viewer! },
    });
    expect(response.statusCode).toBe(200);
    const checks = response.json<{
      checks_summary: Array<{ name: string; type: string; canary_name: string }>;
    }>().checks_summary;
    expect(checks.find((c) => c.name === 'ed-ping')).toMatchObject({
      type: 'icmp',
      canary_name: 'ed-listed',
    });
  });

  it('updates kept checks, adds new ones and soft-deletes removed ones on PATCH', async () => {
    const id = await createCanary('ed-change', {
      http: [
        { name: 'ed-a', url: 'https://a.example' },
        { name: 'ed-b', url: 'https://b.example' },
      ],
    });
    const before = await checksOf(id);
    const patched = await send('PATCH', `canaries?id=eq.${id}`, 'editor', {
      spec: {
        http: [{ name: 'ed-a', url: 'https://a2.example', description: 'changed' }],
        exec: [{ name: 'ed-script', script: 'echo ok' }],
      },
    });
    expect(patched.statusCode).toBe(200);
    const after = await checksOf(id);
    const byName = Object.fromEntries(after.map((c) => [c.name, c]));
    expect(byName['ed-a']).toMatchObject({
      id: before.find((c) => c.name === 'ed-a')!.id,
      description: 'changed',
      spec: { url: 'https://a2.example' },
      deleted_at: null,
    });
    expect(byName['ed-b']!.deleted_at).not.toBeNull();
    expect(byName['ed-script']).toMatchObject({ type: 'exec', deleted_at: null });

    // Putting a removed check back brings the same row back.
    await send('PATCH', `canaries?id=eq.${id}`, 'editor', {
      spec: { http: [{ name: 'ed-a' }, { name: 'ed-b' }] },
    });
    const again = await checksOf(id);
    expect(again.find((c) => c.name === 'ed-b')).toMatchObject({
      id: before.find((c) => c.name === 'ed-b')!.id,
      deleted_at: null,
    });
    expect(again.find((c) => c.name === 'ed-script')!.deleted_at).not.toBeNull();
  });

  it('soft-deletes the checks of a soft-deleted canary', async () => {
    const id = await createCanary('ed-gone', { dns: [{ name: 'ed-lookup', query: 'x.example' }] });
    const deleted = await send('PATCH', `canaries?id=eq.${id}`, 'editor', {
      deleted_at: 'now()',
    });
    expect(deleted.statusCode).toBe(200);
    const checks = await checksOf(id);
    expect(checks).toHaveLength(1);
    expect(checks[0]!.deleted_at).not.toBeNull();
  });

  it('answers 400 JSON for a spec the checks cannot be read from, and writes nothing', async () => {
    const cases: Array<[unknown, RegExp]> = [
      ['not an object', /spec must be an object/],
      [[1, 2], /spec must be an object/],
      [{ http: { name: 'x' } }, /spec\.http must be a list of checks/],
      [{ http: ['x'] }, /spec\.http\[0\] must be an object/],
      [{ tcp: [{ endpoint: 'a:1' }] }, /spec\.tcp\[0\]\.name is required/],
      [{ http: [{ name: 'x' }, { name: 'x' }] }, /two checks named x/],
    ];
    for (const [spec, message] of cases) {
      const response = await send('POST', 'canaries', 'editor', {
        name: 'ed-bad',
        namespace: 'default',
        spec,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(message);
    }
    const { rows } = await db.query(`SELECT 1 FROM canaries WHERE name = 'ed-bad'`);
    expect(rows).toHaveLength(0);
  });

  it('refuses canary writes to a viewer', async () => {
    const response = await send('POST', 'canaries', 'viewer', {
      name: 'ed-viewer',
      namespace: 'default',
      spec: {},
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('the scheduler runs UI canaries when due', () => {
  interface JobRow {
    name: string;
    status: string;
    success_count: number;
    error_count: number;
    details: { errors?: unknown };
    duration_millis: number;
    hostname: string;
    time_start: string;
    time_end: string;
    resource_type: string;
  }

  async function jobsOf(id: string): Promise<JobRow[]> {
    const { rows } = await db.query<JobRow>(
      `SELECT name, status, success_count, error_count, details, duration_millis, hostname,
              time_start::text, time_end::text, resource_type
         FROM job_history WHERE resource_id = $1 ORDER BY time_start`,
      [id],
    );
    return rows;
  }

  it('runs a new canary at once, then again only after its interval', async () => {
    const id = await createCanary('ed-scheduled', {
      interval: 60,
      http: [{ name: 'ed-s1', url: 'https://s1.example' }],
      tcp: [{ name: 'ed-s2', endpoint: 's2.example:443' }],
    });
    // A canary from a CRD is not the console's to run.
    const crd = await createCanary(
      'ed-crd',
      { http: [{ name: 'ed-crd-check', url: 'https://c.example' }] },
      { source: 'KubernetesCRD' },
    );
    let clock = new Date(Date.now());
    const scheduler = testScheduler(db, () => clock);

    const first = await scheduler.tick();
    expect(first.canaries).toContain(id);
    expect(first.canaries).not.toContain(crd);
    const checks = await checksOf(id);
    expect(checks.every((c) => c.last_runtime !== null)).toBe(true);
    const { rows: statuses } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM check_statuses s JOIN checks c ON c.id = s.check_id
        WHERE c.canary_id = $1`,
      [id],
    );
    expect(statuses[0]!.n).toBe(2);
    const [job] = await jobsOf(id);
    expect(job).toMatchObject({
      name: 'Canary',
      resource_type: 'canary',
      hostname: 'scheduler-test',
    });
    expect(job!.success_count + job!.error_count).toBe(2);
    expect(job!.status).toBe(job!.error_count > 0 ? 'FAILED' : 'SUCCESS');
    if (job!.status === 'FAILED') {
      expect(Array.isArray(job!.details.errors)).toBe(true);
    } else {
      expect(job!.details).toEqual({});
    }
    expect(new Date(job!.time_start).getTime()).toBe(clock.getTime());
    expect(new Date(job!.time_end).getTime()).toBe(clock.getTime() + job!.duration_millis);
    expect(await jobsOf(crd)).toEqual([]);

    // Not due again at the same moment.
    expect((await scheduler.tick()).canaries).not.toContain(id);
    expect(await jobsOf(id)).toHaveLength(1);

    // Due again once the interval has passed.
    clock = new Date(clock.getTime() + 2 * 60_000);
    expect((await scheduler.tick()).canaries).toContain(id);
    expect(await jobsOf(id)).toHaveLength(2);

    // The list of health checks shows the run (§21 list relation).
    const list = await send(
      'GET',
      `canaries_with_status?select=*,created_by(id,name,avatar)&order=created_at.desc&deleted_at=is.null&limit=100&id=eq.${id}`,
      'viewer',
    );
    expect(list.statusCode).toBe(200);
    const [row] = list.json<Array<Record<string, unknown>>>();
    expect(row).toMatchObject({
      id,
      name: 'ed-scheduled',
      namespace: 'default',
      interval: '60',
      spec: { interval: 60 },
      agent_id: '00000000-0000-0000-0000-000000000000',
      job_name: 'Canary',
      job_resource_type: 'canary',
      created_by: { id: adminId },
    });
    expect(row!.last_runtime).not.toBeNull();
    expect(row!.updated_at).toBeDefined();
  });

  it('records failed checks as FAILED with the errors as a list', async () => {
    const id = await createCanary('ed-failing', {
      http: [{ name: 'ed-f1', url: 'https://f.example' }],
    });
    const [check] = await checksOf(id);
    // A history of failures: the run model keeps a failing check failing.
    await db.query(
      `INSERT INTO check_statuses (check_id, time, status, duration, error)
       SELECT $1, now() - make_interval(mins => g), false, 12, 'connection refused'
         FROM generate_series(1, 60) g`,
      [check!.id],
    );
    // Each run is drawn at random; after this history about 97 runs in 100 fail. Run a day
    // apart until one has failed, so that a rare pass cannot decide the test. A pass would
    // become the latest of the history, and a check that last passed mostly goes on passing:
    // each attempt starts again from the history of failures alone.
    let clock = Date.now();
    const scheduler = new ResourceScheduler(db, { now: () => new Date(clock), batch: 1000 });
    let failed: JobRow | undefined;
    for (let attempt = 0; attempt < 20 && !failed; attempt++) {
      await db.query('DELETE FROM check_statuses WHERE check_id = $1 AND status', [check!.id]);
      await scheduler.tick();
      clock += 24 * 60 * 60_000;
      const { rows } = await db.query<JobRow>(
        `SELECT status, error_count, success_count, details FROM job_history
          WHERE resource_id = $1 AND status = 'FAILED'`,
        [id],
      );
      failed = rows[0];
    }
    expect(failed).toMatchObject({
      status: 'FAILED',
      error_count: 1,
      success_count: 0,
      details: { errors: [expect.stringContaining('check ed-f1: ')] },
    });
  });

  it('starts and stops with the demo routes when asked to', async () => {
    const other = Fastify();
    await other.register(
      await demoRoutes({
        db,
        version: 'test',
        log: () => undefined,
        playbookExecutor: false,
        resourceScheduler: { tickMs: 60_000 },
      }),
      { prefix: '/api' },
    );
    await other.ready();
    await expect(other.close()).resolves.toBeUndefined();
  });
});
