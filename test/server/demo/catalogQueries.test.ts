import { CHECK_SUMMARY_COLUMNS, demoSuite } from './support';

/**
 * The catalog reads the console makes through `/api/db` (api.md CAT-01, CAT-03, CAT-24/25,
 * CAT-30..33, CAT-36, CAT-37 and PB-10), over the seeded estate, exactly as the console sends them.
 */

jest.setTimeout(60_000);

const { h, cookies } = demoSuite(['viewer']);

async function get<T = Array<Record<string, unknown>>>(
  path: string,
  count = false,
): Promise<{ body: T; range: string | undefined }> {
  const res = await h.app.inject({
    method: 'GET',
    url: `/api/db/${path}`,
    headers: {
      cookie: cookies.viewer,
      accept: 'application/json',
      prefer: count ? 'count=exact' : 'return=representation',
    },
  });
  expect([200, 206]).toContain(res.statusCode);
  return { body: res.json<T>(), range: res.headers['content-range'] as string | undefined };
}

async function rows<T = Record<string, unknown>>(sql: string, params: unknown[] = []) {
  return (await h.db.query<T>(sql, params)).rows;
}

async function one<T = Record<string, unknown>>(sql: string, params: unknown[] = []) {
  const [row] = await rows<T>(sql, params);
  if (!row) throw new Error(`no row for ${sql}`);
  return row;
}

const totalOf = (range: string | undefined) => Number(range?.split('/')[1]);

describe('CAT-01 catalog list', () => {
  const COLUMNS =
    'id,type,config_class,status,health,labels,name,tags,created_at,updated_at,deleted_at,cost_per_minute,cost_total_1d,cost_total_7d,cost_total_30d,changes,analysis';

  it('merges both select parameters and filters with type, health.filter and deleted_at', async () => {
    const query = new URLSearchParams([
      ['select', COLUMNS],
      ['select', 'agent:agents(id,name)'],
      ['type', 'eq.Kubernetes::Pod'],
      ['health.filter', 'healthy,!unknown'],
      ['order', 'type,name.asc'],
      ['deleted_at', 'is.null'],
      ['limit', '10'],
      ['offset', '0'],
    ]);
    const { body, range } = await get(`configs?&${query}`, true);
    const { n } = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM config_items
       WHERE type = 'Kubernetes::Pod' AND health = 'healthy' AND deleted_at IS NULL`,
    );
    expect(totalOf(range)).toBe(n);
    expect(body).toHaveLength(Math.min(10, n));
    const names = body.map((r) => r.name as string);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    for (const row of body) {
      expect(row).toMatchObject({ type: 'Kubernetes::Pod', health: 'healthy', deleted_at: null });
      expect(row.agent).toEqual({ id: expect.any(String), name: expect.any(String) });
      expect(typeof row.changes).toBe('number');
      expect(row).toHaveProperty('analysis');
      expect(row).toHaveProperty('cost_total_7d');
      expect(row.labels).toEqual(expect.any(Object));
    }
  });

  it('searches name, type, description and namespace with or=(…ilike…)', async () => {
    const query = new URLSearchParams([
      ['select', 'id,type,name,tags'],
      ['select', 'agent:agents(id,name)'],
      [
        'or',
        '(name.ilike.*payments*,type.ilike.*payments*,description.ilike.*payments*,namespace.ilike.*payments*)',
      ],
      ['deleted_at', 'is.null'],
    ]);
    const { body, range } = await get(`configs?&${query}`, true);
    const { n } = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM configs WHERE deleted_at IS NULL AND (name ILIKE '%payments%'
       OR type ILIKE '%payments%' OR description ILIKE '%payments%' OR namespace ILIKE '%payments%')`,
    );
    expect(n).toBeGreaterThan(0);
    expect(totalOf(range)).toBe(n);
    expect(body).toHaveLength(n);
  });

  it('filters by labels with or=(and(labels->>k.eq.v,labels->>k2.neq.v2))', async () => {
    const query = new URLSearchParams([
      ['select', 'id,labels'],
      ['or', '(and(labels->>team.eq.payments,labels->>tier.neq.frontend))'],
      ['order', 'name.desc'],
    ]);
    const { body, range } = await get(`configs?&${query}`, true);
    const { n } = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM config_items
       WHERE labels ->> 'team' = 'payments' AND labels ->> 'tier' <> 'frontend'`,
    );
    expect(n).toBeGreaterThan(0);
    expect(totalOf(range)).toBe(n);
    for (const row of body) {
      expect((row.labels as Record<string, string>).team).toBe('payments');
      expect((row.labels as Record<string, string>).tier).not.toBe('frontend');
    }
  });
});

describe('CAT-03 config detail', () => {
  it('has the item, its agent name, scraper and summary counts', async () => {
    // A deployment with linked checks when there is one.
    const config = await one<{ id: string }>(
      `SELECT ci.id FROM config_items ci
       WHERE ci.type = 'Kubernetes::Deployment' AND ci.deleted_at IS NULL
       ORDER BY EXISTS (SELECT 1 FROM check_config_relationships r WHERE r.config_id = ci.id) DESC,
                ci.id
       LIMIT 1`,
    );
    const { body } = await get(`config_detail?id=eq.${config.id}&select=*`);
    const [detail] = body;
    expect(detail).toBeDefined();
    const expected = await one<Record<string, unknown>>(
      `SELECT ci.name, ci.type, ci.config_class, ci.last_scraped_time, a.name AS agent_name,
              s.id AS scraper_id, s.name AS scraper_name,
              (SELECT count(*)::int FROM config_analysis ca
               WHERE ca.config_id = ci.id AND ca.status = 'open') AS analysis,
              (SELECT count(*)::int FROM config_changes cc
               WHERE cc.config_id = ci.id AND cc.created_at > now() - interval '7 days') AS changes,
              (SELECT count(*)::int FROM check_config_relationships r
               WHERE r.config_id = ci.id AND r.deleted_at IS NULL) AS checks,
              (SELECT count(*)::int FROM playbook_runs pr
               WHERE pr.config_id = ci.id AND pr.start_time > now() - interval '30 days') AS runs
       FROM config_items ci
       LEFT JOIN agents a ON a.id = ci.agent_id
       LEFT JOIN config_scrapers s ON s.id = ci.scraper_id
       WHERE ci.id = $1`,
      [config.id],
    );
    expect(detail).toMatchObject({
      id: config.id,
      name: expected.name,
      type: expected.type,
      config_class: expected.config_class,
      agent_name: expected.agent_name,
      scraper: { id: expected.scraper_id, name: expected.scraper_name },
    });
    expect(new Date(detail!.last_scraped_time as string).getTime()).toBe(
      new Date(expected.last_scraped_time as Date).getTime(),
    );
    const summary = detail!.summary as Record<string, number>;
    expect(Object.keys(summary).sort()).toEqual(
      ['analysis', 'changes', 'checks', 'playbook_runs', 'relationships'].sort(),
    );
    expect(summary).toMatchObject({
      analysis: expected.analysis,
      changes: expected.changes,
      checks: expected.checks,
      playbook_runs: expected.runs,
    });
    expect(summary.relationships).toBeGreaterThan(0);
    const doc = detail!.config as {
      kind: string;
      spec: { template: { spec: { containers: unknown[] } } };
    };
    expect(doc.kind).toBe('Deployment');
    expect(doc.spec.template.spec.containers.length).toBeGreaterThan(0);
  });
});

describe('CAT-30 related configs', () => {
  it('walks outgoing and incoming relationships, filtered by the .filter parameters', async () => {
    const deployment = await one<{ id: string; path: string }>(
      `SELECT id, path FROM config_items WHERE type = 'Kubernetes::Deployment' AND deleted_at IS NULL
       ORDER BY id LIMIT 1`,
    );
    const all = await get(
      `rpc/related_configs_recursive?config_id=${deployment.id}&include_deleted_configs=false&max_depth=10&type_filter=all&incoming_relation=both&outgoing_relation=both`,
    );
    const types = new Set(all.body.map((r) => r.type));
    for (const type of [
      'Kubernetes::ReplicaSet',
      'Kubernetes::Pod',
      'Kubernetes::Namespace',
      'Kubernetes::Cluster',
    ]) {
      expect(types).toContain(type);
    }
    const row = all.body[0]!;
    for (const key of [
      'id',
      'name',
      'type',
      'related_ids',
      'tags',
      'changes',
      'analysis',
      'cost_per_minute',
      'cost_total_1h',
      'cost_total_1d',
      'cost_total_30d',
      'created_at',
      'updated_at',
      'deleted_at',
      'agent_id',
      'health',
      'ready',
      'status',
      'path',
    ]) {
      expect(row).toHaveProperty(key);
    }

    const pods = await get(
      `rpc/related_configs_recursive?config_id=${deployment.id}&include_deleted_configs=false&max_depth=10&type.filter=Kubernetes::Pod,!Kubernetes::ReplicaSet&health.filter=healthy&status.filter=Running&type_filter=outgoing&outgoing_relation=hard`,
    );
    expect(pods.body.length).toBeGreaterThan(0);
    for (const pod of pods.body) {
      expect(pod).toMatchObject({ type: 'Kubernetes::Pod', health: 'healthy', status: 'Running' });
      expect(pod.path as string).toContain(deployment.id);
    }

    const parents = await get(
      `rpc/related_configs_recursive?config_id=${deployment.id}&type_filter=incoming&incoming_relation=hard&include_deleted_configs=false&max_depth=10`,
    );
    const ids = parents.body.map((r) => r.id);
    for (const ancestor of deployment.path.split('.')) expect(ids).toContain(ancestor);
  });
});

describe('CAT-31..33 relationships', () => {
  it('lists the direct relationships of a config with both ends embedded by constraint', async () => {
    const config = await one<{ id: string }>(
      `SELECT id FROM config_items WHERE type = 'Kubernetes::Deployment' AND deleted_at IS NULL
       ORDER BY id LIMIT 1`,
    );
    const { body } = await get(
      `config_relationships?or=(related_id.eq.${config.id},config_id.eq.${config.id})&configs.order=name&select=*,configs:configs!config_relationships_config_id_fkey(id, type, name, config_class, deleted_at),related:configs!config_relationships_related_id_fkey(id, type, name, config_class, deleted_at)&deleted_at=is.null`,
    );
    const { n } = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM config_relationships
       WHERE (config_id = $1 OR related_id = $1) AND deleted_at IS NULL`,
      [config.id],
    );
    expect(body).toHaveLength(n);
    for (const row of body) {
      const from = row.configs as Record<string, unknown>;
      const to = row.related as Record<string, unknown>;
      expect(from.id).toBe(row.config_id);
      expect(to.id).toBe(row.related_id);
      expect(Object.keys(from).sort()).toEqual([
        'config_class',
        'deleted_at',
        'id',
        'name',
        'type',
      ]);
      expect([row.config_id, row.related_id]).toContain(config.id);
    }
  });

  it('lists the configs linked to a component and the components linked to a config', async () => {
    const link = await one<{ component_id: string; config_id: string }>(
      `SELECT component_id, config_id FROM config_component_relationships
       WHERE deleted_at IS NULL ORDER BY component_id, config_id LIMIT 1`,
    );
    const configs = await get(
      `config_component_relationships?component_id=eq.${link.component_id}&configs.order=name&select=*,configs!config_component_relationships_config_id_fkey(id, type, name, config_class, deleted_at)&deleted_at=is.null`,
    );
    expect(configs.body.length).toBeGreaterThan(0);
    for (const row of configs.body) {
      expect(row.component_id).toBe(link.component_id);
      expect((row.configs as Record<string, unknown>).id).toBe(row.config_id);
    }

    const components = await get(
      `config_component_relationships?config_id=eq.${link.config_id}&select=components!config_component_relationships_component_id_fkey(id, icon, name)`,
    );
    const expected = await rows<{ id: string }>(
      `SELECT component_id AS id FROM config_component_relationships WHERE config_id = $1`,
      [link.config_id],
    );
    expect(components.body.map((r) => (r.components as { id: string }).id).sort()).toEqual(
      expected.map((e) => e.id).sort(),
    );
    for (const row of components.body) {
      expect(Object.keys(row)).toEqual(['components']);
      expect(Object.keys(row.components as object).sort()).toEqual(['icon', 'id', 'name']);
    }
  });
});

describe('CAT-36 parents by location and CAT-37 checks of a config', () => {
  it('finds the cluster and namespace of a pod', async () => {
    const pod = await one<{ id: string; cluster: string; namespace: string }>(
      `SELECT id, tags ->> 'cluster' AS cluster, tags ->> 'namespace' AS namespace FROM config_items
       WHERE type = 'Kubernetes::Pod' AND deleted_at IS NULL ORDER BY id LIMIT 1`,
    );
    const { body } = await get(`rpc/get_parents_by_location?config_id=${pod.id}`);
    expect(body).toEqual(
      expect.arrayContaining([
        { id: expect.any(String), name: pod.cluster, type: 'Kubernetes::Cluster' },
        { id: expect.any(String), name: pod.namespace, type: 'Kubernetes::Namespace' },
      ]),
    );
    expect(body[0]!.type).toBe('Kubernetes::Cluster');
  });

  it('lists the checks linked to a config', async () => {
    const link = await one<{ config_id: string }>(
      `SELECT config_id FROM check_config_relationships r JOIN checks c ON c.id = r.check_id
       WHERE r.deleted_at IS NULL AND c.deleted_at IS NULL ORDER BY config_id LIMIT 1`,
    );
    const { body } = await get(`check_summary_for_config?config_id=eq.${link.config_id}`);
    expect(body.length).toBeGreaterThan(0);
    for (const row of body) {
      expect(row.config_id).toBe(link.config_id);
      for (const key of CHECK_SUMMARY_COLUMNS) {
        expect(row).toHaveProperty(key);
      }
    }
  });
});

describe('CAT-24/25 insights with the config embed', () => {
  it('lists the insights of a config and reads one by id, with counts', async () => {
    const analysis = await one<{ id: string; config_id: string }>(
      'SELECT id, config_id FROM config_analysis ORDER BY config_id, id LIMIT 1',
    );
    const list = await get(
      `config_analysis?select=id,analyzer,analysis_type,message,severity,analysis,first_observed,config:configs(id,name,config_class,type)&config_id=eq.${analysis.config_id}&limit=10&offset=0`,
      true,
    );
    const { n } = await one<{ n: number }>(
      'SELECT count(*)::int AS n FROM config_analysis WHERE config_id = $1',
      [analysis.config_id],
    );
    expect(totalOf(list.range)).toBe(n);
    for (const row of list.body) {
      expect((row.config as { id: string }).id).toBe(analysis.config_id);
      expect(Object.keys(row.config as object).sort()).toEqual([
        'config_class',
        'id',
        'name',
        'type',
      ]);
    }
    const single = await get(
      `config_analysis?select=id,source,analyzer,analysis_type,message,severity,status,analysis,first_observed,config:configs(id,name,config_class,type)&id=eq.${analysis.id}`,
      true,
    );
    expect(single.body).toHaveLength(1);
    expect(totalOf(single.range)).toBe(1);
    expect(single.body[0]).toMatchObject({ id: analysis.id, status: expect.any(String) });
  });
});

describe('PB-10 playbook runs of a config', () => {
  it('pages the runs with the person, playbook, component, check and config embeds', async () => {
    const run = await one<{ config_id: string }>(
      `SELECT config_id FROM playbook_runs WHERE config_id IS NOT NULL AND parent_id IS NULL
       GROUP BY config_id ORDER BY count(*) DESC, config_id LIMIT 1`,
    );
    const { body, range } = await get(
      `playbook_runs?config_id=eq.${run.config_id}&parent_id=is.null&limit=50&offset=0&order=created_at.desc&select=*,created_by(id,name,avatar),playbooks(id,name,title,spec,icon),component:components(id,name,icon),check:checks(id,name,icon),config:config_items(id,name,type,config_class)`,
      true,
    );
    const { n } = await one<{ n: number }>(
      'SELECT count(*)::int AS n FROM playbook_runs WHERE config_id = $1 AND parent_id IS NULL',
      [run.config_id],
    );
    expect(totalOf(range)).toBe(n);
    expect(body).toHaveLength(Math.min(50, n));
    for (const row of body) {
      expect((row.config as { id: string }).id).toBe(run.config_id);
      expect(Object.keys(row.config as object).sort()).toEqual([
        'config_class',
        'id',
        'name',
        'type',
      ]);
      expect(Object.keys(row.playbooks as object).sort()).toEqual([
        'icon',
        'id',
        'name',
        'spec',
        'title',
      ]);
      expect(row.component).toBeNull();
      if (row.created_by !== null) {
        expect(Object.keys(row.created_by as object).sort()).toEqual(['avatar', 'id', 'name']);
      }
    }
    const times = body.map((r) => new Date(r.created_at as string).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});
