import { isDate } from '../../../server/demo/db/values';
import type { GraphResult } from '../../../server/demo/routes/canary/graph';
import type { RunStatus } from '../../../server/demo/routes/canary/runNow';
import { demoSuite } from './support';

jest.setTimeout(60_000);

const ROLES = ['admin', 'editor', 'commander', 'responder', 'viewer', 'guest'];
const { h, cookies } = demoSuite(ROLES);

const get = (url: string, role?: string) =>
  h.app.inject({ method: 'GET', url, headers: role ? { cookie: cookies[role] as string } : {} });
const post = (url: string, role?: string, payload?: unknown) =>
  h.app.inject({
    method: 'POST',
    url,
    headers: {
      ...(role ? { cookie: cookies[role] as string } : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined
      ? {}
      : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
  });

async function rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await h.db.query<T>(sql, params)).rows;
}

function iso(value: unknown): string {
  if (!isDate(value)) throw new Error(`not a date: ${String(value)}`);
  return value.toISOString();
}

/** Same instant, whatever ISO form. */
function sameTime(actual: unknown, expected: unknown): void {
  expect(typeof actual).toBe('string');
  expect(new Date(actual as string).toISOString()).toBe(
    isDate(expected) ? expected.toISOString() : new Date(expected as string).toISOString(),
  );
}

interface Summary {
  id: string;
  [key: string]: unknown;
  latency: { p99?: number; p97?: number; p95?: number; rolling1h: number };
  uptime: { passed: number; failed: number; last_pass?: string; last_fail?: string };
}

const REQUIRED_KEYS = [
  'id',
  'canary_id',
  'canary_name',
  'canary_namespace',
  'agent_id',
  'name',
  'namespace',
  'type',
  'labels',
  'status',
  'latency',
  'uptime',
  'created_at',
  'updated_at',
];
const OPTIONAL_KEYS = [
  'description',
  'icon',
  'owner',
  'severity',
  'last_transition_time',
  'last_runtime',
  'silenced_at',
  'deleted_at',
];

/** Ids of the checks the summary should list by default (deleted less than 3 days ago). */
async function listedIds(): Promise<string[]> {
  const found = await rows<{ id: string }>(
    `SELECT c.id FROM checks c JOIN canaries ca ON ca.id = c.canary_id
      WHERE (c.deleted_at IS NULL OR c.deleted_at > now() - interval '3 days')
        AND (ca.deleted_at IS NULL OR ca.deleted_at > now() - interval '3 days')`,
  );
  return found.map((r) => r.id).sort();
}

/** Statistics of a check over the hour up to its newest status, straight from check_statuses. */
async function expectedStats(checkId: string) {
  const [row] = await rows<{
    passed: number;
    failed: number;
    last_pass: Date | null;
    last_fail: Date | null;
    p99: number | null;
    p97: number | null;
    p95: number | null;
    mean: string | null;
  }>(
    `SELECT count(*) FILTER (WHERE s.status = true)::int AS passed,
            count(*) FILTER (WHERE s.status = false)::int AS failed,
            max(s.time) FILTER (WHERE s.status = true) AS last_pass,
            max(s.time) FILTER (WHERE s.status = false) AS last_fail,
            percentile_disc(0.99) WITHIN GROUP (ORDER BY s.duration) AS p99,
            percentile_disc(0.97) WITHIN GROUP (ORDER BY s.duration) AS p97,
            percentile_disc(0.95) WITHIN GROUP (ORDER BY s.duration) AS p95,
            round(avg(s.duration), 2)::text AS mean
       FROM check_statuses s
      WHERE s.check_id = $1
        AND s.time > (SELECT max(time) FROM check_statuses WHERE check_id = $1) - interval '1 hour'`,
    [checkId],
  );
  return row;
}

describe('GET /api/canary/api/summary (HEALTH-01)', () => {
  it('needs a signed-in caller', async () => {
    const res = await get('/api/canary/api/summary');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Unauthorized' });
    expect((await post('/api/canary/api/summary', undefined, {})).statusCode).toBe(401);
  });

  it('lists every current and recently deleted check with the documented fields', async () => {
    const res = await get('/api/canary/api/summary', 'guest');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ runnerName: string; duration?: number; checks_summary: Summary[] }>();
    expect(body.runnerName).toBe('local');
    if (body.duration !== undefined) expect(body.duration).toBeGreaterThan(0);
    expect(Object.keys(body).sort()).toEqual(
      ['checks_summary', 'runnerName', ...(body.duration ? ['duration'] : [])].sort(),
    );
    expect(body.checks_summary.map((c) => c.id).sort()).toEqual(await listedIds());
    expect(body.checks_summary.length).toBeGreaterThan(10);
    for (const check of body.checks_summary) {
      for (const key of REQUIRED_KEYS) expect(check).toHaveProperty(key);
      for (const key of Object.keys(check)) {
        expect([...REQUIRED_KEYS, ...OPTIONAL_KEYS]).toContain(key);
      }
      expect(['healthy', 'unhealthy']).toContain(check.status);
      expect(
        Object.keys(check.latency).every((k) => ['p99', 'p97', 'p95', 'rolling1h'].includes(k)),
      ).toBe(true);
      expect(typeof check.latency.rolling1h).toBe('number');
      expect(
        Object.keys(check.uptime).every((k) =>
          ['passed', 'failed', 'last_pass', 'last_fail'].includes(k),
        ),
      ).toBe(true);
    }
    const names = body.checks_summary.map((c) => c.name as string);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('matches each check row and its canary', async () => {
    const body = (await get('/api/canary/api/summary', 'viewer')).json<{
      checks_summary: Summary[];
    }>();
    const db = await rows<Record<string, unknown>>(
      `SELECT c.*, ca.name AS canary_name, ca.namespace AS canary_namespace,
              coalesce(ca.labels, '{}'::jsonb) || coalesce(c.labels, '{}'::jsonb) AS merged_labels
         FROM checks c JOIN canaries ca ON ca.id = c.canary_id`,
    );
    const byId = new Map(db.map((r) => [r.id as string, r]));
    for (const check of body.checks_summary) {
      const row = byId.get(check.id) as Record<string, unknown>;
      expect(check).toMatchObject({
        canary_id: row.canary_id,
        canary_name: row.canary_name,
        canary_namespace: row.canary_namespace,
        agent_id: row.agent_id,
        name: row.name,
        namespace: row.namespace ?? '',
        type: row.type,
        status: row.status,
        labels: row.merged_labels,
      });
      for (const key of ['description', 'icon', 'owner', 'severity']) {
        expect(check[key]).toBe(row[key] ?? undefined);
      }
      for (const key of [
        'last_transition_time',
        'last_runtime',
        'silenced_at',
        'created_at',
        'updated_at',
        'deleted_at',
      ]) {
        if (row[key] === null) expect(check[key] ?? null).toBeNull();
        else sameTime(check[key], row[key]);
      }
    }
  });

  it('computes uptime and latency over the hour up to each check’s newest status', async () => {
    const body = (await get('/api/canary/api/summary', 'viewer')).json<{
      checks_summary: Summary[];
    }>();
    let withFailures = 0;
    for (const check of body.checks_summary) {
      const stats = await expectedStats(check.id);
      if (!stats) throw new Error('no stats row');
      expect(check.uptime.passed).toBe(stats.passed);
      expect(check.uptime.failed).toBe(stats.failed);
      if (stats.last_pass) sameTime(check.uptime.last_pass, stats.last_pass);
      else expect(check.uptime.last_pass).toBeUndefined();
      if (stats.last_fail) sameTime(check.uptime.last_fail, stats.last_fail);
      else expect(check.uptime.last_fail).toBeUndefined();
      expect(check.latency.p99).toBe(stats.p99 || undefined);
      expect(check.latency.p97).toBe(stats.p97 || undefined);
      expect(check.latency.p95).toBe(stats.p95 || undefined);
      expect(check.latency.rolling1h).toBe(stats.mean === null ? 0 : Number(stats.mean));
      if (stats.failed > 0) withFailures++;
    }
    expect(body.checks_summary.some((c) => c.uptime.passed > 1)).toBe(true);
    expect(withFailures).toBeGreaterThan(0);
  });

  it('keeps the figures current as statuses are added, changed and removed', async () => {
    const [check] = await rows<{ id: string }>(
      'SELECT id FROM checks WHERE deleted_at IS NULL ORDER BY name DESC LIMIT 1',
    );
    const id = check?.id as string;
    const figures = async () => {
      const res = await post('/api/canary/api/summary', 'viewer', { checkID: id });
      const [summary] = res.json<{ checks_summary: Summary[] }>().checks_summary;
      return { uptime: summary?.uptime, latency: summary?.latency };
    };
    const expectFromTable = async () => {
      const stats = await expectedStats(id);
      const { uptime, latency } = await figures();
      expect(uptime).toMatchObject({ passed: stats?.passed, failed: stats?.failed });
      expect(latency?.p95).toBe(stats?.p95 || undefined);
      expect(latency?.rolling1h).toBe(stats?.mean === null ? 0 : Number(stats?.mean));
      return uptime;
    };
    await expectFromTable();

    await h.db.query(
      `INSERT INTO check_statuses (check_id, time, status, duration, message, error)
       SELECT $1, now() - make_interval(secs => g * 60), g % 3 <> 0, 100 * g,
              CASE WHEN g % 3 <> 0 THEN 'ok' END, CASE WHEN g % 3 = 0 THEN 'timed out' END
         FROM generate_series(1, 10) g`,
      [id],
    );
    const added = await expectFromTable();
    expect((added?.passed ?? 0) + (added?.failed ?? 0)).toBeGreaterThanOrEqual(10);

    await h.db.query(
      `UPDATE check_statuses SET status = NOT status, error = 'flipped'
        WHERE check_id = $1 AND time = (SELECT max(time) FROM check_statuses WHERE check_id = $1)`,
      [id],
    );
    const changed = await expectFromTable();
    expect(changed?.passed).not.toBe(added?.passed);

    await h.db.query(
      `DELETE FROM check_statuses WHERE check_id = $1 AND time > now() - interval '5 minutes'`,
      [id],
    );
    await expectFromTable();
  });

  it('lists a check deleted within 3 days with deleted_at, and leaves out older deletions', async () => {
    const [recent, old] = await rows<{ id: string }>(
      'SELECT id FROM checks WHERE deleted_at IS NULL ORDER BY name, id LIMIT 2',
    );
    await h.db.query(`UPDATE checks SET deleted_at = now() - interval '1 hour' WHERE id = $1`, [
      recent?.id,
    ]);
    await h.db.query(`UPDATE checks SET deleted_at = now() - interval '10 days' WHERE id = $1`, [
      old?.id,
    ]);
    try {
      const list = (await get('/api/canary/api/summary', 'viewer')).json<{
        checks_summary: Summary[];
      }>().checks_summary;
      const deleted = list.find((c) => c.id === recent?.id);
      expect(deleted?.deleted_at).toEqual(expect.any(String));
      expect(list.find((c) => c.id === old?.id)).toBeUndefined();

      const since = new Date(Date.now() - 30 * 24 * 3_600_000).toISOString();
      const wider = (await post('/api/canary/api/summary', 'viewer', { deleteFrom: since })).json<{
        checks_summary: Summary[];
      }>().checks_summary;
      expect(wider.find((c) => c.id === old?.id)?.deleted_at).toEqual(expect.any(String));
    } finally {
      await h.db.query(`UPDATE checks SET deleted_at = NULL WHERE id = ANY($1::uuid[])`, [
        [recent?.id, old?.id],
      ]);
    }
  });

  it('ignores query parameters on GET', async () => {
    const [one] = await rows<{ id: string }>('SELECT id FROM checks LIMIT 1');
    const body = (
      await get(`/api/canary/api/summary?checkID=${one?.id}&sortBy=bogus`, 'viewer')
    ).json<{ checks_summary: Summary[] }>();
    expect(body.checks_summary.map((c) => c.id).sort()).toEqual(await listedIds());
  });
});

describe('POST /api/canary/api/summary (HEALTH-01 options)', () => {
  it('accepts no body, an empty body and an empty object', async () => {
    const all = await listedIds();
    for (const payload of [undefined, '', {}]) {
      const res = await post('/api/canary/api/summary', 'viewer', payload);
      expect(res.statusCode).toBe(200);
      expect(
        res
          .json<{ checks_summary: Summary[] }>()
          .checks_summary.map((c) => c.id)
          .sort(),
      ).toEqual(all);
    }
  });

  it('narrows to one check by checkID, matching the key case-insensitively', async () => {
    const [one] = await rows<{ id: string }>(
      'SELECT id FROM checks WHERE deleted_at IS NULL ORDER BY id DESC LIMIT 1',
    );
    for (const key of ['checkID', 'CheckId', 'checkid']) {
      const res = await post('/api/canary/api/summary', 'viewer', { [key]: one?.id });
      expect(res.statusCode).toBe(200);
      const list = res.json<{ checks_summary: Summary[] }>().checks_summary;
      expect(list.map((c) => c.id)).toEqual([one?.id]);
    }
  });

  it('filters by labels of the check or its canary', async () => {
    const [pick] = await rows<{ app: string; team: string }>(
      `SELECT c.labels->>'app' AS app, ca.labels->>'team' AS team
         FROM checks c JOIN canaries ca ON ca.id = c.canary_id
        WHERE c.deleted_at IS NULL ORDER BY c.name LIMIT 1`,
    );
    const res = await post('/api/canary/api/summary', 'viewer', {
      Labels: { app: pick?.app, team: pick?.team },
    });
    const list = res.json<{ checks_summary: Summary[] }>().checks_summary;
    const expected = await rows<{ id: string }>(
      `SELECT c.id FROM checks c JOIN canaries ca ON ca.id = c.canary_id
        WHERE coalesce(ca.labels, '{}'::jsonb) || coalesce(c.labels, '{}'::jsonb) @> $1::jsonb
          AND (c.deleted_at IS NULL OR c.deleted_at > now() - interval '3 days')
          AND (ca.deleted_at IS NULL OR ca.deleted_at > now() - interval '3 days')`,
      [JSON.stringify({ app: pick?.app, team: pick?.team })],
    );
    expect(list.length).toBeGreaterThan(0);
    expect(list.map((c) => c.id).sort()).toEqual(expected.map((r) => r.id).sort());
    for (const check of list) {
      expect(check.labels).toMatchObject({ app: pick?.app, team: pick?.team });
    }
  });

  it('sorts by sortBy', async () => {
    const res = await post('/api/canary/api/summary', 'viewer', { sortBy: 'canary_name' });
    const list = res.json<{ checks_summary: Summary[] }>().checks_summary;
    const keys = list.map((c) => `${c.canary_name as string}`);
    expect(keys).toEqual([...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const byRuntime = (
      await post('/api/canary/api/summary', 'viewer', { sortby: 'last_runtime' })
    ).json<{ checks_summary: Summary[] }>().checks_summary;
    const times = byRuntime
      .filter((c) => c.last_runtime)
      .map((c) => Date.parse(c.last_runtime as string));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it.each([
    [{ checkID: 'not-a-uuid' }, 'checkID'],
    [{ sortBy: 'owner; drop table checks' }, 'sortBy'],
    [{ deleteFrom: 'last tuesday' }, 'deleteFrom'],
    [{ labels: ['app'] }, 'labels'],
    [{ labels: { app: 1 } }, 'label'],
    [[1, 2], 'object'],
    ['{"checkID":', 'JSON'],
  ])('answers 400 {error} for %j', async (payload, word) => {
    const res = await post('/api/canary/api/summary', 'viewer', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(expect.stringContaining(word));
  });
});

interface GraphBody extends GraphResult {
  duration?: number;
  runnerName: string;
}

/** A live check with failures in its history, and its last run. */
async function busyCheck(): Promise<{ id: string; canary_id: string; last: Date }> {
  const [row] = await rows<{ id: string; canary_id: string; last: Date }>(
    `SELECT c.id, c.canary_id, max(s.time) AS last
       FROM checks c JOIN check_statuses s ON s.check_id = c.id
      WHERE c.deleted_at IS NULL
      GROUP BY c.id, c.canary_id
     HAVING count(*) FILTER (WHERE NOT s.status) > 0
      ORDER BY count(*) DESC, c.id LIMIT 1`,
  );
  if (!row) throw new Error('no check with failures');
  return row;
}

describe('GET /api/canary/api/graph (HEALTH-06)', () => {
  it('needs a signed-in caller', async () => {
    const { id } = await busyCheck();
    expect((await get(`/api/canary/api/graph?check=${id}`)).statusCode).toBe(401);
  });

  it('lists every run of a short window, newest first, with the window’s uptime and latency', async () => {
    const check = await busyCheck();
    const start = new Date(check.last.getTime() - 2 * 3_600_000);
    const end = new Date(check.last.getTime() + 1000);
    const res = await get(
      `/api/canary/api/graph?check=${check.id}&count=300&start=${start.toISOString()}&end=${end.toISOString()}`,
      'viewer',
    );
    expect(res.statusCode).toBe(200);
    const body = res.json<GraphBody>();
    expect(body.runnerName).toBe('local');
    const expected = await rows<{ time: Date; status: boolean; duration: number }>(
      `SELECT time, status, duration FROM check_statuses
        WHERE check_id = $1 AND time > $2 AND time <= $3 ORDER BY time DESC`,
      [check.id, start.toISOString(), end.toISOString()],
    );
    expect(expected.length).toBeGreaterThan(1);
    expect(body.status).toHaveLength(expected.length);
    body.status.forEach((point, i) => {
      const row = expected[i] as { time: Date; status: boolean; duration: number };
      sameTime(point.time, row.time);
      expect(point.duration).toBe(row.duration);
      if (row.status) expect(point.status).toBe(true);
      else expect(point).not.toHaveProperty('status');
      expect(Object.keys(point).every((k) => ['time', 'status', 'duration'].includes(k))).toBe(
        true,
      );
    });
    expect(body.uptime.passed).toBe(expected.filter((r) => r.status).length);
    expect(body.uptime.failed).toBe(expected.filter((r) => !r.status).length);
    const [pct] = await rows<{ p99: number; p97: number; p95: number }>(
      `SELECT percentile_disc(0.99) WITHIN GROUP (ORDER BY duration) AS p99,
              percentile_disc(0.97) WITHIN GROUP (ORDER BY duration) AS p97,
              percentile_disc(0.95) WITHIN GROUP (ORDER BY duration) AS p95
         FROM check_statuses WHERE check_id = $1 AND time > $2 AND time <= $3`,
      [check.id, start.toISOString(), end.toISOString()],
    );
    expect(body.latency).toMatchObject({ p99: pct?.p99, p97: pct?.p97, p95: pct?.p95 });
    const lastHour = expected.filter((r) => r.time.getTime() > end.getTime() - 3_600_000);
    const mean = lastHour.reduce((s, r) => s + r.duration, 0) / lastHour.length;
    expect(body.latency.rolling1h).toBeCloseTo(mean, 1);
  });

  it('adds messages and errors when includeMessages is true', async () => {
    const check = await busyCheck();
    const start = new Date(check.last.getTime() - 3 * 24 * 3_600_000).toISOString();
    const end = new Date(check.last.getTime() + 1000).toISOString();
    const body = (
      await get(
        `/api/canary/api/graph?check=${check.id}&since=${start}&until=${end}&includeMessages=true`,
        'viewer',
      )
    ).json<GraphBody>();
    // A window over three days is bucketed: messages belong to single runs only.
    expect(body.status.every((p) => p.count !== undefined)).toBe(true);
    const hour = (
      await get(
        `/api/canary/api/graph?check=${check.id}&since=${new Date(check.last.getTime() - 7_200_000).toISOString()}&until=${end}&includeMessages=true`,
        'viewer',
      )
    ).json<GraphBody>();
    expect(hour.status.some((p) => p.message || p.error)).toBe(true);
    for (const point of hour.status) {
      if (point.status) expect(point.error).toBeUndefined();
      else expect(point.error).toEqual(expect.any(String));
    }
  });

  it('buckets a long window by the range: counts add up to the window’s runs', async () => {
    const check = await busyCheck();
    const end = new Date(check.last.getTime() + 1000);
    for (const [days, bucketMs] of [
      [1, 5 * 60_000],
      [3, 15 * 60_000],
      [7, 3_600_000],
    ] as const) {
      const start = new Date(end.getTime() - days * 24 * 3_600_000);
      const body = (
        await get(
          `/api/canary/api/graph?check=${check.id}&start=${start.toISOString()}&end=${end.toISOString()}`,
          'viewer',
        )
      ).json<GraphBody>();
      const [counts] = await rows<{ total: number; passed: number; failed: number }>(
        `SELECT count(*)::int AS total, count(*) FILTER (WHERE status)::int AS passed,
                count(*) FILTER (WHERE NOT status)::int AS failed
           FROM check_statuses WHERE check_id = $1 AND time > $2 AND time <= $3`,
        [check.id, start.toISOString(), end.toISOString()],
      );
      expect(body.uptime).toMatchObject({ passed: counts?.passed, failed: counts?.failed });
      expect(body.status.reduce((s, p) => s + (p.count ?? 0), 0)).toBe(counts?.total);
      expect(body.status.reduce((s, p) => s + (p.passed ?? 0), 0)).toBe(counts?.passed);
      expect(body.status.reduce((s, p) => s + (p.failed ?? 0), 0)).toBe(counts?.failed);
      const times = body.status.map((p) => Date.parse(p.time));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      for (const point of body.status) {
        expect(Date.parse(point.time) % bucketMs).toBe(0);
        expect(point.status === true).toBe((point.passed ?? 0) > (point.failed ?? 0));
        expect(point.message).toBeUndefined();
      }
    }
  });

  it('takes duration keys, Go durations and month timestamps for start', async () => {
    const { id } = await busyCheck();
    for (const start of ['15m', '1h', '90m', '1d', '2w', '1mo', '1y', '5y']) {
      const res = await get(`/api/canary/api/graph?check=${id}&count=300&start=${start}`, 'viewer');
      expect(res.statusCode).toBe(200);
      const body = res.json<GraphBody>();
      expect(Array.isArray(body.status)).toBe(true);
      expect(body.uptime).toEqual(
        expect.objectContaining({ passed: expect.any(Number), failed: expect.any(Number) }),
      );
    }
    const month = new Date(Date.now() - 2 * 30 * 24 * 3_600_000).toISOString();
    expect(
      (await get(`/api/canary/api/graph?check=${id}&start=${month}`, 'viewer')).statusCode,
    ).toBe(200);
  });

  it('defaults to the last hour', async () => {
    const { id } = await busyCheck();
    const body = (await get(`/api/canary/api/graph?check=${id}`, 'viewer')).json<GraphBody>();
    const since = Date.now() - 3_600_000;
    for (const point of body.status) {
      expect(point.count).toBeUndefined();
      expect(Date.parse(point.time)).toBeGreaterThan(since - 5_000);
    }
  });

  it('answers 404 {error} for an unknown check or one of another canary', async () => {
    const { id } = await busyCheck();
    const unknown = '0b6f1c5e-6a51-4c1e-9d4f-2a9a3c0b1d2e';
    const missing = await get(`/api/canary/api/graph?check=${unknown}&start=1h`, 'viewer');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: expect.stringContaining(unknown) });
    const other = await get(`/api/canary/api/graph?check=${id}&canary_id=${unknown}`, 'viewer');
    expect(other.statusCode).toBe(404);
  });

  it.each([
    ['', 'check'],
    ['check=nope', 'check'],
    ['check={id}&start=yesterday', 'start'],
    ['check={id}&start=1h&end=whenever', 'end'],
    ['check={id}&start=1h&end=2h', 'before'],
    ['check={id}&canary_id=x', 'canary_id'],
  ])('answers 400 {error} for ?%s', async (query, word) => {
    const { id } = await busyCheck();
    const res = await get(`/api/canary/api/graph?${query.replace('{id}', id)}`, 'viewer');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(expect.stringContaining(word));
  });
});

interface RunBody {
  total: number;
  success: number;
  failed: number;
  errors: Array<{ check_id: string; name: string; error: string }>;
  status: Omit<RunStatus, 'details'>;
  check: {
    id: string;
    status: string;
    last_runtime: string;
    next_runtime: string;
    last_transition_time: string | null;
  };
}

async function checkRow(id: string) {
  const [row] = await rows<{
    status: string;
    last_runtime: Date;
    next_runtime: Date;
    last_transition_time: Date;
    statuses: number;
    spec: Record<string, unknown>;
  }>(
    `SELECT c.status, c.last_runtime, c.next_runtime, c.last_transition_time, ca.spec,
            (SELECT count(*)::int FROM check_statuses s WHERE s.check_id = c.id) AS statuses
       FROM checks c JOIN canaries ca ON ca.id = c.canary_id WHERE c.id = $1`,
    [id],
  );
  if (!row) throw new Error(`no check ${id}`);
  return row;
}

async function liveCheck(offset = 0): Promise<string> {
  const [row] = await rows<{ id: string }>(
    `SELECT c.id FROM checks c JOIN canaries ca ON ca.id = c.canary_id
      WHERE c.deleted_at IS NULL AND ca.deleted_at IS NULL ORDER BY c.id OFFSET $1 LIMIT 1`,
    [offset],
  );
  if (!row) throw new Error('no live check');
  return row.id;
}

function intervalOf(spec: Record<string, unknown>): number {
  if (typeof spec.interval === 'number') return spec.interval;
  const match = /^@every (\d+)([sm])$/.exec(String(spec.schedule));
  if (!match) throw new Error(`unexpected schedule ${String(spec.schedule)}`);
  return Number(match[1]) * (match[2] === 'm' ? 60 : 1);
}

describe('POST /api/canary/run/check/:id (HEALTH-08)', () => {
  it('needs a signed-in caller', async () => {
    const res = await post(`/api/canary/run/check/${await liveCheck()}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Unauthorized' });
  });

  it.each(['viewer', 'guest'])('is 403 {error} for a %s and runs nothing', async (role) => {
    const id = await liveCheck();
    const before = await checkRow(id);
    const res = await post(`/api/canary/run/check/${id}`, role);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: expect.stringContaining('forbidden') });
    expect((await checkRow(id)).statuses).toBe(before.statuses);
  });

  it.each(['admin', 'editor', 'responder', 'commander'])(
    'runs for a %s: one new status now, status, last and next runtime updated',
    async (role) => {
      const id = await liveCheck(ROLES.indexOf(role));
      const before = await checkRow(id);
      const startedAt = Date.now();
      const res = await post(`/api/canary/run/check/${id}`, role);
      expect(res.statusCode).toBe(200);
      const body = res.json<RunBody>();
      const after = await checkRow(id);
      expect(after.statuses).toBe(before.statuses + 1);

      expect(body.total).toBe(1);
      expect(body.success + body.failed).toBe(1);
      expect(body.success).toBe(body.status.status ? 1 : 0);
      expect(body.errors).toEqual(
        body.status.status
          ? []
          : [expect.objectContaining({ check_id: id, error: body.status.error })],
      );

      const [stored] = await rows<{
        time: Date;
        status: boolean;
        duration: number;
        message: string | null;
        error: string | null;
      }>(
        'SELECT time, status, duration, message, error FROM check_statuses WHERE check_id = $1 ORDER BY time DESC LIMIT 1',
        [id],
      );
      expect(body.status).toMatchObject({
        check_id: id,
        status: stored?.status,
        duration: stored?.duration,
      });
      sameTime(body.status.time, stored?.time);
      expect(stored?.time.getTime()).toBeGreaterThanOrEqual(startedAt - 1000);
      expect(stored?.time.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
      if (stored?.status) {
        expect(stored.message).toEqual(expect.any(String));
        expect(stored.error).toBeNull();
      } else {
        expect(stored?.error).toEqual(expect.any(String));
      }

      expect(after.status).toBe(stored?.status ? 'healthy' : 'unhealthy');
      expect(iso(after.last_runtime)).toBe(iso(stored?.time));
      expect(iso(after.last_runtime)).not.toBe(iso(before.last_runtime));
      expect(after.next_runtime.getTime() - after.last_runtime.getTime()).toBe(
        intervalOf(after.spec) * 1000,
      );
      sameTime(body.check.last_runtime, after.last_runtime);
      sameTime(body.check.next_runtime, after.next_runtime);
      expect(body.check.status).toBe(after.status);
      if (after.status === before.status) {
        expect(iso(after.last_transition_time)).toBe(iso(before.last_transition_time));
      } else {
        expect(iso(after.last_transition_time)).toBe(iso(stored?.time));
      }
    },
  );

  it('flips a healthy check whose recent runs failed, and moves last_transition_time', async () => {
    const id = await liveCheck(10);
    // Sixty failures in the last seconds, while the check still reads healthy. A run drawn from
    // that history fails with a chance of about 98%; a passing run is taken back and retried.
    await h.db.query(
      `INSERT INTO check_statuses (check_id, time, status, duration, error)
       SELECT $1, now() - make_interval(secs => 0.1 * g), false, 20000, 'connection refused'
         FROM generate_series(1, 60) g
       ON CONFLICT DO NOTHING`,
      [id],
    );
    await h.db.query(
      `UPDATE checks SET status = 'healthy', last_transition_time = now() - interval '2 days'
        WHERE id = $1`,
      [id],
    );
    const before = await checkRow(id);
    let body: RunBody | null = null;
    for (let attempt = 0; attempt < 10; attempt++) {
      const res = await post(`/api/canary/run/check/${id}`, 'editor');
      expect(res.statusCode).toBe(200);
      body = res.json<RunBody>();
      if (!body.status.status) break;
      expect(iso((await checkRow(id)).last_transition_time)).toBe(iso(before.last_transition_time));
      await h.db.query('DELETE FROM check_statuses WHERE check_id = $1 AND time = $2', [
        id,
        body.status.time,
      ]);
    }
    expect(body?.status.status).toBe(false);
    expect(body?.status.error).toEqual(expect.any(String));
    expect(body?.status.duration).toBeGreaterThanOrEqual(1);
    const after = await checkRow(id);
    expect(after.status).toBe('unhealthy');
    expect(iso(after.last_transition_time)).toBe(iso(after.last_runtime));
    expect(iso(after.last_transition_time)).not.toBe(iso(before.last_transition_time));
    sameTime(body?.check.last_transition_time, after.last_transition_time);
    sameTime(body?.status.time, after.last_runtime);
  });

  it('answers 404 {error} for an unknown, malformed or deleted check, or a deleted canary', async () => {
    const unknown = '0b6f1c5e-6a51-4c1e-9d4f-2a9a3c0b1d2e';
    for (const id of [unknown, 'not-a-check']) {
      const res = await post(`/api/canary/run/check/${id}`, 'admin');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: expect.stringContaining(id) });
    }
    const deletedCheck = await liveCheck(20);
    await h.db.query('UPDATE checks SET deleted_at = now() WHERE id = $1', [deletedCheck]);
    const before = await checkRow(deletedCheck);
    expect((await post(`/api/canary/run/check/${deletedCheck}`, 'admin')).statusCode).toBe(404);
    expect((await checkRow(deletedCheck)).statuses).toBe(before.statuses);

    const [canary] = await rows<{ id: string; check_id: string }>(
      `SELECT ca.id, c.id AS check_id FROM canaries ca JOIN checks c ON c.canary_id = ca.id
        WHERE ca.deleted_at IS NULL AND c.deleted_at IS NULL ORDER BY ca.id DESC LIMIT 1`,
    );
    // Only the canary is marked deleted; its checks are left as they were.
    await h.db.query(`ALTER TABLE canaries DISABLE TRIGGER canaries_soft_delete`);
    await h.db.query('UPDATE canaries SET deleted_at = now() WHERE id = $1', [canary?.id]);
    await h.db.query(`ALTER TABLE canaries ENABLE TRIGGER canaries_soft_delete`);
    const res = await post(`/api/canary/run/check/${canary?.check_id}`, 'admin');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: expect.any(String) });
  });
});
