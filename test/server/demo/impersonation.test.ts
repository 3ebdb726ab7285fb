import type { FastifyInstance } from 'fastify';
import type { SqlClient } from '../../../server/demo/db/types';
import { OUTSIDE_SCOPES } from '../../../server/demo/auth/impersonation';
import { insertPlaybook } from './playbookHarness';
import { sendAs, signInAll, startDemo, type DemoHarness, type Headers } from './support';

/**
 * Scope impersonation (`X-Flanksource-Scope: ["<scope id>", …]`): every list endpoint the demo
 * narrows answers, for an administrator impersonating a scope, a non-empty part of its usual
 * answer in which every row is one the scope selects (checked against the database directly);
 * `[]` answers nothing, an unknown id adds nothing, two scopes answer their union, other roles
 * are refused with 403 and malformed headers with 400, and playbooks cannot be run outside the
 * scopes.
 */

jest.setTimeout(240_000);

const ROLES = ['admin', 'editor', 'responder', 'viewer'] as const;

let harness: DemoHarness;
let app: FastifyInstance;
let db: SqlClient;
const cookies: Record<string, string> = {};

/** The scopes the tests impersonate, by name. */
const scopeIds: Record<string, string> = {};
const UNKNOWN_SCOPE = '00000000-0000-4000-8000-00000000beef';

type Kind = 'config' | 'component' | 'canary' | 'check' | 'playbook' | 'view';
/** Per scope, the ids of each kind it selects, read from the database by plain SQL. */
const selected: Record<string, Record<Kind, Set<string>>> = {};

async function rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await db.query<T>(sql, params)).rows;
}

async function insertScope(name: string, targets: unknown[]): Promise<string> {
  const [row] = await rows<{ id: string }>(
    `INSERT INTO scopes (name, namespace, targets, source) VALUES ($1, 'imp-test', $2, 'UI')
     RETURNING id::text AS id`,
    [name, JSON.stringify(targets)],
  );
  return row!.id;
}

async function idSet(sql: string, params: unknown[] = []): Promise<Set<string>> {
  return new Set((await rows<{ id: string }>(sql, params)).map((r) => r.id));
}

/** What scope `a` selects, by plain SQL mirroring its targets. */
async function selectedByA(playbooks: string[]): Promise<Record<Kind, Set<string>>> {
  const canaries = await idSet(
    `SELECT id::text AS id FROM canaries WHERE labels->>'team' = 'checkout'`,
  );
  return {
    config: await idSet(
      `SELECT id::text AS id FROM config_items WHERE tags->>'namespace' = 'billing'`,
    ),
    component: await idSet(
      `SELECT id::text AS id FROM components WHERE labels->>'team' = 'platform'`,
    ),
    canary: canaries,
    check: await idSet(`SELECT id::text AS id FROM checks WHERE canary_id::text = ANY($1)`, [
      [...canaries],
    ]),
    playbook: await idSet(`SELECT id::text AS id FROM playbooks WHERE name = ANY($1)`, [playbooks]),
    view: await idSet(`SELECT id::text AS id FROM views WHERE name = 'pods'`),
  };
}

async function selectedByB(playbooks: string[]): Promise<Record<Kind, Set<string>>> {
  const canaries = await idSet(
    `SELECT id::text AS id FROM canaries WHERE labels->>'team' = 'payments'`,
  );
  return {
    config: await idSet(
      `SELECT id::text AS id FROM config_items WHERE tags->>'namespace' = 'argocd'`,
    ),
    component: await idSet(`SELECT id::text AS id FROM components WHERE labels->>'owner' = 'SRE'`),
    canary: canaries,
    check: await idSet(`SELECT id::text AS id FROM checks WHERE canary_id::text = ANY($1)`, [
      [...canaries],
    ]),
    playbook: await idSet(`SELECT id::text AS id FROM playbooks WHERE name = ANY($1)`, [playbooks]),
    view: await idSet(`SELECT id::text AS id FROM views WHERE name = 'deployments'`),
  };
}

/** The headers of the admin impersonating `scopes` (a raw header value when a string). */
function as(scopes?: string[] | string, role = 'admin'): Headers {
  const headers: Headers = { cookie: cookies[role]! };
  if (scopes !== undefined) {
    headers['x-flanksource-scope'] = typeof scopes === 'string' ? scopes : JSON.stringify(scopes);
  }
  return headers;
}

/**
 * A narrowed list endpoint: how to read it, and the rows it answers as the ids of one kind
 * (the kind whose scope selection every row must be in).
 */
interface ListCase {
  name: string;
  kind: Kind;
  /** The ids the endpoint answers with these headers. */
  read(headers: Headers): Promise<string[]>;
  /** The answer holds every row (no page or cap), so impersonated answers are subsets of it. */
  complete: boolean;
}

async function json<T>(method: 'GET' | 'POST', url: string, headers: Headers, body?: unknown) {
  const res = await sendAs(app, method, url, headers, body);
  if (res.statusCode !== 200 && res.statusCode !== 206) {
    throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  }
  return res.json<T>();
}

function dbList(relation: string, column: string, kind: Kind, query = ''): ListCase {
  return {
    name: `GET /api/db/${relation}${query ? `?${query}` : ''}`,
    kind,
    complete: true,
    read: async (headers) => {
      const list = await json<Array<Record<string, string | null>>>(
        'GET',
        `/api/db/${relation}?select=${column}${query ? `&${query}` : ''}`,
        headers,
      );
      return list.map((r) => String(r[column]));
    },
  };
}

interface TopologyNode {
  id: string;
  components?: TopologyNode[];
}
function topologyIds(nodes: readonly TopologyNode[]): string[] {
  return nodes.flatMap((n) => [n.id, ...topologyIds(n.components ?? [])]);
}

const CASES: ListCase[] = [
  dbList('config_items', 'id', 'config', 'deleted_at=is.null'),
  dbList('configs', 'id', 'config'),
  dbList('config_changes', 'config_id', 'config'),
  dbList('catalog_changes', 'config_id', 'config'),
  dbList('config_analysis', 'config_id', 'config'),
  dbList('config_relationships', 'related_id', 'config'),
  dbList('components', 'id', 'component'),
  dbList('topology', 'id', 'component'),
  dbList('canaries', 'id', 'canary'),
  dbList('canaries_with_status', 'id', 'canary'),
  dbList('checks', 'id', 'check'),
  dbList('check_statuses', 'check_id', 'check'),
  dbList('playbooks', 'id', 'playbook'),
  dbList('playbook_runs', 'playbook_id', 'playbook'),
  dbList('views', 'id', 'view'),
  dbList('views_summary', 'id', 'view'),
  {
    name: 'GET /api/db/rpc/related_configs_recursive (a function returning configs)',
    kind: 'config',
    complete: true,
    read: async (headers) => {
      // Everything a cluster leads to: scope a keeps the billing namespace's configs.
      const [root] = await rows<{ id: string }>(
        `SELECT id::text AS id FROM config_items
          WHERE type = 'Kubernetes::Cluster' AND deleted_at IS NULL ORDER BY name LIMIT 1`,
      );
      const list = await json<Array<{ id: string }>>(
        'GET',
        `/api/db/rpc/related_configs_recursive?config_id=${root!.id}&type_filter=outgoing&select=id`,
        headers,
      );
      return list.map((r) => r.id);
    },
  },
  {
    name: 'POST /api/catalog/changes',
    kind: 'config',
    complete: false,
    read: async (headers) => {
      const body = await json<{ changes: Array<{ config_id: string }> }>(
        'POST',
        '/api/catalog/changes',
        headers,
        { page_size: 200, from: 'now-90d' },
      );
      return body.changes.map((c) => c.config_id);
    },
  },
  {
    name: 'GET /api/catalog/changes',
    kind: 'config',
    complete: false,
    read: async (headers) => {
      const body = await json<{ changes: Array<{ config_id: string }> }>(
        'GET',
        '/api/catalog/changes?page_size=200&from=now-90d',
        headers,
      );
      return body.changes.map((c) => c.config_id);
    },
  },
  {
    name: 'GET /api/config/query (SQL form)',
    kind: 'config',
    complete: false,
    read: async (headers) => {
      const body = await json<{ results: Array<{ id: string }> }>(
        'GET',
        `/api/config/query?query=${encodeURIComponent('SELECT id FROM config_items LIMIT 1000')}`,
        headers,
      );
      return body.results.map((r) => r.id);
    },
  },
  {
    name: 'GET /api/config/query (selector form)',
    kind: 'config',
    complete: false,
    read: async (headers) => {
      const body = await json<{ results: Array<{ id: string }> }>(
        'GET',
        `/api/config/query?query=${encodeURIComponent('limit=1000')}`,
        headers,
      );
      return body.results.map((r) => r.id);
    },
  },
  ...(['configs', 'config_changes', 'components', 'canaries', 'checks', 'playbooks'] as const).map(
    (kind): ListCase => ({
      name: `POST /api/resources/search (${kind})`,
      kind: (
        {
          configs: 'config',
          config_changes: 'config',
          components: 'component',
          canaries: 'canary',
          checks: 'check',
          playbooks: 'playbook',
        } as const
      )[kind],
      complete: false,
      read: async (headers) => {
        const body = await json<Record<string, Array<{ id: string; config_id?: string }>>>(
          'POST',
          '/api/resources/search',
          headers,
          { [kind]: [{ name: '*' }], limit: 500 },
        );
        return (body[kind] ?? []).map((r) => (kind === 'config_changes' ? r.config_id! : r.id));
      },
    }),
  ),
  {
    name: 'GET /api/playbook/list',
    kind: 'playbook',
    complete: true,
    read: async (headers) =>
      (await json<Array<{ id: string }>>('GET', '/api/playbook/list', headers)).map((p) => p.id),
  },
  {
    name: 'GET /api/canary/api/summary',
    kind: 'check',
    complete: true,
    read: async (headers) =>
      (
        await json<{ checks_summary: Array<{ id: string }> }>(
          'GET',
          '/api/canary/api/summary',
          headers,
        )
      ).checks_summary.map((c) => c.id),
  },
  {
    name: 'POST /api/canary/api/summary',
    kind: 'check',
    complete: true,
    read: async (headers) =>
      (
        await json<{ checks_summary: Array<{ id: string }> }>(
          'POST',
          '/api/canary/api/summary',
          headers,
          {},
        )
      ).checks_summary.map((c) => c.id),
  },
  {
    name: 'GET /api/canary/api/topology',
    kind: 'component',
    complete: true,
    read: async (headers) =>
      topologyIds(
        (await json<{ components: TopologyNode[] }>('GET', '/api/canary/api/topology', headers))
          .components,
      ),
  },
];

beforeAll(async () => {
  harness = await startDemo({ playbookExecutor: false });
  ({ app, db } = harness);
  await signInAll(app, ROLES, cookies);
  const names = (await rows<{ name: string }>('SELECT name FROM playbooks ORDER BY name')).map(
    (r) => r.name,
  );
  const playbooksA = names.filter((n) => n.startsWith('restart-'));
  const playbooksB = ['drain-node'];
  // The pods view shows configs; its config tab lists views for pods.
  scopeIds.a = await insertScope('imp-test-a', [
    { config: { tagSelector: 'namespace=billing' } },
    { component: { tagSelector: 'team=platform' } },
    { canary: { tagSelector: 'team=checkout' } },
    { playbook: { name: 'restart-*' } },
    { view: { name: 'pods' } },
  ]);
  scopeIds.b = await insertScope('imp-test-b', [
    { config: { tagSelector: 'namespace=argocd' } },
    { component: { tagSelector: 'owner=SRE' } },
    { canary: { tagSelector: 'team=payments' } },
    { playbook: { name: 'drain-node' } },
    { view: { name: 'deployments' } },
  ]);
  selected.a = await selectedByA(playbooksA);
  selected.b = await selectedByB(playbooksB);
  const seeded = await rows<{ id: string; name: string }>(
    `SELECT id::text AS id, name FROM scopes WHERE name IN ('everything', 'argocd-workloads')`,
  );
  for (const s of seeded) scopeIds[s.name] = s.id;
});
afterAll(() => harness?.close());

describe.each(CASES)('$name', (list) => {
  let all: string[];
  let a: string[];
  beforeAll(async () => {
    all = await list.read(as());
    a = await list.read(as([scopeIds.a!]));
  });

  it('impersonating a scope: a non-empty answer of rows the scope selects, narrower than without', () => {
    const scope = selected.a![list.kind];
    expect(a.length).toBeGreaterThan(0);
    expect(a.filter((id) => !scope.has(id))).toEqual([]);
    // Without the header the endpoint answers rows the scope leaves out.
    expect(all.some((id) => !scope.has(id))).toBe(true);
    if (list.complete) {
      const everything = new Set(all);
      expect(a.filter((id) => !everything.has(id))).toEqual([]);
      expect(new Set(a).size).toBeLessThan(everything.size);
    }
  });

  it('impersonating nothing ([]) answers nothing', async () => {
    expect(await list.read(as([]))).toEqual([]);
  });

  it('an unknown scope id adds nothing', async () => {
    expect(await list.read(as([UNKNOWN_SCOPE]))).toEqual([]);
    expect(await list.read(as([scopeIds.a!, UNKNOWN_SCOPE]))).toEqual(a);
    expect(await list.read(as(['not-a-uuid', scopeIds.a!]))).toEqual(a);
  });

  it('two scopes answer their union', async () => {
    const both = await list.read(as([scopeIds.a!, scopeIds.b!]));
    const union = new Set([...selected.a![list.kind], ...selected.b![list.kind]]);
    expect(both.filter((id) => !union.has(id))).toEqual([]);
    if (list.complete) {
      const b = await list.read(as([scopeIds.b!]));
      expect(new Set(both)).toEqual(new Set([...a, ...b]));
    } else {
      expect(new Set(both).size).toBeGreaterThanOrEqual(new Set(a).size);
    }
  });

  it('a global `*` target selects everything: the answer without the header', async () => {
    expect(await list.read(as([scopeIds.everything!]))).toEqual(all);
  });

  it.each(['editor', 'responder', 'viewer'])('%s may not impersonate: 403 JSON', async (role) => {
    await expect(list.read(as([scopeIds.a!], role))).rejects.toThrow(
      /: 403 \{"error":"not allowed to impersonate scopes: requires the admin role"\}/,
    );
  });

  it.each(['nope', '{"ids":[]}', '[1]', '"a"'])(
    'a malformed header (%s) is 400 JSON',
    async (raw) => {
      await expect(list.read(as(raw))).rejects.toThrow(
        /: 400 \{"error":"invalid X-Flanksource-Scope header: /,
      );
    },
  );
});

describe('counts and totals are narrowed', () => {
  it("the catalog list total (Prefer: count=exact, content-range) is the scope's configs", async () => {
    const read = async (headers: Headers) => {
      const res = await sendAs(
        app,
        'GET',
        '/api/db/configs?select=id&deleted_at=is.null&limit=10',
        {
          ...headers,
          prefer: 'count=exact',
        },
      );
      expect([200, 206]).toContain(res.statusCode);
      return Number(String(res.headers['content-range']).split('/')[1]);
    };
    const [live] = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM config_items WHERE deleted_at IS NULL AND id::text = ANY($1)`,
      [[...selected.a!.config]],
    );
    expect(await read(as([scopeIds.a!]))).toBe(live!.n);
    expect(await read(as())).toBeGreaterThan(live!.n);
    expect(await read(as([]))).toBe(0);
  });

  it("the catalog summary counts only the scopes' configs", async () => {
    const summary = async (headers: Headers) =>
      (
        await json<Array<{ type: string; count: number }>>(
          'POST',
          '/api/catalog/summary',
          headers,
          {
            groupBy: ['type'],
          },
        )
      ).map((g) => [g.type, g.count]);
    const expected = async (ids: Set<string>) =>
      (
        await rows<{ type: string; n: number }>(
          `SELECT type, count(*)::int AS n FROM config_items
            WHERE deleted_at IS NULL AND id::text = ANY($1) GROUP BY type ORDER BY type`,
          [[...ids]],
        )
      ).map((e) => [e.type, e.n]);
    const a = await summary(as([scopeIds.a!]));
    expect(a.length).toBeGreaterThan(0);
    expect(a).toEqual(await expected(selected.a!.config));
    expect(await summary(as([scopeIds.a!, scopeIds.b!]))).toEqual(
      await expected(new Set([...selected.a!.config, ...selected.b!.config])),
    );
    expect(await summary(as([scopeIds.a!, UNKNOWN_SCOPE]))).toEqual(a);
    expect(await summary(as([]))).toEqual([]);
    const total = (groups: unknown[][]) => groups.reduce((n, g) => n + Number(g[1]), 0);
    expect(total(await summary(as()))).toBeGreaterThan(total(a));
    expect(await summary(as([scopeIds.everything!]))).toEqual(await summary(as()));
    const refused = await sendAs(
      app,
      'POST',
      '/api/catalog/summary',
      as([scopeIds.a!], 'editor'),
      {},
    );
    expect(refused.statusCode).toBe(403);
    const malformed = await sendAs(app, 'POST', '/api/catalog/summary', as('[null]'), {});
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ error: string }>().error).toMatch(
      /^invalid X-Flanksource-Scope header: /,
    );
  });

  it("the change search total is the scope's changes", async () => {
    const body = await json<{ total: number }>('POST', '/api/catalog/changes', as([scopeIds.a!]), {
      from: 'now-90d',
    });
    const [expected] = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM config_changes cc
         JOIN config_items ci ON ci.id = cc.config_id AND ci.deleted_at IS NULL
        WHERE cc.config_id::text = ANY($1) AND cc.created_at >= now() - interval '90 days'`,
      [[...selected.a!.config]],
    );
    expect(body.total).toBe(expected!.n);
    const all = await json<{ total: number }>('POST', '/api/catalog/changes', as(), {
      from: 'now-90d',
    });
    expect(all.total).toBeGreaterThan(body.total);
  });
});

describe('single resources outside the scopes', () => {
  it('a check outside the scopes has no graph (404); one inside has', async () => {
    const inside = [...selected.a!.check][0]!;
    const [outside] = await rows<{ id: string }>(
      `SELECT id::text AS id FROM checks WHERE NOT (id::text = ANY($1)) AND deleted_at IS NULL LIMIT 1`,
      [[...selected.a!.check]],
    );
    const graph = (id: string) =>
      sendAs(app, 'GET', `/api/canary/api/graph?check=${id}`, as([scopeIds.a!]));
    expect((await graph(inside)).statusCode).toBe(200);
    const refused = await graph(outside!.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json<{ error: string }>().error).toContain('not found');
  });

  it('a view outside the scopes is not found; the dashboard view too', async () => {
    const [pods] = [...selected.a!.view];
    const [deployments] = [...selected.b!.view];
    const metadata = (id: string) =>
      sendAs(app, 'GET', `/api/view/metadata/${id}`, as([scopeIds.a!]));
    expect((await metadata(pods!)).statusCode).toBe(200);
    expect((await metadata(deployments!)).statusCode).toBe(404);
    expect(
      (await sendAs(app, 'POST', `/api/view/${deployments}`, as([scopeIds.a!]), {})).statusCode,
    ).toBe(404);
    expect((await sendAs(app, 'GET', '/api/dashboard', as())).statusCode).toBe(200);
    expect((await sendAs(app, 'GET', '/api/dashboard', as([scopeIds.a!]))).statusCode).toBe(404);
  });

  it('lists the views of a config that the scopes select', async () => {
    const [namespace] = await rows<{ id: string }>(
      `SELECT id::text AS id FROM config_items
        WHERE type = 'Kubernetes::Namespace' AND deleted_at IS NULL ORDER BY name LIMIT 1`,
    );
    const list = async (headers: Headers) =>
      (
        await json<Array<{ name: string }>>(
          'GET',
          `/api/view/list?config_id=${namespace!.id}`,
          headers,
        )
      ).map((v) => v.name);
    expect(await list(as())).toEqual(['deployments']);
    expect(await list(as([scopeIds.a!]))).toEqual([]);
    expect(await list(as([scopeIds.b!]))).toEqual(['deployments']);
    expect(await list(as([scopeIds.a!, scopeIds.b!]))).toEqual(['deployments']);
    expect(await list(as([]))).toEqual([]);
  });

  it('the topology of a component outside the scopes is not found', async () => {
    const [outside] = await rows<{ id: string }>(
      `SELECT id::text AS id FROM components WHERE NOT (id::text = ANY($1)) AND deleted_at IS NULL LIMIT 1`,
      [[...selected.a!.component]],
    );
    const res = await sendAs(
      app,
      'GET',
      `/api/canary/api/topology?id=${outside!.id}`,
      as([scopeIds.a!]),
    );
    expect(res.statusCode).toBe(404);
  });
});

describe('playbook runs', () => {
  const deploymentIn = async (namespace: string) => {
    const [row] = await rows<{ id: string }>(
      `SELECT id::text AS id FROM config_items
        WHERE type = 'Kubernetes::Deployment' AND deleted_at IS NULL AND tags->>'namespace' = $1
        ORDER BY name LIMIT 1`,
      [namespace],
    );
    return row!.id;
  };
  const playbook = async (name: string) => {
    const [row] = await rows<{ id: string }>(
      `SELECT id::text AS id FROM playbooks WHERE name = $1`,
      [name],
    );
    return row!.id;
  };
  const run = (headers: Headers, id: string, configId: string) =>
    sendAs(app, 'POST', '/api/playbook/run', headers, {
      id,
      config_id: configId,
      params: { reason: 'impersonation test' },
    });

  it('a playbook outside the scopes, or on a config outside them, is refused with 403', async () => {
    const restart = await playbook('restart-deployment');
    const billing = await deploymentIn('billing');
    const argocd = await deploymentIn('argocd');
    // The config is outside scope a.
    const outsideConfig = await run(as([scopeIds.a!]), restart, argocd);
    expect(outsideConfig.statusCode).toBe(403);
    expect(outsideConfig.json()).toEqual({ error: OUTSIDE_SCOPES });
    // The playbook is outside scope b (only drain-node), the config inside.
    const outsidePlaybook = await run(as([scopeIds.b!]), restart, argocd);
    expect(outsidePlaybook.statusCode).toBe(403);
    // Inside scope a; and without the header.
    expect((await run(as([scopeIds.a!]), restart, billing)).statusCode).toBe(201);
    expect((await run(as(), restart, argocd)).statusCode).toBe(201);
    // Playbook params follow the run.
    const params = await sendAs(app, 'POST', `/api/playbook/${restart}/params`, as([scopeIds.a!]), {
      config_id: argocd,
    });
    expect(params.statusCode).toBe(403);
  });
});

describe('playbook approvals', () => {
  it('a run of a playbook outside the scopes cannot be approved (403); inside, it can', async () => {
    const id = await insertPlaybook(db, 'imp-approval-gated', {
      approval: { type: 'any', approvers: { people: ['admin@demo.local'], teams: [] } },
      actions: [{ name: 'say', exec: { script: 'echo approved' } }],
    });
    const started = await sendAs(app, 'POST', '/api/playbook/run', as(), { id });
    expect(started.statusCode).toBe(201);
    const runId = started.json<{ run_id: string }>().run_id;
    const approve = (headers: Headers) =>
      sendAs(app, 'POST', `/api/playbook/run/approve/${runId}`, headers);
    const refused = await approve(as([scopeIds.a!]));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: OUTSIDE_SCOPES });
    const approved = await approve(as([scopeIds.everything!]));
    expect(approved.statusCode).toBe(200);
  });
});

describe('target selectors', () => {
  const total = async (scopes: string[], relation = 'config_items') => {
    const res = await sendAs(app, 'GET', `/api/db/${relation}?select=id&limit=1`, {
      ...as(scopes),
      prefer: 'count=exact',
    });
    expect([200, 206]).toContain(res.statusCode);
    return Number(String(res.headers['content-range']).split('/')[1]);
  };
  const count = async (sql: string) => (await rows<{ n: number }>(sql))[0]!.n;

  it.each([
    [
      'every pair of a tag selector',
      { config: { tagSelector: 'namespace=billing,cluster=prod-eu-west-1' } },
      `SELECT count(*)::int AS n FROM config_items
        WHERE tags->>'namespace' = 'billing' AND tags->>'cluster' = 'prod-eu-west-1'`,
    ],
    [
      'a name with wildcards',
      { config: { name: '*billing*' } },
      `SELECT count(*)::int AS n FROM config_items WHERE name LIKE '%billing%'`,
    ],
    [
      'an agent by name (`local`)',
      { config: { agent: 'local' } },
      `SELECT count(*)::int AS n FROM config_items
        WHERE agent_id = '00000000-0000-0000-0000-000000000000'`,
    ],
    ['an agent no one has', { config: { agent: 'no-such-agent' } }, 'SELECT 0 AS n'],
    [
      'name and tags together',
      { config: { name: '*a*', tagSelector: 'namespace=argocd' } },
      `SELECT count(*)::int AS n FROM config_items
        WHERE name LIKE '%a%' AND tags->>'namespace' = 'argocd'`,
    ],
    [
      'a global target by tags',
      { global: { tagSelector: 'namespace=cart' } },
      `SELECT count(*)::int AS n FROM config_items WHERE tags->>'namespace' = 'cart'`,
    ],
  ])('selects by %s', async (_label, target, sql) => {
    const id = await insertScope(`imp-selector-${Math.random().toString(36).slice(2)}`, [target]);
    const expected = await count(sql);
    expect(await total([id])).toBe(expected);
  });

  it('a deleted scope adds nothing', async () => {
    const id = await insertScope('imp-deleted', [{ global: { name: '*' } }]);
    expect(await total([id])).toBeGreaterThan(0);
    await db.query('UPDATE scopes SET deleted_at = now() WHERE id = $1', [id]);
    expect(await total([id])).toBe(0);
  });
});

describe('embedded relations under /api/db', () => {
  it('an embedded relation of a scope kind is narrowed too', async () => {
    const read = async (headers: Headers) =>
      json<Array<{ id: string; checks: Array<{ id: string }> }>>(
        'GET',
        '/api/db/config_items?select=id,checks:checks_by_config(id)&deleted_at=is.null',
        headers,
      );
    const b = await read(as([scopeIds.b!]));
    const embedded = b.flatMap((c) => c.checks.map((k) => k.id));
    expect(embedded.filter((id) => !selected.b!.check.has(id))).toEqual([]);
  });

  it('components embed only the configs the scopes select', async () => {
    const read = async (headers: Headers) =>
      json<Array<{ id: string; config: { id: string } | null }>>(
        'GET',
        '/api/db/components?select=id,config:config_items(id)&config_id=not.is.null',
        headers,
      );
    const all = await read(as());
    const narrowed = await read(as([scopeIds.a!, scopeIds.b!]));
    const configs = new Set([...selected.a!.config, ...selected.b!.config]);
    expect(narrowed.length).toBeGreaterThan(0);
    for (const component of narrowed) {
      if (component.config) expect(configs.has(component.config.id)).toBe(true);
    }
    // Without the header some of those components embed a config outside the scopes.
    const ids = new Set(narrowed.map((c) => c.id));
    expect(all.some((c) => ids.has(c.id) && c.config !== null && !configs.has(c.config.id))).toBe(
      true,
    );
  });
});

describe('option lists under /api/db', () => {
  it("config types, tags and change types are those of the scopes' configs", async () => {
    const types = await json<Array<{ type: string }>>(
      'GET',
      '/api/db/config_types',
      as([scopeIds.a!]),
    );
    const expected = await rows<{ type: string }>(
      `SELECT DISTINCT type FROM config_items WHERE id::text = ANY($1) ORDER BY type`,
      [[...selected.a!.config]],
    );
    expect(types).toEqual(expected);
    const all = await json<Array<{ type: string }>>('GET', '/api/db/config_types', as());
    expect(all.length).toBeGreaterThan(types.length);
    const namespaces = await json<Array<{ value: string }>>(
      'GET',
      '/api/db/config_tags?key=eq.namespace',
      as([scopeIds.a!]),
    );
    expect(namespaces.map((t) => t.value)).toEqual(['billing']);
    expect(await json('GET', '/api/db/change_types', as([]))).toEqual([]);
    expect(await json('GET', '/api/db/config_types', as([scopeIds.everything!]))).toEqual(all);
  });
});

describe('writes through /api/db', () => {
  it('updates and deletes reach only rows the scopes select', async () => {
    const [inside] = [...selected.a!.component];
    const [outside] = [...selected.b!.component].filter((id) => !selected.a!.component.has(id));
    const patch = (id: string, description: string) =>
      sendAs(
        app,
        'PATCH',
        `/api/db/components?id=eq.${id}`,
        {
          ...as([scopeIds.a!]),
          prefer: 'return=representation',
        },
        { description },
      );
    const changed = await patch(inside!, 'changed while impersonating');
    expect(changed.statusCode).toBe(200);
    expect(changed.json<unknown[]>()).toHaveLength(1);
    const untouched = await patch(outside!, 'changed while impersonating');
    expect(untouched.statusCode).toBe(200);
    expect(untouched.json<unknown[]>()).toEqual([]);
    const [row] = await rows<{ description: string | null }>(
      'SELECT description FROM components WHERE id = $1',
      [outside],
    );
    expect(row!.description).not.toBe('changed while impersonating');
    // A delete of every config outside scope a reaches none of them.
    const outsideConfig = [...selected.b!.config][0]!;
    const removed = await sendAs(
      app,
      'DELETE',
      `/api/db/config_changes?config_id=eq.${outsideConfig}`,
      {
        ...as([scopeIds.a!]),
        prefer: 'return=representation',
      },
    );
    expect(removed.statusCode).toBe(200);
    expect(removed.json<unknown[]>()).toEqual([]);
  });
});

describe('the header', () => {
  it('is ignored when absent or blank, and signed-out requests stay 401', async () => {
    const plain = await sendAs(app, 'GET', '/api/db/playbooks?select=id', as());
    const blank = await sendAs(app, 'GET', '/api/db/playbooks?select=id', {
      ...as(),
      'x-flanksource-scope': '',
    });
    expect(blank.json()).toEqual(plain.json());
    const signedOut = await sendAs(app, 'GET', '/api/db/playbooks?select=id', {
      'x-flanksource-scope': JSON.stringify([scopeIds.a]),
    });
    expect(signedOut.statusCode).toBe(401);
    const signedOutSummary = await sendAs(
      app,
      'POST',
      '/api/catalog/summary',
      {
        'x-flanksource-scope': 'nope',
      },
      {},
    );
    expect(signedOutSummary.statusCode).toBe(401);
  });

  it('does not lock a non-admin out of who-am-I', async () => {
    const res = await sendAs(app, 'GET', '/api/auth/whoami', as([scopeIds.a!], 'viewer'));
    expect(res.statusCode).toBe(200);
  });

  it('leaves relations of other kinds untouched', async () => {
    const plain = await sendAs(app, 'GET', '/api/db/people?select=id&order=id', as());
    const narrowed = await sendAs(app, 'GET', '/api/db/people?select=id&order=id', as([]));
    expect(narrowed.statusCode).toBe(200);
    expect(narrowed.json()).toEqual(plain.json());
  });

  it('a seeded scope narrows the catalog to its namespace', async () => {
    const list = await json<Array<{ tags: Record<string, string> }>>(
      'GET',
      '/api/db/configs?select=tags&deleted_at=is.null',
      as([scopeIds['argocd-workloads']!]),
    );
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((c) => c.tags.namespace === 'argocd')).toBe(true);
  });
});
