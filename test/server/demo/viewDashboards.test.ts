import { unreadFields } from '../../../server/demo/views/evaluate';
import { QUERY_FIELDS } from '../../../server/demo/views/queries';
import { parseViewSpec } from '../../../server/demo/views/spec';
import { demoSuite, postJson } from './support';

jest.setTimeout(120_000);

const { h, cookies } = demoSuite(['admin', 'viewer']);

interface Panel {
  name: string;
  type: string;
  description?: string;
  rows: Array<Record<string, unknown>>;
  error?: { code: string; message: string; hint: string };
  [config: string]: unknown;
}

interface Result {
  id: string;
  name: string;
  namespace?: string;
  title: string;
  refreshStatus: string;
  refreshError?: string;
  requestFingerprint: string;
  columns: Array<Record<string, unknown> & { name: string; type: string }>;
  panels: Panel[];
  variables: Array<{ key: string; type: string; options: string[]; value: string }>;
  columnOptions: Record<string, { list?: string[]; labels?: Record<string, string[]> }>;
  card?: { columns?: number; default?: boolean };
  sections?: Array<Record<string, unknown>>;
  sectionResults?: Record<string, Result>;
}

async function rows<T = Record<string, unknown>>(sql: string, params: unknown[] = []) {
  return (await h.db.query<T>(sql, params)).rows;
}

async function count(sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await rows<{ n: number }>(sql, params);
  return row?.n ?? 0;
}

async function viewId(name: string): Promise<string> {
  const [row] = await rows<{ id: string }>(
    `SELECT id FROM views WHERE name = $1 AND deleted_at IS NULL`,
    [name],
  );
  if (!row) throw new Error(`no view ${name}`);
  return row.id;
}

/** Results are compared with the tables as they are now: every answer is evaluated afresh. */
const FRESH = { 'cache-control': 'max-age=0' };

function get(url: string, role = 'viewer') {
  return h.app.inject({
    method: 'GET',
    url,
    headers: { cookie: cookies[role] as string, ...FRESH },
  });
}

function evaluate(id: string, body: unknown) {
  return h.app.inject({
    method: 'POST',
    url: `/api/view/${id}`,
    headers: { cookie: cookies.viewer as string, 'content-type': 'application/json', ...FRESH },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function evaluated(id: string, variables: Record<string, unknown> = {}): Promise<Result> {
  const response = await evaluate(id, { variables });
  expect(response.statusCode).toBe(200);
  return response.json<Result>();
}

function panel(result: Result, name: string): Panel {
  const found = result.panels.find((p) => p.name === name);
  if (!found) throw new Error(`no panel ${name}`);
  return found;
}

async function setProperty(name: string, value: string | null): Promise<void> {
  if (value === null) {
    await h.db.query(`DELETE FROM properties WHERE name = $1`, [name]);
    return;
  }
  await h.db.query(
    `INSERT INTO properties (name, value) VALUES ($1, $2)
     ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, deleted_at = NULL`,
    [name, value],
  );
}

const sum = (list: Array<Record<string, unknown>>, key: string) =>
  list.reduce((total, row) => total + Number(row[key] ?? 0), 0);

describe('GET /api/dashboard', () => {
  afterEach(async () => {
    await setProperty('dashboard.default.view', null);
    await setProperty('defaults.dashboard_view', null);
  });

  it('answers the seeded dashboard, every panel computed from the database', async () => {
    const response = await get('/api/dashboard');
    expect(response.statusCode).toBe(200);
    const dashboard = response.json<Result>();
    expect(dashboard).toMatchObject({
      id: await viewId('mission-control-dashboard'),
      name: 'mission-control-dashboard',
      namespace: 'mission-control',
      title: 'Dashboard',
      refreshStatus: expect.stringMatching(/^(fresh|cache)$/),
    });
    expect(dashboard.refreshError).toBeUndefined();
    expect(dashboard.panels.map((p) => [p.name, p.type])).toEqual([
      ['Estate health', 'piechart'],
      ['Failing checks', 'table'],
      ['Open incidents', 'number'],
      ['Recent changes', 'timeseries'],
      ['Cost by account', 'bargauge'],
      ['Playbook runs', 'piechart'],
    ]);
    expect(dashboard.panels.every((p) => p.error === undefined)).toBe(true);

    const checks = await count(`SELECT count(*)::int AS n FROM checks WHERE deleted_at IS NULL`);
    expect(sum(panel(dashboard, 'Estate health').rows, 'count')).toBe(checks);
    const failing = await count(
      `SELECT count(*)::int AS n FROM checks WHERE deleted_at IS NULL AND status = 'unhealthy'`,
    );
    expect(panel(dashboard, 'Failing checks').rows).toHaveLength(Math.min(failing, 10));
    expect(panel(dashboard, 'Open incidents')).toMatchObject({
      number: { unit: 'incidents', precision: 0 },
      rows: [
        {
          value: await count(
            `SELECT count(*)::int AS n FROM incidents WHERE status NOT IN ('resolved', 'closed')`,
          ),
        },
      ],
    });

    const changes = panel(dashboard, 'Recent changes');
    expect(changes.timeseries).toEqual({
      timeKey: 'timestamp',
      style: 'area',
      legend: { enable: true },
    });
    // 28 six-hour buckets over 7 days, oldest first, each with its counts.
    expect(changes.rows).toHaveLength(28);
    const times = changes.rows.map((r) => new Date(String(r.timestamp)).getTime());
    expect(times.every((t, i) => i === 0 || t - times[i - 1]! === 6 * 3_600_000)).toBe(true);
    const since = new Date(times[0]!).toISOString();
    expect(sum(changes.rows, 'diffs') + sum(changes.rows, 'events')).toBe(
      await count(
        `SELECT count(*)::int AS n FROM config_changes c JOIN config_items i ON i.id = c.config_id
          WHERE i.deleted_at IS NULL AND c.created_at >= $1 AND c.created_at >= now() - interval '7 days'`,
        [since],
      ),
    );

    const cost = panel(dashboard, 'Cost by account');
    expect(cost.bargauge).toEqual({ min: 0, unit: 'USD', precision: 0 });
    const [accounts] = await rows<{ total: number }>(
      `SELECT ROUND(SUM(cost_total_30d), 2)::float AS total FROM config_items
        WHERE deleted_at IS NULL AND tags ? 'account'`,
    );
    expect(cost.rows.length).toBeGreaterThan(0);
    expect(sum(cost.rows, 'value')).toBeCloseTo(accounts!.total, 0);

    expect(sum(panel(dashboard, 'Playbook runs').rows, 'count')).toBe(
      await count(
        `SELECT count(*)::int AS n FROM playbook_runs WHERE created_at >= now() - interval '30 days'`,
      ),
    );
    expect(dashboard.sections).toEqual([
      {
        title: 'Unhealthy resources',
        icon: 'health',
        uiRef: { configs: { health: 'unhealthy,warning' } },
      },
      { title: 'Changes of the last day', icon: 'diff', uiRef: { changes: { from: '24h' } } },
    ]);
    // uiRef sections are the console's own tables: nothing to evaluate.
    expect(dashboard.sectionResults).toBeUndefined();
  });

  it('follows dashboard.default.view, else defaults.dashboard_view, by namespace/name or name', async () => {
    await setProperty('defaults.dashboard_view', 'mission-control/operations-overview');
    const fallback = await get('/api/dashboard');
    expect(fallback.statusCode).toBe(200);
    const overview = fallback.json<Result>();
    expect(overview.name).toBe('operations-overview');
    expect(Object.keys(overview.sectionResults ?? {})).toEqual([
      'mission-control/failing-checks',
      'mission-control/deployments',
      'mission-control/unhealthy-configs',
    ]);

    await setProperty('dashboard.default.view', 'panel-gallery');
    const named = await get('/api/dashboard');
    expect(named.json<Result>().name).toBe('panel-gallery');

    await setProperty('dashboard.default.view', 'mission-control/no-such-view');
    const missing = await get('/api/dashboard');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      error: 'dashboard view mission-control/no-such-view not found',
    });
  });

  it('answers 404 JSON when neither a property nor mission-control-dashboard names a view', async () => {
    const id = await viewId('mission-control-dashboard');
    await h.db.query(`UPDATE views SET deleted_at = now() WHERE id = $1`, [id]);
    try {
      const response = await get('/api/dashboard');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: 'dashboard view mission-control-dashboard not found',
      });
    } finally {
      await h.db.query(`UPDATE views SET deleted_at = NULL WHERE id = $1`, [id]);
    }
  });
});

describe('GET /api/view/metadata/{id}', () => {
  it('answers the view evaluated and its viewRef sections by namespace/name', async () => {
    const id = await viewId('operations-overview');
    const response = await get(`/api/view/metadata/${id}`);
    expect(response.statusCode).toBe(200);
    const metadata = response.json<Result>();
    expect(metadata).toMatchObject({
      id,
      name: 'operations-overview',
      title: 'Operations overview',
      panels: [],
      columns: [],
    });
    expect(metadata.sections?.map((s) => s.viewRef)).toEqual([
      { namespace: 'mission-control', name: 'failing-checks' },
      { namespace: 'mission-control', name: 'deployments' },
      { namespace: 'mission-control', name: 'unhealthy-configs' },
    ]);
    const failing = metadata.sectionResults?.['mission-control/failing-checks'];
    expect(failing).toMatchObject({
      id: await viewId('failing-checks'),
      name: 'failing-checks',
      title: 'Failing Health Checks',
      requestFingerprint: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(panel(failing!, 'Failing').rows).toEqual([
      {
        value: await count(
          `SELECT count(*)::int AS n FROM checks WHERE deleted_at IS NULL AND status = 'unhealthy'`,
        ),
      },
    ]);
    expect(metadata.sectionResults?.['mission-control/unhealthy-configs']?.card).toEqual({
      columns: 2,
      default: true,
    });
  });

  it('leaves out a section naming no view, and answers 400 and 404 as JSON', async () => {
    const [created] = await rows<{ id: string }>(
      `INSERT INTO views (name, namespace, spec) VALUES ('dangling-sections', 'tests', $1) RETURNING id`,
      [
        JSON.stringify({
          sections: [
            { title: 'Gone', viewRef: { namespace: 'tests', name: 'nothing-here' } },
            { title: 'Pods', viewRef: { namespace: 'mission-control', name: 'pods' } },
          ],
        }),
      ],
    );
    const dangling = await get(`/api/view/metadata/${created!.id}`);
    expect(dangling.statusCode).toBe(200);
    expect(Object.keys(dangling.json<Result>().sectionResults ?? {})).toEqual([
      'mission-control/pods',
    ]);

    const bad = await get('/api/view/metadata/not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'invalid view id: not-a-uuid' });
    const unknown = await get('/api/view/metadata/00000000-0000-0000-0000-0000000000ff');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      error: 'view(id=00000000-0000-0000-0000-0000000000ff) not found',
    });
  });
});

describe('the evaluator grown up', () => {
  it('computes every panel kind and passes each kind’s settings through', async () => {
    const gallery = await evaluated(await viewId('panel-gallery'));
    expect(gallery.refreshError).toBeUndefined();
    expect(new Set(gallery.panels.map((p) => p.type))).toEqual(
      new Set([
        'timeseries',
        'heatmap',
        'bargauge',
        'properties',
        'gauge',
        'number',
        'piechart',
        'duration',
        'text',
        'table',
      ]),
    );
    expect(panel(gallery, 'Changes').timeseries).toEqual({
      timeKey: 'timestamp',
      valueKey: 'value',
      style: 'points',
    });
    expect(panel(gallery, 'Changes by severity').rows[0]).toEqual({
      timestamp: expect.any(String),
      high: expect.any(Number),
      other: expect.any(Number),
    });

    const calendar = panel(gallery, 'Playbook runs by day');
    expect(calendar.heatmap).toEqual({ mode: 'calendar' });
    expect(panel(gallery, 'Changes by day').heatmap).toEqual({ mode: 'compact' });
    for (const row of calendar.rows) expect(String(row.date)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(sum(calendar.rows, 'successful')).toBe(
      await count(
        `SELECT count(*)::int AS n FROM playbook_runs
          WHERE status = 'completed' AND created_at >= now() - interval '90 days'`,
      ),
    );

    const bars = panel(gallery, 'Healthy pods by namespace');
    expect(bars.bargauge).toMatchObject({
      min: 0,
      max: 100,
      unit: '%',
      precision: 1,
      group: 'cluster',
      format: 'percentage',
    });
    expect(bars.rows.length).toBeGreaterThan(1);
    for (const row of bars.rows) {
      expect(row).toEqual({
        name: expect.any(String),
        cluster: expect.any(String),
        value: expect.any(Number),
      });
    }

    const estate = panel(gallery, 'Estate');
    expect(estate.rows.map((r) => r.label)).toEqual([
      'Pods',
      'Health checks',
      'Cloud accounts',
      'Changes (7 days)',
    ]);
    expect(estate.rows[0]?.value).toBe(
      String(
        await count(
          `SELECT count(*)::int AS n FROM config_items WHERE deleted_at IS NULL AND type = 'Kubernetes::Pod'`,
        ),
      ),
    );
    expect(panel(gallery, 'Checks passing').gauge).toMatchObject({ precision: 1, unit: '%' });
    expect(panel(gallery, 'Pod restarts').gauge).toEqual({ min: 0, unit: 'pods' });
    expect(panel(gallery, 'Mean run time').number).toEqual({ unit: 's', precision: 1 });
    expect(panel(gallery, 'Runs by status').piechart).toMatchObject({ showLabels: true });
  });

  it('answers display.card as card, column widths and card positions, and row attributes', async () => {
    const result = await evaluated(await viewId('unhealthy-configs'));
    expect(result.card).toEqual({ columns: 2, default: true });
    const byName = Object.fromEntries(result.columns.map((c) => [c.name, c]));
    expect(byName.name).toMatchObject({
      type: 'config_item',
      width: '2',
      card: { position: 'title' },
    });
    expect(byName.labels).toMatchObject({ type: 'labels', card: { position: 'body' } });
    expect(byName.health).toMatchObject({ card: { position: 'headerRight', useForAccent: true } });
    expect(byName.updated).toMatchObject({ width: '150px', card: { position: 'footer' } });

    const page = await h.app.inject({
      method: 'GET',
      url: `/api/db/view_mission_control_unhealthy_configs?select=*&request_fingerprint=eq.${result.requestFingerprint}`,
      headers: { cookie: cookies.viewer as string },
    });
    expect(page.statusCode).toBe(200);
    const table = page.json<
      Array<{
        id: string;
        name: string;
        labels: unknown;
        __row__attributes: Record<string, unknown>;
      }>
    >();
    expect(table.length).toBe(
      await count(
        `SELECT count(*)::int AS n FROM config_items
          WHERE deleted_at IS NULL AND health IN ('unhealthy', 'warning')`,
      ),
    );
    const [first] = table;
    const [config] = await rows<Record<string, string | null>>(
      `SELECT id::text AS id, type, health, status, config_class FROM config_items WHERE id = $1`,
      [first!.id],
    );
    expect(first!.__row__attributes).toEqual({
      name: {
        icon: config!.type,
        config: {
          id: config!.id,
          name: first!.name,
          type: config!.type,
          health: config!.health,
          ...(config!.status === null ? {} : { status: config!.status }),
          class: config!.config_class,
        },
      },
    });
    expect(typeof first!.labels).toBe('object');
    // A labels column's filter offers each key with its values.
    const labelOptions = result.columnOptions.labels?.labels ?? {};
    const withLabels = table.find(
      (row) => row.labels && Object.keys(row.labels as object).length > 0,
    );
    expect(withLabels).toBeDefined();
    const [key, value] = Object.entries(withLabels!.labels as Record<string, string>)[0]!;
    expect(labelOptions[key]).toContain(value);
    expect(result.columnOptions.type?.list?.length).toBeGreaterThan(0);
  });

  it('takes a multi-select variable as a list, comma separated, or All', async () => {
    const id = await viewId('workloads');
    const workloads = (where: string, params: unknown[] = []) =>
      count(
        `SELECT count(*)::int AS n FROM config_items WHERE deleted_at IS NULL
          AND type IN ('Kubernetes::Deployment', 'Kubernetes::StatefulSet', 'Kubernetes::DaemonSet')
          AND ${where}`,
        params,
      );

    const base = await evaluated(id);
    const [namespaces, health] = base.variables;
    expect(namespaces).toMatchObject({ key: 'namespaces', type: 'multiselect', value: '' });
    expect(namespaces!.options.length).toBeGreaterThan(2);
    expect(health).toMatchObject({ type: 'multiselect', value: 'unhealthy,warning' });
    expect(panel(base, 'Workloads').rows).toEqual([
      { value: await workloads(`health IN ('unhealthy', 'warning')`) },
    ]);

    const picked = namespaces!.options.slice(0, 2);
    const listed = await evaluated(id, { namespaces: picked, health: ['healthy', 'nonsense'] });
    expect(listed.variables[0]!.value).toBe(picked.join(','));
    expect(listed.variables[1]!.value).toBe('healthy');
    expect(panel(listed, 'Workloads').rows).toEqual([
      {
        value: await workloads(`health = 'healthy' AND tags ->> 'namespace' = ANY($1::text[])`, [
          picked,
        ]),
      },
    ]);
    const joined = await evaluated(id, { namespaces: picked.join(','), health: 'healthy' });
    expect(joined.requestFingerprint).toBe(listed.requestFingerprint);

    const all = await evaluated(id, { namespaces: ['All'], health: 'All' });
    expect(all.variables.map((v) => v.value)).toEqual(['', '', '']);
    expect(panel(all, 'Workloads').rows).toEqual([{ value: await workloads('true') }]);
  });

  it('fetches only the fields of a query that the view reads', () => {
    const unread = (panel: string, columns: Array<Record<string, unknown>> = [], mapping = {}) => {
      const parsed = parseViewSpec({
        queries: { pods: { configs: {} } },
        columns,
        mapping,
        panels: [{ name: 'p', type: 'number', query: panel }],
      });
      if (!parsed.ok) throw new Error(parsed.error);
      return unreadFields(parsed.spec, 'pods', 'configs');
    };
    const all = QUERY_FIELDS.configs.map(([field]) => field);
    const except = (...read: string[]) => all.filter((field) => !read.includes(field));
    expect(unread('SELECT COUNT(*) AS value FROM pods')).toEqual(all);
    expect(
      unread(`SELECT config_class, COUNT(*) AS count FROM pods WHERE name <> 'config'`),
    ).toEqual(except('config_class', 'name'));
    expect(unread("SELECT config ->> 'kind' AS value FROM pods")).toEqual(except('config'));
    expect(unread('SELECT * FROM pods')).toEqual([]);
    expect(unread('SELECT p.* FROM pods p')).toEqual([]);
    expect(unread('SELECT to_jsonb(p) AS v FROM pods p')).toEqual([]);
    // Another query's panel reads nothing of this one.
    expect(unread('SELECT 1 AS value FROM other')).toEqual(all);
    expect(
      unread(
        'SELECT 1 AS value',
        [
          { name: 'uid', type: 'string', primaryKey: true },
          { name: 'health', type: 'health' },
          { name: 'owner', type: 'config_item', configItem: { idField: 'id' } },
        ],
        { uid: 'row.config.metadata.uid', owner: 'row.name' },
      ),
    ).toEqual(except('config', 'health', 'name', 'id'));
  });

  it('reads changes, incidents and playbook runs within their time range', async () => {
    const created = await h.app.inject({
      method: 'POST',
      url: '/api/db/views',
      headers: {
        cookie: cookies.admin as string,
        'content-type': 'application/json',
        prefer: 'return=representation',
      },
      payload: JSON.stringify({
        name: 'time-ranges',
        namespace: 'tests',
        source: 'UI',
        spec: {
          queries: {
            changes: { changes: { from: 'now-2d', changeType: '-diff' } },
            incidents: { incidents: { status: '!closed,!resolved' } },
            runs: { playbookRuns: { status: 'completed', from: '30d', to: 'now' } },
          },
          panels: [
            { name: 'changes', type: 'number', query: 'SELECT COUNT(*) AS value FROM changes' },
            { name: 'incidents', type: 'number', query: 'SELECT COUNT(*) AS value FROM incidents' },
            { name: 'runs', type: 'number', query: 'SELECT COUNT(*) AS value FROM runs' },
            { name: 'broken', type: 'number', query: 'SELECT missing FROM runs' },
            { name: 'whole', type: 'table', query: 'SELECT * FROM incidents LIMIT 1' },
            {
              name: 'as json',
              type: 'table',
              query: 'SELECT to_jsonb(r) AS run FROM runs r LIMIT 1',
            },
            { name: 'one field', type: 'table', query: 'SELECT title FROM incidents LIMIT 1' },
          ],
        },
      }),
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<Array<{ id: string }>>()[0]!.id;
    const result = await evaluated(id);
    const value = (name: string) => panel(result, name).rows[0]?.value;
    expect(value('changes')).toBe(
      await count(
        `SELECT count(*)::int AS n FROM config_changes c JOIN config_items i ON i.id = c.config_id
          WHERE i.deleted_at IS NULL AND c.change_type IS DISTINCT FROM 'diff'
            AND c.created_at >= now() - interval '2 days'`,
      ),
    );
    expect(value('incidents')).toBe(
      await count(
        `SELECT count(*)::int AS n FROM incidents WHERE status NOT IN ('closed', 'resolved')`,
      ),
    );
    expect(value('runs')).toBe(
      await count(
        `SELECT count(*)::int AS n FROM playbook_runs
          WHERE status = 'completed' AND created_at >= now() - interval '30 days'`,
      ),
    );
    // A panel sees every field of a query's rows, whether it names them or selects them all.
    expect(Object.keys(panel(result, 'whole').rows[0] ?? {}).sort()).toEqual(
      QUERY_FIELDS.incidents.map(([field]) => field).sort(),
    );
    expect(panel(result, 'whole').rows[0]?.title).toEqual(expect.any(String));
    expect((panel(result, 'as json').rows[0]?.run as { status?: string }).status).toBe('completed');
    expect(panel(result, 'one field').rows[0]).toEqual({ title: expect.any(String) });
    // The failing panel answers its error; the others still evaluate.
    expect(panel(result, 'broken')).toMatchObject({
      rows: [],
      error: {
        code: '42703',
        message: expect.stringContaining('missing'),
        hint: expect.stringContaining('runs (id, playbook_id, playbook, status'),
      },
    });
    expect(result.refreshStatus).toBe('error');
    expect(result.refreshError).toContain('panel "broken"');

    // A time the evaluator cannot read is the view's error, not a crash.
    const edit = await h.app.inject({
      method: 'PATCH',
      url: `/api/db/views?id=eq.${id}`,
      headers: { cookie: cookies.admin as string, 'content-type': 'application/json' },
      payload: JSON.stringify({
        spec: {
          queries: { runs: { playbookRuns: { from: 'last tuesday' } } },
          panels: [{ name: 'runs', type: 'number', query: 'SELECT COUNT(*) AS value FROM runs' }],
        },
      }),
    });
    expect(edit.statusCode).toBeLessThan(300);
    const refused = await evaluated(id);
    expect(refused.refreshStatus).toBe('error');
    expect(refused.refreshError).toContain('from "last tuesday" is not a time');
  });
});

describe('GET /api/view/display-plugin-variables/{id}', () => {
  it("renders the config tab's variables over the config, which scope the view to it", async () => {
    const id = await viewId('workloads');
    const [cluster] = await rows<{ id: string; name: string }>(
      `SELECT id, name FROM config_items c WHERE deleted_at IS NULL AND type = 'Kubernetes::Cluster'
          AND EXISTS (SELECT 1 FROM config_items w WHERE w.deleted_at IS NULL
                        AND w.type = 'Kubernetes::Deployment' AND w.tags ->> 'cluster' = c.name)
        ORDER BY name LIMIT 1`,
    );
    const response = await get(`/api/view/display-plugin-variables/${id}?config_id=${cluster!.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ cluster: cluster!.name });

    const scoped = await evaluated(id, {
      ...response.json<Record<string, string>>(),
      health: 'All',
    });
    expect(scoped.variables[2]).toMatchObject({ key: 'cluster', value: cluster!.name });
    expect(panel(scoped, 'Workloads').rows).toEqual([
      {
        value: await count(
          `SELECT count(*)::int AS n FROM config_items WHERE deleted_at IS NULL
            AND type IN ('Kubernetes::Deployment', 'Kubernetes::StatefulSet', 'Kubernetes::DaemonSet')
            AND tags ->> 'cluster' = $1`,
          [cluster!.name],
        ),
      },
    ]);

    // A view without a config tab passes nothing.
    const [pod] = await rows<{ id: string }>(`SELECT id FROM config_items LIMIT 1`);
    const none = await get(
      `/api/view/display-plugin-variables/${await viewId('pods')}?config_id=${pod!.id}`,
    );
    expect(none.json()).toEqual({});
  });

  it('answers 400 and 404 as JSON', async () => {
    const id = await viewId('workloads');
    const [config] = await rows<{ id: string }>(`SELECT id FROM config_items LIMIT 1`);
    const cases: Array<[string, number, string]> = [
      [`${id}`, 400, 'config_id is required'],
      [`${id}?config_id=nope`, 400, 'config_id nope is not a uuid'],
      [`nope?config_id=${config!.id}`, 400, 'invalid view id: nope'],
      [
        `00000000-0000-0000-0000-0000000000ff?config_id=${config!.id}`,
        404,
        'view(id=00000000-0000-0000-0000-0000000000ff) not found',
      ],
      [
        `${id}?config_id=00000000-0000-0000-0000-0000000000ff`,
        404,
        'config(id=00000000-0000-0000-0000-0000000000ff) not found',
      ],
    ];
    for (const [path, status, error] of cases) {
      const response = await get(`/api/view/display-plugin-variables/${path}`);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ error });
    }
  });
});

describe('malformed requests and access', () => {
  it('answers 4xx with a JSON error, never 500', async () => {
    const id = await viewId('workloads');
    const cases: Array<[string, unknown, number, RegExp]> = [
      ['a body that is not JSON', '{"variables": [', 400, /not valid JSON/],
      ['a JSON array body', [], 400, /expected a JSON object/],
      ['a JSON string body', '"variables"', 400, /expected a JSON object/],
      ['variables as a list', { variables: ['a'] }, 400, /variables must be an object/],
      ['a variable as an object', { variables: { health: { a: 1 } } }, 400, /string or a list/],
      [
        'a variable as a list of numbers',
        { variables: { health: [1, 2] } },
        400,
        /string or a list/,
      ],
      [
        'a variable as null inside a list',
        { variables: { health: [null] } },
        400,
        /string or a list/,
      ],
    ];
    for (const [, body, status, message] of cases) {
      const response = await evaluate(id, body);
      expect(response.statusCode).toBe(status);
      expect(response.json<{ error: string }>().error).toMatch(message);
    }
    for (const bad of ['not-a-uuid', '%27%3B--', '00000000-0000-0000-0000-0000000000ff']) {
      const response = await evaluate(bad, { variables: {} });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: expect.stringContaining('not found') });
      const metadata = await get(`/api/view/metadata/${bad}`);
      expect([400, 404]).toContain(metadata.statusCode);
      expect(metadata.json()).toEqual({ error: expect.any(String) });
    }
  });

  it('answers 401 signed out and 403 naming the missing permission', async () => {
    const id = await viewId('mission-control-dashboard');
    const anonymous = await h.app.inject({ method: 'GET', url: '/api/dashboard' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: 'Unauthorized' });

    const created = await postJson(h.app, '/api/agent/generate', cookies.admin, {
      name: 'dashboard-probe',
    });
    expect(created.statusCode).toBe(201);
    const token = created.json<{ access_token: string }>().access_token;
    for (const url of ['/api/dashboard', `/api/view/metadata/${id}`]) {
      const denied = await h.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toEqual({ error: 'not allowed to read views' });
    }
  });
});
