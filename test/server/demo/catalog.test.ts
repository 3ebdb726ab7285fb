import type { ChangeRow } from '../../../server/demo/routes/catalog/changes';
import { demoSuite, postJson } from './support';

jest.setTimeout(60_000);

const { h, cookies } = demoSuite(['admin', 'guest']);
const DAY = 86_400_000;

function post(url: string, payload: unknown, role = 'admin') {
  return postJson(h.app, url, role ? cookies[role] : undefined, payload);
}

async function rows<T = Record<string, unknown>>(sql: string, params: unknown[] = []) {
  return (await h.db.query<T>(sql, params)).rows;
}

type Row = Record<string, unknown> & {
  health: Record<string, number> | null;
  count: number;
  changes: number;
  analysis: Record<string, number>;
  created_at: string | null;
  updated_at: string | null;
};

async function summary(body: unknown): Promise<Row[]> {
  const res = await post('/api/catalog/summary', body);
  expect(res.statusCode).toBe(200);
  return res.json<Row[]>();
}

/** Sum of one field over summary rows, keyed by the row's group value. */
function byKey(result: Row[], key: string, field: keyof Row = 'count'): Record<string, unknown> {
  return Object.fromEntries(result.map((row) => [String(row[key]), row[field]]));
}

function sqlMap(list: Array<{ k: unknown; n: unknown }>): Record<string, unknown> {
  return Object.fromEntries(list.map((r) => [String(r.k), r.n]));
}

const CONSOLE_SUMMARY = {
  groupBy: ['type'],
  deleted: false,
  changes: { since: '30d' },
  analysis: { since: '30d' },
  cost: '30d',
};

describe('POST /api/catalog/summary (CAT-02)', () => {
  it('groups live items by type with counts, health, times, changes, analyses and cost', async () => {
    const now = new Date();
    const result = await summary(CONSOLE_SUMMARY);
    const types = await rows<{
      k: string;
      n: number;
      created: Date;
      updated: Date;
      cost: string | null;
    }>(
      `SELECT type AS k, count(*)::int AS n, max(created_at) AS created, max(updated_at) AS updated,
              sum(cost_total_30d)::text AS cost
       FROM config_items WHERE deleted_at IS NULL GROUP BY type ORDER BY type`,
    );
    expect(result.map((r) => r.type)).toEqual(types.map((t) => t.k));
    expect(byKey(result, 'type')).toEqual(sqlMap(types));
    for (const row of result) {
      const expected = types.find((t) => t.k === row.type)!;
      expect(new Date(row.created_at!).getTime()).toBe(new Date(expected.created).getTime());
      expect(new Date(row.updated_at!).getTime()).toBe(new Date(expected.updated).getTime());
      if (expected.cost === null) expect(row.cost_30d).toBeNull();
      else expect(row.cost_30d).toBeCloseTo(Number(expected.cost), 4);
      expect(row).not.toHaveProperty('cost_total_30d');
    }

    const health = await rows<{ type: string; health: string; n: number }>(
      `SELECT type, health, count(*)::int AS n FROM config_items
       WHERE deleted_at IS NULL AND health IS NOT NULL GROUP BY 1, 2`,
    );
    for (const row of result) {
      const expected = Object.fromEntries(
        health.filter((x) => x.type === row.type).map((x) => [x.health, x.n]),
      );
      expect(row.health ?? {}).toEqual(expected);
    }

    const changes = await rows<{ k: string; n: number }>(
      `SELECT ci.type AS k, count(*)::int AS n FROM config_changes cc
       JOIN config_items ci ON ci.id = cc.config_id
       WHERE ci.deleted_at IS NULL AND cc.created_at > $1 GROUP BY 1`,
      [new Date(now.getTime() - 30 * DAY).toISOString()],
    );
    expect(changes.length).toBeGreaterThan(0);
    for (const row of result) {
      expect(row.changes).toBe(changes.find((c) => c.k === row.type)?.n ?? 0);
    }

    const analyses = await rows<{ type: string; analysis_type: string; n: number }>(
      `SELECT ci.type, ca.analysis_type, count(*)::int AS n FROM config_analysis ca
       JOIN config_items ci ON ci.id = ca.config_id
       WHERE ci.deleted_at IS NULL AND ca.status = 'open' AND ca.analysis_type IS NOT NULL
         AND ca.first_observed > $1
       GROUP BY 1, 2`,
      [new Date(now.getTime() - 30 * DAY).toISOString()],
    );
    expect(analyses.length).toBeGreaterThan(0);
    for (const row of result) {
      const expected = Object.fromEntries(
        analyses.filter((a) => a.type === row.type).map((a) => [a.analysis_type, a.n]),
      );
      expect(row.analysis).toEqual(expected);
    }
  });

  it('counts changes and open analyses over the periods asked for', async () => {
    const now = new Date();
    const result = await summary({ changes: { since: '2d' }, analysis: {} });
    const changes = await rows<{ k: string; n: number }>(
      `SELECT ci.type AS k, count(*)::int AS n FROM config_changes cc
       JOIN config_items ci ON ci.id = cc.config_id
       WHERE ci.deleted_at IS NULL AND cc.created_at > $1 GROUP BY 1`,
      [new Date(now.getTime() - 2 * DAY).toISOString()],
    );
    const total = changes.reduce((sum, c) => sum + c.n, 0);
    expect(result.reduce((sum, r) => sum + r.changes, 0)).toBe(total);
    const [open] = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM config_analysis ca JOIN config_items ci ON ci.id = ca.config_id
       WHERE ci.deleted_at IS NULL AND ca.status = 'open' AND ca.analysis_type IS NOT NULL`,
    );
    const counted = result.reduce(
      (sum, r) => sum + Object.values(r.analysis).reduce((a, b) => a + b, 0),
      0,
    );
    expect(counted).toBe(open!.n);
    // Without a cost range there is no cost column.
    expect(Object.keys(result[0]!).filter((k) => k.startsWith('cost'))).toEqual([]);
  });

  it('defaults to grouping by type', async () => {
    const result = await summary({});
    expect(result.length).toBeGreaterThan(5);
    expect(Object.keys(result[0]!)).toEqual(
      expect.arrayContaining(['type', 'health', 'count', 'created_at', 'updated_at', 'changes']),
    );
  });

  it('groups by a tag key, empty values included, sorted by it', async () => {
    const result = await summary({ groupBy: ['namespace'], cost: '30d' });
    const expected = await rows<{ k: string | null; n: number }>(
      `SELECT tags ->> 'namespace' AS k, count(*)::int AS n FROM config_items
       WHERE deleted_at IS NULL GROUP BY 1 ORDER BY 1`,
    );
    expect(result.map((r) => r.namespace)).toEqual(expected.map((e) => e.k));
    expect(byKey(result, 'namespace')).toEqual(sqlMap(expected));
    expect(result[0]).not.toHaveProperty('type');
  });

  it('groups by type and extra tag keys (tags) and by the config_class column', async () => {
    const result = await summary({ groupBy: ['type'], tags: ['cluster'] });
    const expected = await rows<{ type: string; cluster: string | null; n: number }>(
      `SELECT type, tags ->> 'cluster' AS cluster, count(*)::int AS n FROM config_items
       WHERE deleted_at IS NULL GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    expect(result.map((r) => [r.type, r.cluster, r.count])).toEqual(
      expected.map((e) => [e.type, e.cluster, e.n]),
    );

    const classes = await summary({ groupBy: ['config_class'] });
    const byClass = await rows<{ k: string; n: number }>(
      `SELECT config_class AS k, count(*)::int AS n FROM config_items
       WHERE deleted_at IS NULL GROUP BY 1 ORDER BY 1`,
    );
    expect(byKey(classes, 'config_class')).toEqual(sqlMap(byClass));
  });

  it('counts deleted items only when deleted is true', async () => {
    const [deleted] = await rows<{ n: number }>(
      'SELECT count(*)::int AS n FROM config_items WHERE deleted_at IS NOT NULL',
    );
    expect(deleted!.n).toBeGreaterThan(0);
    const total = (result: Row[]) => result.reduce((sum, r) => sum + r.count, 0);
    const [all] = await rows<{ n: number }>('SELECT count(*)::int AS n FROM config_items');
    expect(total(await summary({ deleted: true }))).toBe(all!.n);
    expect(total(await summary({ deleted: false }))).toBe(all!.n - deleted!.n);
  });

  it('filters by label values to include and exclude', async () => {
    const included = await summary({ filter: { team: 'payments' } });
    const [payments] = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM config_items
       WHERE deleted_at IS NULL AND labels ->> 'team' = 'payments'`,
    );
    expect(payments!.n).toBeGreaterThan(0);
    expect(included.reduce((sum, r) => sum + r.count, 0)).toBe(payments!.n);

    const excluded = await summary({ filter: { team: '!payments' } });
    const [others] = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM config_items
       WHERE deleted_at IS NULL AND labels ->> 'team' IS DISTINCT FROM 'payments'`,
    );
    expect(excluded.reduce((sum, r) => sum + r.count, 0)).toBe(others!.n);

    const both = await summary({ filter: { team: 'payments', tier: '!frontend' } });
    const [expected] = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM config_items
       WHERE deleted_at IS NULL AND labels ->> 'team' = 'payments'
         AND labels ->> 'tier' IS DISTINCT FROM 'frontend'`,
    );
    expect(both.reduce((sum, r) => sum + r.count, 0)).toBe(expected!.n);
  });

  it('filters by health with a tri-state list', async () => {
    const only = await summary({ health: 'warning,unhealthy' });
    for (const row of only) {
      for (const status of Object.keys(row.health ?? {})) {
        expect(['warning', 'unhealthy']).toContain(status);
      }
    }
    const [bad] = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM config_items
       WHERE deleted_at IS NULL AND health IN ('warning', 'unhealthy')`,
    );
    expect(only.reduce((sum, r) => sum + r.count, 0)).toBe(bad!.n);

    const notHealthy = await summary({ health: '!healthy' });
    const [rest] = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM config_items
       WHERE deleted_at IS NULL AND health IS DISTINCT FROM 'healthy'`,
    );
    expect(notHealthy.reduce((sum, r) => sum + r.count, 0)).toBe(rest!.n);
    expect(notHealthy.every((r) => !r.health || !('healthy' in r.health))).toBe(true);

    const mixed = await summary({ health: 'healthy,!unknown' });
    expect(mixed.every((r) => Object.keys(r.health ?? {}).every((k) => k === 'healthy'))).toBe(
      true,
    );
  });

  it('filters by status with a tri-state list', async () => {
    const running = await summary({ status: 'Running' });
    const [n] = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM config_items WHERE deleted_at IS NULL AND status = 'Running'`,
    );
    expect(running.reduce((sum, r) => sum + r.count, 0)).toBe(n!.n);
    const notRunning = await summary({ status: '!Running,!Active' });
    const [m] = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM config_items
       WHERE deleted_at IS NULL AND status IS DISTINCT FROM 'Running' AND status IS DISTINCT FROM 'Active'`,
    );
    expect(notRunning.reduce((sum, r) => sum + r.count, 0)).toBe(m!.n);
  });

  it.each([
    ['1h', 'cost_per_minute * 60'],
    ['1d', 'cost_total_1d'],
    ['7d', 'cost_total_7d'],
    ['30d', 'cost_total_30d'],
  ])('names the cost column cost_%s', async (cost, column) => {
    const result = await summary({ cost });
    const expected = await rows<{ k: string; cost: string | null }>(
      `SELECT type AS k, sum(${column})::text AS cost FROM config_items
       WHERE deleted_at IS NULL GROUP BY 1`,
    );
    for (const row of result) {
      const want = expected.find((e) => e.k === row.type)!.cost;
      expect(row).toHaveProperty(`cost_${cost}`);
      if (want === null) expect(row[`cost_${cost}`]).toBeNull();
      else expect(row[`cost_${cost}`]).toBeCloseTo(Number(want), 3);
    }
  });

  it.each([
    ['{"groupBy":', 'not valid JSON'],
    ['[1,2]', 'the request body must be a JSON object'],
    [{ groupBy: 'type' }, 'groupBy must be an array of strings'],
    [{ deleted: 'no' }, 'deleted must be a boolean'],
    [{ filter: { team: 5 } }, 'filter.team must be a string'],
    [{ health: 1 }, 'health must be a string'],
    [{ changes: { since: 'soon' } }, 'changes.since: invalid duration "soon"'],
    [{ cost: '90d' }, 'cost must be one of 1h, 1d, 7d, 30d'],
    [{ tags: [1] }, 'tags must be an array of strings'],
  ])('answers 400 with a JSON error for %j', async (body, message) => {
    const res = await post('/api/catalog/summary', body);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json<{ error: string }>().error).toContain(message);
  });

  it('reads a body sent with another content type as JSON, and an empty body as defaults', async () => {
    const text = await h.app.inject({
      method: 'POST',
      url: '/api/catalog/summary',
      headers: { cookie: cookies.admin as string, 'content-type': 'text/plain' },
      payload: 'not json',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json<{ error: string }>().error).toContain('not valid JSON');
    const empty = await h.app.inject({
      method: 'POST',
      url: '/api/catalog/summary',
      headers: { cookie: cookies.admin as string },
    });
    expect(empty.statusCode).toBe(200);
    expect(empty.json<Row[]>().length).toBeGreaterThan(0);
  });

  it('needs a signed-in caller; every role may read', async () => {
    const anonymous = await post('/api/catalog/summary', {}, '');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json<{ error: string }>().error).toBeTruthy();
    const invalidAnonymous = await post('/api/catalog/summary', '{bad', '');
    expect(invalidAnonymous.statusCode).toBe(401);
    expect((await post('/api/catalog/summary', {}, 'guest')).statusCode).toBe(200);
  });
});

/** A change as the search answers it: the server's row, always with its creation time. */
type Change = ChangeRow & { created_at: string };

interface ChangesBody {
  summary: Record<string, number>;
  total: number;
  changes: Change[];
}

async function search(body: unknown): Promise<ChangesBody> {
  const res = await post('/api/catalog/changes', body);
  expect(res.statusCode).toBe(200);
  return res.json<ChangesBody>();
}

/** Every matching change: one big page over a wide window unless the body says otherwise. */
async function all(body: Record<string, unknown>): Promise<ChangesBody> {
  return search({ from: 'now-400d', page_size: 10_000, ...body });
}

const CONSOLE_CHANGES = {
  page_size: 50,
  recursive: 'none',
  include_deleted_configs: false,
  sort_by: '-created_at',
};

/** The changes of these configs (live configs only unless `deleted`). */
async function changesOf(ids: string[], deleted = false): Promise<string[]> {
  const found = await rows<{ id: string }>(
    `SELECT cc.id FROM config_changes cc JOIN config_items ci ON ci.id = cc.config_id
     WHERE cc.config_id = ANY($1::uuid[]) AND ($2 OR ci.deleted_at IS NULL)`,
    [ids, deleted],
  );
  return found.map((r) => r.id).sort();
}

/** Configs reached from `id` over hard relationships within `depth` steps in one direction. */
async function walk(id: string, direction: 'down' | 'up', depth: number): Promise<string[]> {
  const [from, to] =
    direction === 'down' ? ['config_id', 'related_id'] : ['related_id', 'config_id'];
  const found = await rows<{ id: string }>(
    `WITH RECURSIVE w (id, depth) AS (
       SELECT $1::uuid, 0
       UNION
       SELECT cr.${to}, w.depth + 1 FROM w JOIN config_relationships cr ON cr.${from} = w.id
       WHERE w.depth < $2 AND cr.relation = 'hard' AND cr.deleted_at IS NULL
     ) SELECT DISTINCT id::text FROM w`,
    [id, depth],
  );
  return found.map((r) => r.id);
}

const ids = (body: ChangesBody) => body.changes.map((c) => c.id).sort();

describe('POST /api/catalog/changes (CAT-19)', () => {
  let deployment: string;

  beforeAll(async () => {
    // A deployment whose pods (two steps down) changed.
    const [row] = await rows<{ id: string }>(
      `SELECT d.id FROM config_items d
       WHERE d.type = 'Kubernetes::Deployment' AND d.deleted_at IS NULL
         AND EXISTS (SELECT 1 FROM config_changes c WHERE c.config_id = d.id)
       ORDER BY (SELECT count(*) FROM config_changes c JOIN config_items x ON x.id = c.config_id
                 WHERE x.path LIKE d.path || '.' || d.id || '.%') DESC, d.id
       LIMIT 1`,
    );
    deployment = row!.id;
  });

  it('answers the global page: changes of the last two days, newest first, with total and summary', async () => {
    const now = new Date();
    const body = await search(CONSOLE_CHANGES);
    const expected = await rows<{ change_type: string; n: number }>(
      `SELECT coalesce(cc.change_type, '') AS change_type, count(*)::int AS n
       FROM config_changes cc JOIN config_items ci ON ci.id = cc.config_id
       WHERE ci.deleted_at IS NULL AND cc.created_at >= $1 GROUP BY 1`,
      [new Date(now.getTime() - 2 * DAY).toISOString()],
    );
    const total = expected.reduce((sum, e) => sum + e.n, 0);
    expect(total).toBeGreaterThan(0);
    expect(body.total).toBe(total);
    expect(body.summary).toEqual(Object.fromEntries(expected.map((e) => [e.change_type, e.n])));
    expect(body.changes).toHaveLength(Math.min(50, total));
    const times = body.changes.map((c) => new Date(c.created_at).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const time of times) expect(time).toBeGreaterThanOrEqual(now.getTime() - 2 * DAY - 1000);
  });

  it('gives each change its config and leaves out empty optional fields', async () => {
    const body = await all({});
    const keys = [
      'id',
      'config_id',
      'agent_id',
      'external_change_id',
      'change_type',
      'severity',
      'source',
      'count',
      'created_at',
    ];
    for (const change of body.changes) {
      for (const key of keys) expect(change).toHaveProperty(key);
      for (const [key, value] of Object.entries(change)) {
        if (!keys.includes(key)) expect(value === null || value === '').toBe(false);
      }
      expect(change.deleted_at).toBeUndefined();
    }
    const change = body.changes.find((c) => c.external_created_by && c.summary)!;
    const [row] = await rows<Record<string, unknown>>(
      `SELECT cc.*, ci.name, ci.type, ci.tags, ci.path, ci.agent_id::text AS agent
       FROM config_changes cc JOIN config_items ci ON ci.id = cc.config_id WHERE cc.id = $1`,
      [change.id],
    );
    expect(change).toMatchObject({
      config_id: row!.config_id,
      agent_id: row!.agent,
      change_type: row!.change_type,
      severity: row!.severity,
      source: row!.source,
      summary: row!.summary,
      count: row!.count,
      name: row!.name,
      type: row!.type,
      tags: row!.tags,
      path: row!.path,
      external_created_by: row!.external_created_by,
    });
    expect(new Date(change.created_at).getTime()).toBe(new Date(row!.created_at as Date).getTime());
    expect(new Date(change.first_observed!).getTime()).toBe(
      new Date(row!.first_observed as Date).getTime(),
    );
    expect(new Date(change.inserted_at!).getTime()).toBe(
      new Date(row!.inserted_at as Date).getTime(),
    );
  });

  it('with an id and recursive none, answers only that config’s changes', async () => {
    const body = await all({ id: deployment, recursive: 'none' });
    expect(ids(body)).toEqual(await changesOf([deployment]));
    expect(body.changes.every((c) => c.config_id === deployment)).toBe(true);
  });

  it('with recursive downstream (the default), adds the changes of children within depth', async () => {
    const deep = await all({ id: deployment });
    expect(ids(deep)).toEqual(await changesOf(await walk(deployment, 'down', 5)));
    expect(ids(await all({ id: deployment, recursive: 'downstream', depth: 5 }))).toEqual(
      ids(deep),
    );
    const shallow = await all({ id: deployment, recursive: 'downstream', depth: 1 });
    expect(ids(shallow)).toEqual(await changesOf(await walk(deployment, 'down', 1)));
    expect(deep.total).toBeGreaterThan(shallow.total);
  });

  it('with recursive upstream, adds the changes of parents; with all, both directions', async () => {
    const [pod] = await rows<{ id: string }>(
      `SELECT ci.id FROM config_items ci WHERE ci.type = 'Kubernetes::Pod' AND ci.deleted_at IS NULL
       AND EXISTS (SELECT 1 FROM config_changes c WHERE c.config_id = ci.parent_id)
       ORDER BY ci.id LIMIT 1`,
    );
    const up = await all({ id: pod!.id, recursive: 'upstream' });
    const ancestors = await walk(pod!.id, 'up', 5);
    expect(ancestors.length).toBeGreaterThan(2);
    expect(ids(up)).toEqual(await changesOf(ancestors));
    const near = await all({ id: pod!.id, recursive: 'upstream', depth: 1 });
    expect(ids(near)).toEqual(await changesOf(await walk(pod!.id, 'up', 1)));

    const both = await all({ id: deployment, recursive: 'all', depth: 2 });
    const reached = [
      ...new Set([...(await walk(deployment, 'down', 2)), ...(await walk(deployment, 'up', 2))]),
    ];
    expect(ids(both)).toEqual(await changesOf(reached));
  });

  it('with soft and a direction, adds the changes of softly related configs; with none, soft changes nothing', async () => {
    const [item] = await rows<{ id: string }>(
      `SELECT cr.config_id::text AS id FROM config_relationships cr
       JOIN config_changes c ON c.config_id = cr.related_id
       JOIN config_items ci ON ci.id = cr.related_id AND ci.deleted_at IS NULL
       WHERE cr.relation <> 'hard' AND cr.deleted_at IS NULL
       ORDER BY cr.config_id LIMIT 1`,
    );
    expect(item).toBeDefined();
    // As Mission Control's related_changes_recursive: soft needs a direction to walk.
    const alone = await all({ id: item!.id, recursive: 'none' });
    const softAlone = await all({ id: item!.id, recursive: 'none', soft: true });
    expect(ids(softAlone)).toEqual(ids(alone));
    const down = await all({ id: item!.id, recursive: 'downstream', depth: 1 });
    const softDown = await all({ id: item!.id, recursive: 'downstream', depth: 1, soft: true });
    expect(softDown.total).toBeGreaterThan(down.total);
  });

  it('filters by config type with a tri-state list and globs', async () => {
    const pods = await all({ config_type: 'Kubernetes::Pod' });
    expect(pods.total).toBeGreaterThan(0);
    expect(pods.changes.every((c) => c.type === 'Kubernetes::Pod')).toBe(true);
    const notPods = await all({ config_type: '!Kubernetes::Pod' });
    expect(notPods.changes.some((c) => c.type === 'Kubernetes::Pod')).toBe(false);
    const everything = await all({});
    expect(pods.total + notPods.total).toBe(everything.total);
    const aws = await all({ config_type: 'AWS::*' });
    expect(aws.total).toBeGreaterThan(0);
    expect(aws.changes.every((c) => c.type!.startsWith('AWS::'))).toBe(true);
    const mixed = await all({ config_type: 'Kubernetes::*,!Kubernetes::Pod' });
    expect(
      mixed.changes.every(
        (c) => c.type!.startsWith('Kubernetes::') && c.type !== 'Kubernetes::Pod',
      ),
    ).toBe(true);
  });

  it('filters by change type and by severity (that severity or worse)', async () => {
    const diffs = await all({ type: 'diff' });
    expect(diffs.total).toBeGreaterThan(0);
    expect(diffs.changes.every((c) => c.change_type === 'diff')).toBe(true);
    expect(diffs.summary).toEqual({ diff: diffs.total });
    const others = await all({ type: '!diff,!CREATE' });
    expect(others.changes.some((c) => ['diff', 'CREATE'].includes(c.change_type))).toBe(false);

    const severe = await all({ severity: 'medium' });
    expect(severe.total).toBeGreaterThan(0);
    expect(severe.changes.every((c) => ['critical', 'high', 'medium'].includes(c.severity))).toBe(
      true,
    );
    const [count] = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM config_changes cc JOIN config_items ci ON ci.id = cc.config_id
       WHERE ci.deleted_at IS NULL AND cc.severity IN ('critical', 'high', 'medium')`,
    );
    expect(severe.total).toBe(count!.n);
    const notInfo = await all({ severity: '!info' });
    expect(notInfo.changes.some((c) => c.severity === 'info')).toBe(false);
  });

  it('filters by a time range in date math or ISO form', async () => {
    const now = Date.now();
    const math = await all({ from: 'now-7d', to: 'now-1d' });
    expect(math.total).toBeGreaterThan(0);
    for (const c of math.changes) {
      const t = new Date(c.created_at).getTime();
      expect(t).toBeGreaterThanOrEqual(now - 7 * DAY - 60_000);
      expect(t).toBeLessThanOrEqual(now - DAY + 60_000);
    }
    const from = new Date(now - 7 * DAY).toISOString();
    const to = new Date(now - DAY).toISOString();
    const iso = await all({ from, to });
    const [count] = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM config_changes cc JOIN config_items ci ON ci.id = cc.config_id
       WHERE ci.deleted_at IS NULL AND cc.created_at >= $1 AND cc.created_at <= $2`,
      [from, to],
    );
    expect(iso.total).toBe(count!.n);
    expect(Math.abs(iso.total - math.total)).toBeLessThanOrEqual(1);
    const onlyTo = await search({ to: 'now-1d', page_size: 10_000 });
    const [before] = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM config_changes cc JOIN config_items ci ON ci.id = cc.config_id
       WHERE ci.deleted_at IS NULL AND cc.created_at <= $1`,
      [to],
    );
    expect(Math.abs(onlyTo.total - before!.n)).toBeLessThanOrEqual(1);
  });

  it('pages with page and page_size and keeps the total', async () => {
    const first = await all({ page_size: 20 });
    expect(first.changes).toHaveLength(20);
    const second = await all({ page: 2, page_size: 10 });
    expect(second.total).toBe(first.total);
    expect(second.changes.map((c) => c.id)).toEqual(first.changes.slice(10, 20).map((c) => c.id));
    const beyond = await all({ page: 1000, page_size: 10 });
    expect(beyond.changes).toEqual([]);
    expect(beyond.total).toBe(first.total);
  });

  it('sorts by the sort_by column, - meaning descending', async () => {
    const ascending = await all({ sort_by: 'created_at' });
    const times = ascending.changes.map((c) => new Date(c.created_at).getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const counts = (await all({ sort_by: '-count' })).changes.map((c) => c.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const names = (await all({ sort_by: 'name' })).changes.map((c) => c.name ?? '');
    const sorted = await rows<{ name: string }>(
      `SELECT ci.name FROM config_changes cc JOIN config_items ci ON ci.id = cc.config_id
       WHERE ci.deleted_at IS NULL ORDER BY ci.name, cc.id`,
    );
    expect(names).toEqual(sorted.map((r) => r.name));
    const types = (await all({ sort_by: '-change_type' })).changes.map((c) => c.change_type);
    const byType = await rows<{ change_type: string }>(
      `SELECT cc.change_type FROM config_changes cc JOIN config_items ci ON ci.id = cc.config_id
       WHERE ci.deleted_at IS NULL ORDER BY cc.change_type DESC, cc.id DESC`,
    );
    expect(types).toEqual(byType.map((r) => r.change_type));
  });

  it('filters by a tag selector on the changed config', async () => {
    const payments = await all({ tags: 'namespace=payments' });
    expect(payments.total).toBeGreaterThan(0);
    expect(payments.changes.every((c) => c.tags?.namespace === 'payments')).toBe(true);
    const others = await all({ tags: 'namespace!=payments' });
    expect(others.total + payments.total).toBe((await all({})).total);
    const some = await all({ tags: 'namespace in (payments,billing),cluster' });
    expect(
      some.changes.every(
        (c) => ['payments', 'billing'].includes(c.tags!.namespace!) && c.tags!.cluster,
      ),
    ).toBe(true);
    const none = await all({ tags: 'namespace notin (payments,billing)' });
    expect(
      none.changes.some((c) => ['payments', 'billing'].includes(c.tags?.namespace ?? '')),
    ).toBe(false);
    expect(none.total + some.total).toBe((await all({})).total);
  });

  it('filters by author: people by id, everyone else by external name', async () => {
    const kubelet = await all({ created_by: 'kubelet' });
    expect(kubelet.total).toBeGreaterThan(0);
    expect(kubelet.changes.every((c) => c.external_created_by === 'kubelet')).toBe(true);
    const notKubelet = await all({ created_by: '!kubelet' });
    expect(notKubelet.changes.some((c) => c.external_created_by === 'kubelet')).toBe(false);
    expect(kubelet.total + notKubelet.total).toBe((await all({})).total);

    const [person] = await rows<{ id: string }>(
      `SELECT p.id FROM people p
       WHERE NOT EXISTS (SELECT 1 FROM config_changes cc WHERE cc.created_by = p.id)
       ORDER BY p.id LIMIT 1`,
    );
    const [change] = await rows<{ id: string }>(
      `UPDATE config_changes SET created_by = $1
       WHERE id = (SELECT cc.id FROM config_changes cc JOIN config_items ci ON ci.id = cc.config_id
                   WHERE ci.deleted_at IS NULL ORDER BY cc.id LIMIT 1)
       RETURNING id`,
      [person!.id],
    );
    const byPerson = await all({ created_by: person!.id });
    expect(byPerson.changes.map((c) => [c.id, c.created_by])).toEqual([[change!.id, person!.id]]);
  });

  it('filters by source and summary, decoding each item', async () => {
    const trail = await all({ source: 'Cloud%54rail' });
    expect(trail.total).toBeGreaterThan(0);
    expect(trail.changes.every((c) => c.source === 'CloudTrail')).toBe(true);
    const backup = await all({ source: 'AWS%20Backup' });
    expect(backup.total).toBeGreaterThan(0);
    expect(backup.changes.every((c) => c.source === 'AWS Backup')).toBe(true);
    const notK8s = await all({ source: '!Kubernetes' });
    expect(notK8s.changes.some((c) => c.source === 'Kubernetes')).toBe(false);

    const [common] = await rows<{ summary: string }>(
      `SELECT summary FROM config_changes WHERE summary LIKE '% %' GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
    );
    const exact = await all({ summary: encodeURIComponent(common!.summary) });
    expect(exact.total).toBeGreaterThan(0);
    expect(exact.changes.every((c) => c.summary === common!.summary)).toBe(true);
    const prefix = common!.summary.split(' ')[0]!;
    const glob = await all({ summary: `${encodeURIComponent(prefix)}*` });
    expect(glob.total).toBeGreaterThanOrEqual(exact.total);
    expect(glob.changes.every((c) => c.summary!.startsWith(prefix))).toBe(true);
  });

  it('leaves out changes of deleted configs unless include_deleted_configs', async () => {
    const without = await all({ include_deleted_configs: false });
    const with_ = await all({ include_deleted_configs: true });
    const [deleted] = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM config_changes cc JOIN config_items ci ON ci.id = cc.config_id
       WHERE ci.deleted_at IS NOT NULL AND cc.created_at >= now() - interval '400 days'`,
    );
    expect(deleted!.n).toBeGreaterThan(0);
    expect(with_.total).toBe(without.total + deleted!.n);
    const gone = with_.changes.filter((c) => c.deleted_at);
    expect(gone).toHaveLength(deleted!.n);
  });

  it('reads the agent and insertion-time filters', async () => {
    const local = await all({ agent_id: 'local' });
    expect(local.changes.every((c) => c.agent_id === '00000000-0000-0000-0000-000000000000')).toBe(
      true,
    );
    const agents = await rows<{ agent: string; n: number }>(
      `SELECT ci.agent_id::text AS agent, count(*)::int AS n
       FROM config_changes cc JOIN config_items ci ON ci.id = cc.config_id
       WHERE ci.deleted_at IS NULL AND cc.created_at >= now() - interval '400 days' GROUP BY 1`,
    );
    expect(local.total).toBe(
      agents.find((a) => a.agent === '00000000-0000-0000-0000-000000000000')?.n ?? 0,
    );
    for (const { agent, n } of agents) {
      expect((await all({ agent_id: agent })).total).toBe(n);
    }
    const recent = await all({ from_inserted_at: 'now-1d' });
    const [count] = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM config_changes cc JOIN config_items ci ON ci.id = cc.config_id
       WHERE ci.deleted_at IS NULL AND cc.inserted_at >= now() - interval '1 day'`,
    );
    expect(Math.abs(recent.total - count!.n)).toBeLessThanOrEqual(1);
  });

  it('answers an empty result with zero total', async () => {
    const body = await search({ id: '00000000-0000-4000-8000-000000000000' });
    expect(body).toEqual({ summary: {}, total: 0, changes: [] });
  });

  it('routes the deprecated GET with the same keys as query parameters', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: '/api/catalog/changes?from=now-400d&type=diff&page_size=5&page=2&sort_by=-created_at',
      headers: { cookie: cookies.admin as string },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<ChangesBody>();
    const posted = await search({ from: 'now-400d', type: 'diff', page_size: 5, page: 2 });
    expect(body).toEqual(posted);
    const bad = await h.app.inject({
      method: 'GET',
      url: '/api/catalog/changes?page_size=ten',
      headers: { cookie: cookies.admin as string },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toBe('page_size must be a positive integer');
  });

  it.each([
    ['{"page":', 'not valid JSON'],
    ['"text"', 'the request body must be a JSON object'],
    ['[]', 'the request body must be a JSON object'],
    [{ sort_by: 'foo' }, 'sort_by: unknown column "foo"'],
    [{ page_size: 0 }, 'page_size must be a positive integer'],
    [{ page: 'two' }, 'page must be a positive integer'],
    [{ depth: -1 }, 'depth must be a positive integer'],
    [{ from: 'xyz' }, 'from: invalid time "xyz"'],
    [{ from: 'now', to: 'now-1d' }, 'from must be before to'],
    [{ recursive: 'sideways' }, 'recursive must be one of'],
    [{ tags: 'namespace in (a' }, 'tags: unbalanced parentheses'],
    [{ id: 'tags.=x' }, 'id: expected a key after "tags."'],
    [{ id: 'playbook=x' }, 'id: "playbook" is not a field of configs'],
    [{ severity: 'urgent' }, 'severity: unknown severity'],
    [{ include_deleted_configs: 'yes' }, 'include_deleted_configs must be a boolean'],
    [{ agent_id: 'someone' }, 'agent_id must be'],
  ])('answers 400 with a JSON error for %j', async (body, message) => {
    const res = await post('/api/catalog/changes', body);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toContain(message);
  });

  it('needs a signed-in caller', async () => {
    expect((await post('/api/catalog/changes', CONSOLE_CHANGES, '')).statusCode).toBe(401);
    const get = await h.app.inject({ method: 'GET', url: '/api/catalog/changes' });
    expect(get.statusCode).toBe(401);
    expect((await post('/api/catalog/changes', CONSOLE_CHANGES, 'guest')).statusCode).toBe(200);
  });
});
