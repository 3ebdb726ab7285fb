import Ajv from 'ajv';
import { VIEWS } from '../../../server/demo/seed/viewCatalog';
import { checkPanelQuery, PanelQueryError } from '../../../server/demo/views/panels';
import type { ViewVariable } from '../../../server/demo/views/evaluate';
import { runQuery, substitute } from '../../../server/demo/views/queries';
import { demoSuite, postJson } from './support';

jest.setTimeout(120_000);

const { h, cookies } = demoSuite(['admin', 'viewer']);

interface Result {
  name: string;
  namespace?: string;
  title: string;
  icon?: string;
  refreshStatus: string;
  refreshError?: string;
  responseSource: string;
  lastRefreshedAt: string | null;
  requestFingerprint: string;
  columns: Array<{ name: string; type: string; hidden?: boolean; primaryKey?: boolean }>;
  panels: Array<{
    name: string;
    type: string;
    rows: Array<Record<string, unknown>>;
    error?: { code: string; message: string; hint: string };
  }>;
  variables: ViewVariable[];
  columnOptions: Record<string, { list: string[] }>;
}

async function rows<T = Record<string, unknown>>(sql: string, params: unknown[] = []) {
  return (await h.db.query<T>(sql, params)).rows;
}

async function viewId(name: string): Promise<string> {
  const [row] = await rows<{ id: string }>(`SELECT id FROM views WHERE name = $1`, [name]);
  if (!row) throw new Error(`no view ${name}`);
  return row.id;
}

function evaluate(id: string, body: unknown, headers: Record<string, string> = {}) {
  return h.app.inject({
    method: 'POST',
    url: `/api/view/${id}`,
    headers: { cookie: cookies.viewer as string, 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function evaluated(id: string, variables: Record<string, string>, headers = {}) {
  const response = await evaluate(id, { variables }, headers);
  expect(response.statusCode).toBe(200);
  return response.json<Result>();
}

function db(url: string, role = 'viewer') {
  return h.app.inject({
    method: 'GET',
    url: `/api/db/${url}`,
    headers: { cookie: cookies[role] as string, prefer: 'count=exact' },
  });
}

/** Saves a view's new spec as an admin (VIEW-03). */
function editView(id: string, spec: unknown) {
  return h.app.inject({
    method: 'PATCH',
    url: `/api/db/views?id=eq.${id}`,
    headers: { cookie: cookies.admin as string, 'content-type': 'application/json' },
    payload: JSON.stringify({ spec }),
  });
}

function panel(result: Result, name: string) {
  const found = result.panels.find((p) => p.name === name);
  if (!found) throw new Error(`no panel ${name}`);
  return found;
}

async function podsIn(namespace: string): Promise<number> {
  const [row] = await rows<{ n: number }>(
    `SELECT count(*)::int AS n FROM config_items
      WHERE type = 'Kubernetes::Pod' AND deleted_at IS NULL AND tags ->> 'namespace' = $1`,
    [namespace],
  );
  return row?.n ?? 0;
}

describe('POST /api/view/{id} (VIEW-02)', () => {
  it('evaluates the pods view with its default variables', async () => {
    const result = await evaluated(await viewId('pods'), {});
    expect(result).toMatchObject({
      name: 'pods',
      namespace: 'mission-control',
      title: 'Pods',
      icon: 'k8s-pod',
      refreshStatus: expect.stringMatching(/^(fresh|cache)$/),
      responseSource: expect.stringMatching(/^(fresh|cache)$/),
    });
    expect(result.requestFingerprint).toMatch(/^[0-9a-f]{32}$/);
    expect(new Date(result.lastRefreshedAt ?? '').getTime()).not.toBeNaN();
    expect(result.columns.map((c) => c.name)).toEqual([
      'id',
      'name',
      'namespace',
      'cluster',
      'status',
      'health',
      'created',
    ]);
    const [cluster, namespace] = result.variables;
    const clusters = await rows<{ name: string }>(
      `SELECT DISTINCT name FROM config_items WHERE type = 'Kubernetes::Cluster' AND deleted_at IS NULL ORDER BY name`,
    );
    expect(cluster).toMatchObject({ key: 'cluster', label: 'Cluster', type: 'list' });
    expect(cluster?.options).toEqual(clusters.map((c) => c.name));
    expect(cluster?.value).toBe(clusters[0]?.name);
    expect(namespace).toMatchObject({ key: 'namespace', default: 'default', value: 'default' });
    expect(namespace?.options).toEqual(expect.arrayContaining(['default', 'kube-system']));
    expect(result.panels.map((p) => p.type).sort()).toEqual(
      ['duration', 'gauge', 'number', 'piechart', 'text'].sort(),
    );
    expect(panel(result, 'Pods').rows).toEqual([{ value: await podsIn('default') }]);
    expect(panel(result, 'Healthy')).toMatchObject({
      description: 'Share of the pods that are healthy',
      gauge: { min: 0, max: 100, unit: '%' },
      rows: [{ value: expect.any(Number) }],
    });
    const oldest = panel(result, 'Oldest pod').rows[0]?.value as number;
    expect(oldest).toBeGreaterThan(60 * 1e9); // nanoseconds
    expect(typeof panel(result, 'Not running').rows[0]?.value).toBe('string');
    expect(result.columnOptions.health?.list.length).toBeGreaterThan(0);
  });

  it('changes the panels, the fingerprint and the table rows with the variables', async () => {
    const id = await viewId('pods');
    const base = await evaluated(id, {});
    const system = await evaluated(id, { namespace: 'kube-system' });
    expect(system.requestFingerprint).not.toBe(base.requestFingerprint);
    expect(system.variables[1]?.value).toBe('kube-system');
    const expected = await podsIn('kube-system');
    expect(expected).not.toBe(await podsIn('default'));
    expect(panel(system, 'Pods').rows).toEqual([{ value: expected }]);
    const health = panel(system, 'Health').rows as Array<{ health: string; count: number }>;
    expect(health.reduce((sum, r) => sum + r.count, 0)).toBe(expected);

    const page = await db(
      `view_mission_control_pods?select=*&request_fingerprint=eq.${system.requestFingerprint}`,
    );
    expect(page.statusCode).toBe(200);
    const tableRows = page.json<Array<{ namespace: string; request_fingerprint: string }>>();
    expect(tableRows).toHaveLength(expected);
    expect(new Set(tableRows.map((r) => r.namespace))).toEqual(new Set(['kube-system']));
    expect(page.headers['content-range']).toBe(`0-${expected - 1}/${expected}`);

    // The same variables, given explicitly, are the same request.
    const same = await evaluated(id, { namespace: 'default', cluster: base.variables[0]!.value });
    expect(same.requestFingerprint).toBe(base.requestFingerprint);
  });

  it('answers from the cache until max-age passes, and max-age forces a refresh', async () => {
    const id = await viewId('deployments');
    const first = await evaluated(id, {}, { 'cache-control': 'max-age=0' });
    expect(first).toMatchObject({ responseSource: 'fresh', refreshStatus: 'fresh' });
    const again = await evaluated(id, {});
    expect(again).toMatchObject({ responseSource: 'cache', refreshStatus: 'cache' });
    expect(again.lastRefreshedAt).toBe(first.lastRefreshedAt);
    expect(again.panels).toEqual(first.panels);

    // Results five seconds old: served under the spec's 15m, refreshed under max-age=1.
    await h.db.query(
      `UPDATE view_panels SET refreshed_at = refreshed_at - interval '5 seconds'
        WHERE view_id = $1 AND request_fingerprint = $2`,
      [id, first.requestFingerprint],
    );
    expect((await evaluated(id, {})).responseSource).toBe('cache');
    const forced = await evaluated(id, {}, { 'cache-control': 'max-age=1' });
    expect(forced.responseSource).toBe('fresh');
    expect(new Date(forced.lastRefreshedAt!).getTime()).toBeGreaterThan(
      new Date(first.lastRefreshedAt!).getTime() - 5000,
    );
    const [view] = await rows<{ last_ran: Date; error: string | null }>(
      `SELECT last_ran, error FROM views WHERE id = $1`,
      [id],
    );
    expect(view?.error).toBeNull();
    expect(new Date(view!.last_ran).toISOString()).toBe(forced.lastRefreshedAt);
  });

  it('refreshes when the definition was edited after the cached results', async () => {
    const id = await viewId('namespaces');
    await evaluated(id, {}, { 'cache-control': 'max-age=0' });
    const edit = await editView(id, {
      ...VIEWS.find((v) => v.name === 'namespaces')!.spec,
      panels: [
        {
          name: 'Unhealthy',
          type: 'number',
          query: `SELECT COUNT(*) FILTER (WHERE health = 'unhealthy') AS value FROM namespaces`,
        },
      ],
    });
    expect(edit.statusCode).toBeLessThan(300);
    const result = await evaluated(id, {});
    expect(result.responseSource).toBe('fresh');
    expect(result.panels.map((p) => p.name)).toEqual(['Unhealthy']);
  });

  it('answers 404 for an unknown or malformed id, 400 for a malformed body', async () => {
    const missing = await evaluate('00000000-0000-0000-0000-0000000000ff', { variables: {} });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: expect.stringContaining('not found') });
    expect((await evaluate('pods', { variables: {} })).statusCode).toBe(404);

    const id = await viewId('pods');
    const broken = await evaluate(id, '{"variables": ');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ error: expect.any(String) });
    for (const body of [
      [],
      { variables: [] },
      { variables: 'x' },
      { variables: { a: { b: 1 } } },
    ]) {
      const response = await evaluate(id, body);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toMatch(/invalid request body/);
    }
  });

  it('answers 400 for a view whose name cannot name a table or whose spec is not understood', async () => {
    const [odd] = await rows<{ id: string }>(
      `INSERT INTO views (name, namespace, spec) VALUES ('odd"name', 'tests', $1) RETURNING id`,
      [JSON.stringify(VIEWS[0]!.spec)],
    );
    const named = await evaluate(odd!.id, { variables: {} });
    expect(named.statusCode).toBe(400);
    expect(named.json<{ error: string }>().error).toContain('cannot name its table');

    const [bad] = await rows<{ id: string }>(
      `INSERT INTO views (name, namespace, spec) VALUES ('bad-spec', 'tests', $1) RETURNING id`,
      [JSON.stringify({ queries: { pods: { configs: {}, checks: {} } }, columns: [] })],
    );
    const refused = await evaluate(bad!.id, { variables: {} });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error:
        'invalid view spec: query "pods" needs exactly one of configs, checks, changes, incidents, playbookRuns',
    });
    const [stored] = await rows<{ error: string }>(`SELECT error FROM views WHERE id = $1`, [
      bad!.id,
    ]);
    expect(stored?.error).toContain('needs exactly one of configs, checks');
  });

  it('answers 401 signed out and 403 to a caller without access to views', async () => {
    const id = await viewId('pods');
    const anonymous = await postJson(h.app, `/api/view/${id}`, undefined, { variables: {} });
    expect(anonymous.statusCode).toBe(401);
    const created = await postJson(h.app, '/api/agent/generate', cookies.admin, {
      name: 'views-probe',
    });
    expect(created.statusCode).toBe(201);
    const token = created.json<{ access_token: string }>().access_token;
    const denied = await h.app.inject({
      method: 'POST',
      url: `/api/view/${id}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ variables: {} }),
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ error: expect.any(String) });
  });
});

describe('a view created at run time', () => {
  const spec = {
    display: { title: 'Probe', sidebar: false },
    templating: [{ key: 'health', values: ['healthy', 'unhealthy'], default: 'healthy' }],
    queries: { items: { configs: { types: ['Kubernetes::Pod'], health: '$(var.health)' } } },
    columns: [
      { name: 'id', type: 'string', primaryKey: true },
      { name: 'name', type: 'string' },
      { name: 'health', type: 'health' },
      { name: 'created', type: 'datetime' },
    ],
    mapping: { created: 'row.created_at' },
    panels: [
      { name: 'ok', type: 'number', query: 'SELECT COUNT(*) AS value FROM items;' },
      { name: 'delete', type: 'number', query: 'DELETE FROM config_items RETURNING id' },
      { name: 'real table', type: 'number', query: 'SELECT COUNT(*) AS value FROM config_items' },
      {
        name: 'qualified',
        type: 'table',
        query: 'SELECT i.name FROM items i JOIN public.people p ON p.name = i.name',
      },
      { name: 'two', type: 'number', query: 'SELECT 1 AS value; SELECT 2 AS value' },
      {
        name: 'cte write',
        type: 'number',
        query: 'WITH gone AS (DELETE FROM checks RETURNING 1) SELECT COUNT(*) FROM gone',
      },
      { name: 'sleep', type: 'number', query: 'SELECT pg_sleep(5) AS value' },
    ],
  };
  let id = '';

  beforeAll(async () => {
    const created = await h.app.inject({
      method: 'POST',
      url: '/api/db/views',
      headers: {
        cookie: cookies.admin as string,
        'content-type': 'application/json',
        prefer: 'return=representation',
      },
      payload: JSON.stringify({ name: 'probe-view', namespace: 'tests', spec, source: 'UI' }),
    });
    expect(created.statusCode).toBe(201);
    id = created.json<Array<{ id: string }>>()[0]!.id;
  });

  it('runs only single SELECTs over the query results; refusals are panel errors', async () => {
    const [before] = await rows<{ n: number }>(
      `SELECT (SELECT count(*) FROM config_items)::int + (SELECT count(*) FROM checks)::int AS n`,
    );
    const result = await evaluated(id, {});
    const healthy = (
      await rows<{ n: number }>(
        `SELECT count(*)::int AS n FROM config_items WHERE type = 'Kubernetes::Pod' AND deleted_at IS NULL AND health = 'healthy'`,
      )
    )[0]!.n;
    expect(panel(result, 'ok')).toMatchObject({ rows: [{ value: healthy }] });
    expect(panel(result, 'ok').error).toBeUndefined();
    expect(panel(result, 'delete').error?.message).toMatch(/only a SELECT/);
    expect(panel(result, 'real table').error?.message).toMatch(
      /permission denied for table config_items/,
    );
    expect(panel(result, 'qualified').error?.message).toMatch(/permission denied for table people/);
    expect(panel(result, 'two').error?.message).toMatch(/single SELECT/);
    expect(panel(result, 'cte write').error?.message).toMatch(/DELETE is not allowed/);
    expect(panel(result, 'sleep').error?.message).toMatch(
      /permission denied for function pg_sleep/,
    );
    // Each error carries a code (the SQLSTATE, or EINVALID when refused before running) and a hint.
    expect(panel(result, 'real table').error).toEqual({
      code: '42501',
      message: expect.any(String),
      hint: expect.stringContaining('items (id, name, type'),
    });
    expect(panel(result, 'delete').error).toMatchObject({
      code: 'EINVALID',
      hint: expect.stringContaining('single SELECT'),
    });
    for (const name of ['delete', 'real table', 'qualified', 'two', 'cte write', 'sleep']) {
      expect(panel(result, name).rows).toEqual([]);
    }
    expect(result.refreshStatus).toBe('error');
    expect(result.refreshError).toContain('panel "real table"');
    const [after] = await rows<{ n: number }>(
      `SELECT (SELECT count(*) FROM config_items)::int + (SELECT count(*) FROM checks)::int AS n`,
    );
    expect(after?.n).toBe(before?.n);
    const [view] = await rows<{ error: string | null }>(`SELECT error FROM views WHERE id = $1`, [
      id,
    ]);
    expect(view?.error).toContain('panel "delete"');

    // The refusals leave the connection as it was: the demo still writes.
    const who = await db('people?select=id&limit=1', 'admin');
    expect(who.statusCode).toBe(206);
  });

  it('creates its table, readable through /api/db with filters, order and paging', async () => {
    const healthy = await evaluated(id, {});
    const unhealthy = await evaluated(id, { health: 'unhealthy' });
    const table = 'view_tests_probe_view';
    const all = await db(
      `${table}?select=*&request_fingerprint=eq.${unhealthy.requestFingerprint}`,
    );
    expect(all.statusCode).toBe(200);
    const unhealthyRows = all.json<Array<{ health: string; name: string }>>();
    expect(unhealthyRows.length).toBeGreaterThan(0);
    expect(unhealthyRows.every((r) => r.health === 'unhealthy')).toBe(true);

    const fp = healthy.requestFingerprint;
    const names = (
      await rows<{ name: string }>(
        `SELECT name FROM ${table} WHERE request_fingerprint = $1 ORDER BY name`,
        [fp],
      )
    ).map((r) => r.name);
    expect(names.length).toBeGreaterThan(3);
    const [first, second] = names;
    const filtered = await db(
      `${table}?select=name&request_fingerprint=eq.${fp}&name.filter=${encodeURIComponent(`${first},${second}`)}&order=name.asc`,
    );
    expect(filtered.json()).toEqual([{ name: first }, { name: second }]);
    const excluded = await db(
      `${table}?select=name&request_fingerprint=eq.${fp}&name.filter=${encodeURIComponent(`!${first}`)}`,
    );
    expect(excluded.headers['content-range']).toBe(`0-${names.length - 2}/${names.length - 1}`);

    await h.db.query(
      `UPDATE ${table} SET created = NULL WHERE request_fingerprint = $1 AND name = $2`,
      [fp, first],
    );
    const ordered = await db(
      `${table}?select=name,created&request_fingerprint=eq.${fp}&order=${encodeURIComponent('created.desc.nullslast')}&limit=2&offset=${names.length - 2}`,
    );
    expect(ordered.statusCode).toBe(206);
    const tail = ordered.json<Array<{ name: string; created: string | null }>>();
    expect(tail).toHaveLength(2);
    expect(tail[1]).toEqual({ name: first, created: null });
    expect(ordered.headers['content-range']).toBe(
      `${names.length - 2}-${names.length - 1}/${names.length}`,
    );
  });

  it('rebuilds its table when the columns change', async () => {
    const edit = await editView(id, {
      ...spec,
      columns: [
        { name: 'id', type: 'string', primaryKey: true },
        { name: 'cluster', type: 'string' },
      ],
      mapping: { cluster: 'row.tags.cluster' },
      panels: [],
    });
    expect(edit.statusCode).toBeLessThan(300);
    // Two requests at once after the edit: one rebuilds the table, neither loses its rows.
    const [result, other] = await Promise.all([
      evaluated(id, {}),
      evaluated(id, { health: 'unhealthy' }),
    ]);
    expect(result.refreshStatus).toBe('fresh');
    for (const fingerprint of [result.requestFingerprint, other.requestFingerprint]) {
      const [stored] = await rows<{ n: number }>(
        `SELECT count(*)::int AS n FROM view_tests_probe_view WHERE request_fingerprint = $1`,
        [fingerprint],
      );
      expect(stored?.n).toBeGreaterThan(0);
    }
    const page = await db(
      `view_tests_probe_view?select=id,cluster&request_fingerprint=eq.${result.requestFingerprint}&limit=1`,
    );
    expect(page.statusCode).toBe(206);
    expect(Object.keys(page.json<object[]>()[0]!)).toEqual(['id', 'cluster']);
  });

  it('takes its table and cached panels with it when deleted for good', async () => {
    const removed = await h.app.inject({
      method: 'DELETE',
      url: `/api/db/views?id=eq.${id}`,
      headers: { cookie: cookies.admin as string },
    });
    expect(removed.statusCode).toBeLessThan(300);
    const [left] = await rows<{ tables: number; panels: number }>(
      `SELECT (SELECT count(*) FROM pg_tables WHERE tablename = 'view_tests_probe_view')::int AS tables,
        (SELECT count(*) FROM view_panels WHERE view_id = $1)::int AS panels`,
      [id],
    );
    expect(left).toEqual({ tables: 0, panels: 0 });
    const read = await db('view_tests_probe_view?select=id&limit=1');
    expect(read.statusCode).toBe(404);
  });
});

describe('GET /api/view/list (VIEW-06)', () => {
  async function list(query: string) {
    return h.app.inject({
      method: 'GET',
      url: `/api/view/list${query}`,
      headers: { cookie: cookies.viewer as string },
    });
  }

  async function configOfType(type: string): Promise<string> {
    const [row] = await rows<{ id: string }>(
      `SELECT id FROM config_items WHERE type = $1 AND deleted_at IS NULL ORDER BY name LIMIT 1`,
      [type],
    );
    return row!.id;
  }

  it('lists the views whose configTab selector matches the config', async () => {
    const namespace = await list(`?config_id=${await configOfType('Kubernetes::Namespace')}`);
    expect(namespace.statusCode).toBe(200);
    expect(namespace.json()).toEqual([
      {
        id: await viewId('deployments'),
        name: 'deployments',
        namespace: 'mission-control',
        title: 'Deployments',
        icon: 'k8s-deployment',
        ordinal: 2,
      },
    ]);
    const instance = await list(`?config_id=${await configOfType('AWS::EC2::Instance')}`);
    expect(instance.json<Array<{ name: string }>>().map((v) => v.name)).toEqual(['ec2-instances']);
    const pod = await list(`?config_id=${await configOfType('Kubernetes::Pod')}`);
    expect(pod.json()).toEqual([]);
  });

  it('answers 400 without a config id and 404 for an unknown config', async () => {
    const without = await list('');
    expect(without.statusCode).toBe(400);
    expect(without.json()).toEqual({ error: 'config_id is required' });
    expect((await list('?config_id=nope')).statusCode).toBe(400);
    const unknown = await list('?config_id=00000000-0000-0000-0000-0000000000ff');
    expect(unknown.statusCode).toBe(404);
  });
});

describe('view specs', () => {
  it('serves view.schema.json, which accepts every seeded spec and refuses a bad one', async () => {
    const response = await h.app.inject({ method: 'GET', url: '/api/schemas/view.schema.json' });
    expect(response.statusCode).toBe(200);
    const validate = new Ajv({ strict: false }).compile(response.json());
    for (const view of VIEWS) expect(validate(view.spec)).toBe(true);
    const both = { queries: { x: { configs: {}, checks: {} } }, columns: [] };
    expect(validate(both)).toBe(false);
    expect(validate({ queries: {}, columns: [{ name: 'a', type: 'colour' }] })).toBe(false);
  });

  it('the seeded views are materialised for their default variables', async () => {
    const [seeded] = await rows<{ fingerprint: string; n: number }>(
      `SELECT p.request_fingerprint AS fingerprint,
              (SELECT count(*)::int FROM view_mission_control_pods t
                WHERE t.request_fingerprint = p.request_fingerprint) AS n
         FROM view_panels p JOIN views v ON v.id = p.view_id
        WHERE v.name = 'pods' ORDER BY p.refreshed_at LIMIT 1`,
    );
    expect(seeded?.n).toBeGreaterThan(0);
    const views = await rows<{ name: string; last_ran: Date | null; error: string | null }>(
      `SELECT name, last_ran, error FROM views WHERE namespace <> 'tests'`,
    );
    expect(views.map((v) => v.name).sort()).toEqual(VIEWS.map((v) => v.name).sort());
  });

  it("filters a view's labels column by label through /api/db (a tag's click)", async () => {
    const result = await evaluated(await viewId('unhealthy-configs'), {});
    const table = 'view_mission_control_unhealthy_configs';
    const fp = result.requestFingerprint;
    const all = (await db(`${table}?select=name,labels&request_fingerprint=eq.${fp}`)).json<
      Array<{ name: string; labels: Record<string, string> | null }>
    >();
    const labelled = all.filter((row) => Object.keys(row.labels ?? {}).length > 0);
    expect(labelled.length).toBeGreaterThan(1);
    const [key, value] = Object.entries(labelled[0]!.labels!)[0]!;
    const has = (row: { labels: Record<string, string> | null }, k: string, v: string) =>
      row.labels?.[k] === v;
    const read = async (filter: string) => {
      const response = await db(
        `${table}?select=name,labels&request_fingerprint=eq.${fp}&labels.filter=${encodeURIComponent(filter)}`,
      );
      expect(response.statusCode).toBeLessThan(300);
      return response.json<Array<{ name: string; labels: Record<string, string> | null }>>();
    };
    const matching = await read(`${key}:${value}`);
    expect(matching.map((row) => row.name).sort()).toEqual(
      all
        .filter((row) => has(row, key, value))
        .map((row) => row.name)
        .sort(),
    );
    const excluded = await read(`!${key}:${value}`);
    expect(excluded).toHaveLength(all.length - matching.length);
    expect(excluded.some((row) => has(row, key, value))).toBe(false);
    // Two labels: rows with either.
    const other = labelled
      .flatMap((row) => Object.entries(row.labels!))
      .find(([k, v]) => !(k === key && v === value))!;
    const either = await read(`${key}:${value},${other[0]}:${other[1]}`);
    expect(either.map((row) => row.name).sort()).toEqual(
      all
        .filter((row) => has(row, key, value) || has(row, other[0], other[1]))
        .map((row) => row.name)
        .sort(),
    );
  });

  it('selects configs and checks by type, tags, labels, name search, health and status', async () => {
    const names = async (
      kind: 'configs' | 'checks',
      selector: Parameters<typeof runQuery>[2],
    ): Promise<string[]> => (await runQuery(h.db, kind, selector)).map((r) => String(r.name));
    const sql = async (where: string, table = 'config_items') =>
      (
        await rows<{ name: string }>(
          `SELECT name FROM ${table} c WHERE deleted_at IS NULL AND ${where} ORDER BY name, id`,
        )
      ).map((r) => r.name);

    const pod = `type = 'Kubernetes::Pod'`;
    expect(
      await names('configs', { types: ['Kubernetes::Pod'], tagSelector: 'namespace!=default' }),
    ).toEqual(await sql(`${pod} AND tags ->> 'namespace' IS DISTINCT FROM 'default'`));
    expect(
      await names('configs', { types: ['Kubernetes::Pod'], health: '!healthy', status: [] }),
    ).toEqual(await sql(`${pod} AND health IS DISTINCT FROM 'healthy'`));
    const [sample] = await sql(pod);
    const prefix = sample!.slice(0, 4);
    expect(await names('configs', { types: ['Kubernetes::Pod'], search: `${prefix}*` })).toEqual(
      await sql(`${pod} AND name ILIKE '${prefix.replace(/'/g, "''")}%'`),
    );
    // An unset variable leaves its term out: any namespace.
    const selector = substitute(
      { types: ['Kubernetes::Pod'], tagSelector: 'namespace=$(var.namespace)' },
      {},
    );
    expect(selector.tagSelector).toBe('namespace=');
    expect(await names('configs', selector)).toEqual(await sql(pod));
    expect(await names('checks', { status: ['unhealthy'] })).toEqual(
      await sql(`status = 'unhealthy'`, 'checks'),
    );
    const labelled = await rows<{ k: string; v: string }>(
      `SELECT l.key AS k, l.value AS v FROM config_items, jsonb_each_text(labels) l
        WHERE deleted_at IS NULL LIMIT 1`,
    );
    if (labelled[0]) {
      const { k, v } = labelled[0];
      expect(await names('configs', { labelSelector: `${k}=${v}` })).toEqual(
        await sql(`labels ->> '${k.replace(/'/g, "''")}' = '${v.replace(/'/g, "''")}'`),
      );
    }
  });

  it('checks panel SQL before it runs', () => {
    expect(checkPanelQuery('  select 1 ;  ')).toBe('select 1');
    expect(checkPanelQuery(`SELECT 'a;b' AS "x;y" -- c;\n`)).toContain("'a;b'");
    expect(() => checkPanelQuery('UPDATE checks SET name = 1')).toThrow(PanelQueryError);
    expect(() => checkPanelQuery('')).toThrow(/empty/);
    expect(() => checkPanelQuery('SELECT 1 /* ; */; DROP TABLE x')).toThrow(/single SELECT/);
  });
});
