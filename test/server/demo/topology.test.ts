import { strFromU8, unzipSync } from 'fflate';
import { accountOf, demoSuite } from './support';

jest.setTimeout(60_000);

const { h, cookies } = demoSuite(['admin', 'viewer', 'guest']);

interface Summary {
  healthy: number;
  unhealthy: number;
  warning: number;
  unknown: number;
  checks: { healthy: number; warning: number; unhealthy: number };
  incidents?: Record<string, Record<string, number>>;
  insights?: Record<string, Record<string, number>>;
}

interface Component {
  id: string;
  name: string;
  type: string | null;
  status: string | null;
  health: string | null;
  owner: string | null;
  path: string | null;
  parent_id: string | null;
  hidden: boolean;
  labels: Record<string, string>;
  properties: Array<{ name?: string; value?: unknown; text?: string }>;
  logs: Array<{ name: string }>;
  cost_per_minute: number | null;
  summary: Summary;
  parents: string[];
  children: string[];
  components?: Component[];
  [key: string]: unknown;
}

interface Topology {
  components: Component[];
  healthStatuses: string[];
  teams: string[];
  tags: Record<string, string[]>;
  types: string[];
}

const TOPOLOGY = '/api/canary/api/topology';

function get(url: string, role: string | null = 'admin') {
  return h.app.inject({
    method: 'GET',
    url,
    headers: role ? { cookie: cookies[role] as string } : {},
  });
}

async function topology(query = '', role = 'admin'): Promise<Topology> {
  const res = await get(`${TOPOLOGY}${query ? `?${query}` : ''}`, role);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json<Topology>();
}

async function rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await h.db.query<T>(sql, params)).rows;
}

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const sorted = (values: Iterable<string>) => [...values].sort(byCodePoint);
const ids = (components: readonly Component[]) => sorted(components.map((c) => c.id));

/** `path` of a component's children. */
function childPath(component: { id: string; path: string | null }): string {
  return component.path ? `${component.path}.${component.id}` : component.id;
}

/** The live component and its live descendants, by path. */
const SUBTREE = `c.deleted_at IS NULL AND (c.id = $1 OR c.path = $2 OR c.path LIKE $2 || '.%')`;

async function liveChildren(id: string): Promise<string[]> {
  const found = await rows<{ id: string }>(
    'SELECT id FROM components WHERE parent_id = $1 AND deleted_at IS NULL',
    [id],
  );
  return sorted(found.map((r) => r.id));
}

/** A root cluster with namespaces that run workloads: three levels below it. */
async function deepRoot(): Promise<{ id: string; name: string; path: string | null }> {
  const [root] = await rows<{ id: string; name: string; path: string | null }>(
    `SELECT r.id, r.name, r.path FROM components r
      WHERE r.parent_id IS NULL AND r.deleted_at IS NULL AND r.type = 'KubernetesCluster'
        AND EXISTS (SELECT 1 FROM components w WHERE w.path LIKE r.id || '.%'
                     AND w.deleted_at IS NULL)
      ORDER BY r.name LIMIT 1`,
  );
  if (!root) throw new Error('no cluster with workloads in the test estate');
  return root;
}

function walk(components: readonly Component[], visit: (c: Component, level: number) => void) {
  const step = (list: readonly Component[], level: number) => {
    for (const component of list) {
      visit(component, level);
      step(component.components ?? [], level + 1);
    }
  };
  step(components, 0);
}

describe('GET /api/canary/api/topology (TOPO-01): the tree', () => {
  it('lists the live root components as cards, each with its live children', async () => {
    const body = await topology('sortBy=status&sortOrder=desc');
    const roots = await rows<{ id: string }>(
      'SELECT id FROM components WHERE parent_id IS NULL AND deleted_at IS NULL',
    );
    expect(ids(body.components)).toEqual(sorted(roots.map((r) => r.id)));
    expect(body.components.map((c) => c.name)).toContain('External Services');
    for (const root of body.components) {
      const children = await liveChildren(root.id);
      expect(sorted(root.children)).toEqual(children);
      expect(ids(root.components ?? [])).toEqual(children);
      expect(root.parents).toEqual([]);
      expect(root.parent_id).toBeNull();
    }
  });

  it('carries every field the console reads, with numbers for costs', async () => {
    const body = await topology();
    const cluster = body.components.find((c) => c.type === 'KubernetesCluster') as Component;
    for (const key of [
      'id',
      'name',
      'namespace',
      'icon',
      'type',
      'text',
      'description',
      'path',
      'parent_id',
      'topology_id',
      'agent_id',
      'external_id',
      'hidden',
      'status',
      'health',
      'status_reason',
      'labels',
      'properties',
      'logs',
      'is_leaf',
      'owner',
      'cost_per_minute',
      'cost_total_1d',
      'cost_total_7d',
      'cost_total_30d',
      'created_at',
      'updated_at',
      'deleted_at',
      'summary',
      'parents',
      'children',
      'components',
    ]) {
      expect(cluster).toHaveProperty(key);
    }
    const [row] = await rows<{ cost_per_minute: string; is_leaf: boolean }>(
      'SELECT cost_per_minute::text, is_leaf FROM components WHERE id = $1',
      [cluster.id],
    );
    expect(typeof cluster.cost_per_minute).toBe('number');
    expect(cluster.cost_per_minute).toBeCloseTo(Number(row?.cost_per_minute), 4);
    expect(typeof cluster.cost_total_30d).toBe('number');
    expect(cluster.is_leaf).toBe(row?.is_leaf);
    expect(Array.isArray(cluster.properties)).toBe(true);
    expect(cluster.properties.find((p) => p.name === 'cpu')).toEqual(
      expect.objectContaining({ max: expect.any(Number), unit: 'millicores' }),
    );
  });

  it('with id answers [that component] whose components are its children, down to depth 3', async () => {
    const root = await deepRoot();
    const body = await topology(`id=${root.id}`);
    expect(body.components).toHaveLength(1);
    const [top] = body.components as [Component];
    expect(top.id).toBe(root.id);
    expect(ids(top.components ?? [])).toEqual(await liveChildren(root.id));
    const levels = new Set<number>();
    walk(top.components ?? [], (component, level) => {
      levels.add(level);
      expect(component.parents).toEqual(
        (component.path ?? '').split('.').filter((id) => id !== ''),
      );
      expect(component.parents[0]).toBe(root.id);
    });
    expect(levels.has(1)).toBe(true);
    const withChildren = (top.components ?? []).find((c) => c.children.length > 0) as Component;
    expect(ids(withChildren.components ?? [])).toEqual(await liveChildren(withChildren.id));
  });

  it('lists the logs of a component from its log selectors', async () => {
    const [row] = await rows<{ id: string; names: string[] }>(
      `SELECT id, (SELECT array_agg(s ->> 'name') FROM jsonb_array_elements(log_selectors) s) AS names
         FROM components WHERE deleted_at IS NULL AND jsonb_array_length(log_selectors) > 0
        ORDER BY id LIMIT 1`,
    );
    if (!row) throw new Error('no component with log selectors in the test estate');
    const body = await topology(`id=${row.id}`);
    expect(body.components[0]?.logs).toEqual(row.names.map((name) => ({ name })));
  });

  it('nests children down to depth levels below the cards', async () => {
    const root = await deepRoot();
    const find = (body: Topology) => body.components.find((c) => c.id === root.id) as Component;

    const depth0 = find(await topology('depth=0'));
    expect(depth0).not.toHaveProperty('components');
    expect(depth0.children.length).toBeGreaterThan(0);

    const depth1 = find(await topology('depth=1'));
    expect(ids(depth1.components ?? [])).toEqual(await liveChildren(root.id));
    const namespace = (depth1.components ?? []).find((c) => c.children.length > 0) as Component;
    expect(namespace).toBeDefined();
    expect(namespace).not.toHaveProperty('components');

    const depth2 = find(await topology('depth=2'));
    const nested = (depth2.components ?? []).find((c) => c.id === namespace.id) as Component;
    expect(ids(nested.components ?? [])).toEqual(await liveChildren(namespace.id));

    // With id, the cards are the children and depth counts below them.
    const [top] = (await topology(`id=${root.id}&depth=0`)).components as [Component];
    expect(ids(top.components ?? [])).toEqual(await liveChildren(root.id));
    expect((top.components ?? []).every((c) => c.components === undefined)).toBe(true);
  });
});

describe('GET /api/canary/api/topology (TOPO-01): filters and order', () => {
  it('filters the cards by status, a comma list', async () => {
    const body = await topology('status=warning,unhealthy');
    const expected = await rows<{ id: string }>(
      `SELECT id FROM components WHERE parent_id IS NULL AND deleted_at IS NULL
          AND status IN ('warning', 'unhealthy')`,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(ids(body.components)).toEqual(sorted(expected.map((r) => r.id)));
    expect(body.components.every((c) => ['warning', 'unhealthy'].includes(c.status ?? ''))).toBe(
      true,
    );
    // Children keep every status: only the cards are filtered.
    const statuses = new Set<string>();
    walk(body.components, (c, level) => {
      if (level > 0) statuses.add(c.status ?? '');
    });
    expect(statuses.has('healthy')).toBe(true);
  });

  it('with a type and flatten=true lists every matching descendant as a card', async () => {
    const body = await topology('type=Deployment,StatefulSet&flatten=true');
    const expected = await rows<{ id: string }>(
      `SELECT id FROM components WHERE deleted_at IS NULL AND type IN ('Deployment', 'StatefulSet')`,
    );
    expect(expected.length).toBeGreaterThan(5);
    expect(ids(body.components)).toEqual(sorted(expected.map((r) => r.id)));

    const root = await deepRoot();
    const under = await topology(`id=${root.id}&type=Deployment&flatten=true`);
    const [top] = under.components as [Component];
    expect(top.id).toBe(root.id);
    const deployments = await rows<{ id: string }>(
      `SELECT c.id FROM components c WHERE ${SUBTREE} AND c.type = 'Deployment'`,
      [root.id, childPath(root)],
    );
    expect(ids(top.components ?? [])).toEqual(sorted(deployments.map((r) => r.id)));
    // Without flatten, the type filter applies to the direct children only: namespaces here.
    const plain = await topology(`id=${root.id}&type=Deployment`);
    expect(plain.components[0]?.components ?? []).toEqual([]);
  });

  it('filters the cards by labels: every key=value pair must match', async () => {
    const external = await topology('labels=tier%3Dexternal');
    expect(external.components.map((c) => c.name)).toEqual(['External Services']);

    const business = await topology('labels=tier%3Dbusiness');
    const applications = await rows<{ id: string }>(
      `SELECT id FROM components WHERE parent_id IS NULL AND deleted_at IS NULL
          AND labels ->> 'tier' = 'business'`,
    );
    expect(applications.length).toBeGreaterThan(1);
    expect(ids(business.components)).toEqual(sorted(applications.map((r) => r.id)));

    const both = await topology('labels=tier%3Dbusiness%2Cteam%3Dsre');
    expect(both.components.map((c) => c.name)).toEqual(['SRE Platform']);
    const none = await topology('labels=tier%3Dbusiness%2Cteam%3Dnobody');
    expect(none.components).toEqual([]);
  });

  it('refuses a malformed label pair with 400', async () => {
    for (const labels of ['tier', 'tier%3Dbusiness%2Cteam', '%3Dsre']) {
      const res = await get(`${TOPOLOGY}?labels=${labels}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: expect.stringContaining('labels') });
    }
  });

  it('filters the cards by owner', async () => {
    const body = await topology('owner=Platform');
    const expected = await rows<{ id: string }>(
      `SELECT id FROM components WHERE parent_id IS NULL AND deleted_at IS NULL AND owner = 'Platform'`,
    );
    expect(expected.length).toBeGreaterThan(1);
    expect(ids(body.components)).toEqual(sorted(expected.map((r) => r.id)));
  });

  it('sorts the cards and the children by name, both ways', async () => {
    const asc = await topology('sortBy=name&sortOrder=asc');
    const names = asc.components.map((c) => c.name);
    expect(names).toEqual(sorted(names));
    const desc = await topology('sortBy=name&sortOrder=desc');
    expect(desc.components.map((c) => c.name)).toEqual([...sorted(names)].reverse());
    walk(asc.components, (component) => {
      const childNames = (component.components ?? []).map((c) => c.name);
      expect(childNames).toEqual(sorted(childNames));
    });
  });

  it('sorts by status: desc lists the unhealthy first, then warning, unknown, healthy; ties by name', async () => {
    const rank: Record<string, number> = { unhealthy: 3, warning: 2, healthy: 0 };
    const rankOf = (c: Component) => rank[c.status ?? ''] ?? 1;
    for (const query of ['', 'sortBy=status&sortOrder=desc']) {
      const body = await topology(query);
      const list = body.components;
      expect(new Set(list.map(rankOf)).size).toBeGreaterThan(1);
      for (let i = 1; i < list.length; i++) {
        const [a, b] = [list[i - 1] as Component, list[i] as Component];
        expect(rankOf(a)).toBeGreaterThanOrEqual(rankOf(b));
        if (rankOf(a) === rankOf(b)) expect(byCodePoint(a.name, b.name)).toBeLessThan(0);
      }
    }
    const asc = await topology('sortBy=status&sortOrder=asc');
    expect(rankOf(asc.components[0] as Component)).toBe(0);
  });

  it('sorts by a property value', async () => {
    const root = await deepRoot();
    const [top] = (await topology(`id=${root.id}&sortBy=cpu&sortOrder=desc`)).components as [
      Component,
    ];
    const values = (top.components ?? []).map(
      (c) => c.properties.find((p) => p.name === 'cpu')?.value as number,
    );
    expect(values.length).toBeGreaterThan(2);
    expect(values.every((v) => typeof v === 'number')).toBe(true);
    expect(values).toEqual([...values].sort((a, b) => b - a));
  });

  it('ignores team, hidden and agent_id, and lists hidden components', async () => {
    const plain = await get(`${TOPOLOGY}?sortBy=name&sortOrder=asc`);
    const ignored = await get(
      `${TOPOLOGY}?sortBy=name&sortOrder=asc&team=Payments&hidden=false&agent_id=00000000-0000-4000-8000-000000000001`,
    );
    expect(ignored.statusCode).toBe(200);
    expect(ignored.body).toBe(plain.body);

    const [hidden] = await rows<{ id: string; parent_id: string | null }>(
      `SELECT id, parent_id FROM components WHERE hidden AND deleted_at IS NULL
          AND (parent_id IS NULL OR parent_id IN (SELECT id FROM components WHERE deleted_at IS NULL))
        ORDER BY id LIMIT 1`,
    );
    if (!hidden) throw new Error('no hidden component in the test estate');
    const body = await topology(
      hidden.parent_id ? `id=${hidden.parent_id}&hidden=false` : 'hidden=false',
    );
    const cards = hidden.parent_id ? (body.components[0]?.components ?? []) : body.components;
    expect(cards.find((c) => c.id === hidden.id)?.hidden).toBe(true);
  });
});

describe('GET /api/canary/api/topology (TOPO-01): filter options and summaries', () => {
  it('lists the statuses, teams, label values and types of the whole scope, before filters', async () => {
    const statuses = await rows<{ status: string }>(
      'SELECT DISTINCT status FROM components WHERE deleted_at IS NULL',
    );
    const types = await rows<{ type: string }>(
      'SELECT DISTINCT type FROM components WHERE deleted_at IS NULL AND type IS NOT NULL',
    );
    const teams = await rows<{ name: string }>(
      `SELECT DISTINCT t.name FROM team_components tc
         JOIN components c ON c.id = tc.component_id AND c.deleted_at IS NULL
         JOIN teams t ON t.id = tc.team_id AND t.deleted_at IS NULL`,
    );
    const labels = await rows<{ key: string; value: string }>(
      `SELECT DISTINCT l.key, l.value FROM components c, jsonb_each_text(c.labels) l
        WHERE c.deleted_at IS NULL`,
    );
    const tags: Record<string, string[]> = {};
    for (const { key, value } of labels) (tags[key] ??= []).push(value);
    for (const key of Object.keys(tags)) tags[key] = sorted(tags[key] as string[]);

    for (const query of ['', 'status=unhealthy&labels=tier%3Dexternal']) {
      const body = await topology(query);
      expect(body.healthStatuses).toEqual(sorted(statuses.map((r) => r.status)));
      expect(body.types).toEqual(sorted(types.map((r) => r.type)));
      expect(body.types).toContain('ExternalService');
      expect(body.teams).toEqual(sorted(teams.map((r) => r.name)));
      expect(body.tags).toEqual(tags);
      expect(Object.keys(body.tags)).toEqual(sorted(Object.keys(tags)));
    }

    const root = await deepRoot();
    const under = await topology(`id=${root.id}`);
    const subtreeTypes = await rows<{ type: string }>(
      `SELECT DISTINCT c.type FROM components c WHERE ${SUBTREE}`,
      [root.id, childPath(root)],
    );
    expect(under.types).toEqual(sorted(subtreeTypes.map((r) => r.type)));
  });

  it('summarises each component: live children by health, and checks and insights of its subtree', async () => {
    const body = await topology();
    let sawChecks = false;
    let sawInsights = false;
    for (const component of body.components) {
      const byHealth = await rows<{ health: string; n: number }>(
        `SELECT coalesce(health, 'unknown') AS health, count(*)::int AS n FROM components
          WHERE parent_id = $1 AND deleted_at IS NULL GROUP BY 1`,
        [component.id],
      );
      const counts = { healthy: 0, unhealthy: 0, warning: 0, unknown: 0 };
      for (const { health, n } of byHealth) counts[health as keyof typeof counts] += n;
      expect(component.summary).toMatchObject(counts);

      const checks = await rows<{ status: string; n: number }>(
        `SELECT ch.status, count(DISTINCT ch.id)::int AS n FROM components c
           JOIN check_component_relationships cr ON cr.component_id = c.id AND cr.deleted_at IS NULL
           JOIN checks ch ON ch.id = cr.check_id AND ch.deleted_at IS NULL
          WHERE ${SUBTREE} GROUP BY ch.status`,
        [component.id, childPath(component)],
      );
      const expectedChecks = { healthy: 0, warning: 0, unhealthy: 0 };
      for (const { status, n } of checks) {
        if (status in expectedChecks) expectedChecks[status as keyof typeof expectedChecks] = n;
      }
      expect(component.summary.checks).toEqual(expectedChecks);
      if (checks.length > 0) sawChecks = true;

      const insights = await rows<{ type: string; severity: string; n: number }>(
        `SELECT ca.analysis_type AS type, ca.severity, count(DISTINCT ca.id)::int AS n
           FROM components c
           JOIN config_component_relationships ccr ON ccr.component_id = c.id AND ccr.deleted_at IS NULL
           JOIN config_analysis ca ON ca.config_id = ccr.config_id AND ca.status = 'open'
           JOIN config_items ci ON ci.id = ca.config_id AND ci.deleted_at IS NULL
          WHERE ${SUBTREE} GROUP BY 1, 2`,
        [component.id, childPath(component)],
      );
      if (insights.length === 0) {
        expect(component.summary).not.toHaveProperty('insights');
      } else {
        sawInsights = true;
        const expected: Record<string, Record<string, number>> = {};
        for (const { type, severity, n } of insights) (expected[type] ??= {})[severity] = n;
        expect(component.summary.insights).toEqual(expected);
      }
    }
    expect(sawChecks).toBe(true);
    expect(sawInsights).toBe(true);
  });
});

describe('GET /api/canary/api/topology (TOPO-01): refusals', () => {
  it('needs a signed-in caller', async () => {
    const res = await get(TOPOLOGY, null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Unauthorized' });
  });

  it('lets viewers and guests read', async () => {
    expect((await get(TOPOLOGY, 'viewer')).statusCode).toBe(200);
    expect((await get(TOPOLOGY, 'guest')).statusCode).toBe(200);
  });

  it('answers 400 {error} for a bad id, sortOrder, depth or flatten', async () => {
    for (const query of [
      'id=not-a-uuid',
      'sortOrder=sideways',
      'depth=-1',
      'depth=two',
      'depth=1.5',
      'flatten=maybe',
    ]) {
      const res = await get(`${TOPOLOGY}?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: expect.any(String) });
    }
  });

  it('answers 404 {error} for an unknown or deleted component', async () => {
    const unknown = '00000000-0000-4000-8000-00000000abcd';
    const res = await get(`${TOPOLOGY}?id=${unknown}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: `component ${unknown} not found` });
    const [deleted] = await rows<{ id: string }>(
      'SELECT id FROM components WHERE deleted_at IS NOT NULL ORDER BY id LIMIT 1',
    );
    if (deleted) expect((await get(`${TOPOLOGY}?id=${deleted.id}`)).statusCode).toBe(404);
  });
});

describe('GET /api/snapshot/topology/:id (TOPO-10)', () => {
  const snapshot = (id: string, query: string, role: string | null = 'admin') =>
    get(`/api/snapshot/topology/${id}${query ? `?${query}` : ''}`, role);

  function files(payload: Buffer): Record<string, unknown> & { readme: string } {
    const unzipped = unzipSync(new Uint8Array(payload));
    const json = (name: string) => JSON.parse(strFromU8(unzipped[name] as Uint8Array)) as unknown;
    return {
      component: json('component.json'),
      children: json('children.json'),
      checks: json('checks.json'),
      changes: json('changes.json'),
      readme: strFromU8(unzipped['README.txt'] as Uint8Array),
    };
  }

  it('answers a zip of the component, its descendants, checks and changes in the window', async () => {
    const root = await deepRoot();
    const end = new Date();
    const start = new Date(end.getTime() - 7 * 86_400_000);
    const window = `start=${start.toISOString()}&end=${end.toISOString()}`;
    const res = await snapshot(root.id, `${window}&related=false`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const safeName = root.name.replace(/[^A-Za-z0-9._-]+/g, '-');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="snapshot-${safeName}-\\d{12}\\.zip"$`),
    );
    const zip = files(res.rawPayload);
    expect((zip.component as { id: string }).id).toBe(root.id);
    expect(zip.readme).toContain(start.toISOString());
    expect(zip.readme).toContain(end.toISOString());

    const descendants = await rows<{ id: string }>(
      `SELECT c.id FROM components c WHERE ${SUBTREE} AND c.id <> $1`,
      [root.id, childPath(root)],
    );
    expect(sorted((zip.children as Array<{ id: string }>).map((c) => c.id))).toEqual(
      sorted(descendants.map((r) => r.id)),
    );

    const checks = await rows<{ id: string }>(
      `SELECT DISTINCT ch.id FROM components c
         JOIN check_component_relationships cr ON cr.component_id = c.id AND cr.deleted_at IS NULL
         JOIN checks ch ON ch.id = cr.check_id AND ch.deleted_at IS NULL
        WHERE ${SUBTREE}`,
      [root.id, childPath(root)],
    );
    expect(checks.length).toBeGreaterThan(0);
    const zipChecks = zip.checks as Array<{ id: string; statuses: Array<{ time: string }> }>;
    expect(sorted(zipChecks.map((c) => c.id))).toEqual(sorted(checks.map((r) => r.id)));
    expect(zipChecks.some((c) => c.statuses.length > 0)).toBe(true);
    for (const check of zipChecks) {
      for (const run of check.statuses) {
        const time = Date.parse(run.time);
        expect(time).toBeGreaterThan(start.getTime());
        expect(time).toBeLessThanOrEqual(end.getTime());
      }
    }

    const changesSql = (related: boolean) => `
      WITH linked AS (
        SELECT DISTINCT ccr.config_id FROM components c
          JOIN config_component_relationships ccr ON ccr.component_id = c.id AND ccr.deleted_at IS NULL
         WHERE ${SUBTREE}),
      configs AS (
        SELECT config_id FROM linked
        ${
          related
            ? `UNION SELECT r.related_id FROM config_relationships r JOIN linked l ON l.config_id = r.config_id WHERE r.deleted_at IS NULL
               UNION SELECT r.config_id FROM config_relationships r JOIN linked l ON l.config_id = r.related_id WHERE r.deleted_at IS NULL`
            : ''
        })
      SELECT cc.id FROM config_changes cc JOIN configs USING (config_id)
       WHERE cc.created_at > $3::timestamptz AND cc.created_at <= $4::timestamptz`;
    const direct = await rows<{ id: string }>(changesSql(false), [
      root.id,
      childPath(root),
      start.toISOString(),
      end.toISOString(),
    ]);
    expect(direct.length).toBeGreaterThan(0);
    expect(sorted((zip.changes as Array<{ id: string }>).map((c) => c.id))).toEqual(
      sorted(direct.map((r) => r.id)),
    );

    const withRelated = files((await snapshot(root.id, `${window}&related=true`)).rawPayload);
    const related = await rows<{ id: string }>(changesSql(true), [
      root.id,
      childPath(root),
      start.toISOString(),
      end.toISOString(),
    ]);
    expect(related.length).toBeGreaterThan(direct.length);
    expect(sorted((withRelated.changes as Array<{ id: string }>).map((c) => c.id))).toEqual(
      sorted(related.map((r) => r.id)),
    );
  });

  it('defaults to the last 15 minutes', async () => {
    const root = await deepRoot();
    const res = await snapshot(root.id, '');
    expect(res.statusCode).toBe(200);
    const zip = files(res.rawPayload);
    const match = /Window: (\S+) to (\S+)/.exec(zip.readme);
    expect(match).not.toBeNull();
    const [, from, to] = match as unknown as [string, string, string];
    expect(Date.parse(to) - Date.parse(from)).toBe(15 * 60_000);
  });

  it('refuses a bad start (400), an unknown component (404) and anonymous callers (401)', async () => {
    const root = await deepRoot();
    for (const query of ['start=yesterday', 'start=15m&end=1h', 'related=perhaps']) {
      const bad = await snapshot(root.id, query);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ error: expect.any(String) });
    }
    const unknown = '00000000-0000-4000-8000-00000000abcd';
    const missing = await snapshot(unknown, 'start=1h');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: `component ${unknown} not found` });
    expect((await snapshot('not-a-uuid', 'start=1h')).statusCode).toBe(400);
    expect((await snapshot(root.id, 'start=1h', null)).statusCode).toBe(401);
  });
});

describe('TOPO-01 after changes to the database', () => {
  it('counts open incidents linked to a component or its descendants by type and level', async () => {
    const root = await deepRoot();
    const [leaf] = await rows<{ id: string; path: string }>(
      `SELECT c.id, c.path FROM components c
        WHERE c.deleted_at IS NULL AND c.path LIKE $1 || '.%' ORDER BY c.id LIMIT 1`,
      [root.id],
    );
    if (!leaf) throw new Error('no grandchild under the cluster');
    const [admin] = await rows<{ id: string }>('SELECT id FROM people WHERE email = $1', [
      accountOf('admin').email,
    ]);
    const incident = async (severity: string, status: string, type: string) => {
      const [created] = await rows<{ id: string }>(
        `INSERT INTO incidents (title, created_by, severity, description, type, status)
         VALUES ('test ' || $1, $2, $1, 'from the topology test', $3, $4) RETURNING id`,
        [severity, admin?.id, type, status],
      );
      const [hypothesis] = await rows<{ id: string }>(
        `INSERT INTO hypotheses (created_by, incident_id, type, title, status)
         VALUES ($1, $2, 'root', 'cause', 'possible') RETURNING id`,
        [admin?.id, created?.id],
      );
      await rows(
        `INSERT INTO evidences (description, hypothesis_id, component_id, created_by, type)
         VALUES ('component evidence', $1, $2, $3, 'topology')`,
        [hypothesis?.id, leaf.id, admin?.id],
      );
    };
    // The seed may already link open incidents here: the new ones add to what is counted.
    type Counts = Record<string, Record<string, number>>;
    const countsOf = async (id: string) =>
      (((await topology(`id=${id}`)).components as [Component])[0].summary.incidents ??
        {}) as Counts;
    const plus = (base: Counts, added: Counts): Counts => {
      const sum: Counts = JSON.parse(JSON.stringify(base)) as Counts;
      for (const [type, levels] of Object.entries(added)) {
        for (const [level, n] of Object.entries(levels)) {
          sum[type] = { ...sum[type], [level]: (sum[type]?.[level] ?? 0) + n };
        }
      }
      return sum;
    };
    const rootBefore = await countsOf(root.id);
    const leafBefore = await countsOf(leaf.id);
    await incident('critical', 'open', 'availability');
    await incident('medium', 'investigating', 'availability');
    await incident('low', 'open', 'security');
    await incident('high', 'closed', 'availability');

    const added = { availability: { High: 1, Medium: 1 }, security: { Low: 1 } };
    expect(await countsOf(root.id)).toEqual(plus(rootBefore, added));
    expect(await countsOf(leaf.id)).toEqual(plus(leafBefore, added));
  });

  it('reflects changed, added and deleted components on the next request', async () => {
    const root = await deepRoot();
    const [before] = (await topology(`id=${root.id}&sortBy=name&sortOrder=asc`)).components as [
      Component,
    ];
    const [changed, removed] = before.components as [Component, Component];
    await rows(
      `UPDATE components SET status_reason = 'changed by the test',
              properties = '[{"name": "fresh", "value": 7}]' WHERE id = $1`,
      [changed.id],
    );
    await rows('UPDATE components SET deleted_at = now() WHERE id = $1', [removed.id]);
    const [added] = await rows<{ id: string }>(
      `INSERT INTO components (external_id, parent_id, path, name, status, health, type)
       VALUES ('test/added', $1, $2, 'aaa-added-by-test', 'healthy', 'healthy', 'Test')
       RETURNING id`,
      [root.id, childPath(root)],
    );

    const [after] = (await topology(`id=${root.id}&sortBy=name&sortOrder=asc`)).components as [
      Component,
    ];
    const cards = after.components ?? [];
    expect(cards[0]?.id).toBe(added?.id);
    expect(cards.find((c) => c.id === removed.id)).toBeUndefined();
    const updated = cards.find((c) => c.id === changed.id);
    expect(updated?.status_reason).toBe('changed by the test');
    expect(updated?.properties).toEqual([{ name: 'fresh', value: 7 }]);
    expect(sorted(after.children)).toEqual(await liveChildren(root.id));
    expect((await topology()).types).toContain('Test');
  });

  it('refuses with 403 a signed-in person none of whose roles may read topologies', async () => {
    const [guest] = await rows<{ id: string }>('SELECT id FROM people WHERE email = $1', [
      accountOf('guest').email,
    ]);
    await rows(`UPDATE casbin_rule SET v1 = 'nobody' WHERE ptype = 'g' AND v0 = $1`, [guest?.id]);
    const res = await get(TOPOLOGY, 'guest');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'not allowed to read topologies' });
    const root = await deepRoot();
    expect((await get(`/api/snapshot/topology/${root.id}`, 'guest')).statusCode).toBe(403);
  });
});

describe('GET /api/db/analysis_by_component (CAT-28): insights of the configs of a component', () => {
  it('embeds each row’s config and its insights through the view’s config_id, as api.md asks', async () => {
    const [linked] = await rows<{ component_id: string; analyses: number }>(
      `SELECT ccr.component_id, count(*)::int AS analyses
         FROM config_analysis ca
         JOIN config_component_relationships ccr ON ccr.config_id = ca.config_id
         JOIN config_items ci ON ci.id = ca.config_id
        WHERE ca.status = 'open' AND ci.deleted_at IS NULL
        GROUP BY ccr.component_id ORDER BY analyses DESC LIMIT 1`,
    );
    expect(linked).toBeDefined();
    const select =
      'analysis_id,config:configs(id,name,config_class,type,analysis:config_analysis(id,analyzer,analysis_type,message,severity,analysis,first_observed))';
    for (const role of ['admin', 'viewer']) {
      const res = await get(
        `/api/db/analysis_by_component?component_id=eq.${linked?.component_id}&limit=50&offset=0&select=${select}`,
        role,
      );
      expect(res.statusCode).toBe(200);
      const body = res.json<
        Array<{
          analysis_id: string;
          config: { id: string; name: string; analysis: Array<{ id: string }> } | null;
        }>
      >();
      expect(body).toHaveLength(linked?.analyses ?? 0);
      for (const row of body) {
        expect(row.config?.name).toEqual(expect.any(String));
        // The console keeps the insight of the row among its config's insights.
        expect(row.config?.analysis.map((a) => a.id)).toContain(row.analysis_id);
      }
    }
  });
});
