import { parsePatch } from 'diff';
import { demoSuite } from './support';

/**
 * The relationship graph, the change diffs and the insights lists of the demo backend (api.md
 * CAT-21, CAT-27, CAT-29, CAT-30, CAT-34, CAT-35) over the seeded estate.
 */

jest.setTimeout(60_000);

const { h, cookies } = demoSuite(['viewer', 'editor']);

type Row = Record<string, unknown>;

async function request(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  cookie = cookies.viewer,
  payload?: unknown,
) {
  return h.app.inject({
    method,
    url: `/api/db/${path}`,
    headers: { cookie, accept: 'application/json', prefer: 'count=exact' },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function get<T = Row[]>(path: string): Promise<{ body: T; range?: string }> {
  const res = await request('GET', path);
  expect([200, 206]).toContain(res.statusCode);
  return { body: res.json<T>(), range: res.headers['content-range'] as string | undefined };
}

async function rows<T = Row>(sql: string, params: unknown[] = []) {
  return (await h.db.query<T>(sql, params)).rows;
}

async function one<T = Row>(sql: string, params: unknown[] = []) {
  const [row] = await rows<T>(sql, params);
  if (!row) throw new Error(`no row for ${sql}`);
  return row;
}

/** CAT-30 as the console sends it, with the extra parameters given. */
function related(configId: string, extra: Record<string, string>, deleted = false) {
  const query = new URLSearchParams({
    config_id: configId,
    include_deleted_configs: String(deleted),
    max_depth: '10',
    ...extra,
  });
  return get(`rpc/related_configs_recursive?${query.toString()}`);
}

const idsOf = (list: Row[]) => new Set(list.map((r) => r.id as string));

describe('CAT-30 related_configs_recursive', () => {
  let cluster: { id: string };
  beforeAll(async () => {
    cluster = await one<{ id: string }>(
      `SELECT ci.id FROM config_items ci WHERE ci.type = 'Kubernetes::Cluster'
       AND ci.deleted_at IS NULL ORDER BY ci.name LIMIT 1`,
    );
  });

  it('follows hard relationships down as deep as max_depth allows', async () => {
    const shallow = await related(cluster.id, {
      max_depth: '1',
      type_filter: 'outgoing',
      outgoing_relation: 'hard',
    });
    const children = await rows<{ id: string }>(
      `SELECT ci.id FROM config_relationships cr JOIN config_items ci ON ci.id = cr.related_id
       WHERE cr.config_id = $1 AND cr.relation = 'hard' AND cr.deleted_at IS NULL
       AND ci.deleted_at IS NULL`,
      [cluster.id],
    );
    expect(idsOf(shallow.body)).toEqual(new Set([cluster.id, ...children.map((c) => c.id)]));

    const deep = await related(cluster.id, { type_filter: 'outgoing', outgoing_relation: 'hard' });
    const types = new Set(deep.body.map((r) => r.type));
    // cluster → namespace → deployment → replicaset → pod: four levels down
    for (const type of [
      'Kubernetes::Namespace',
      'Kubernetes::Deployment',
      'Kubernetes::ReplicaSet',
      'Kubernetes::Pod',
    ]) {
      expect(types).toContain(type);
    }
    expect(deep.body.length).toBeGreaterThan(300);
    const two = await related(cluster.id, {
      max_depth: '2',
      type_filter: 'outgoing',
      outgoing_relation: 'hard',
    });
    expect(two.body.map((r) => r.type)).not.toContain('Kubernetes::Pod');
  });

  it('walks only the direction asked for', async () => {
    const pod = await one<{ id: string; path: string }>(
      `SELECT id, path FROM config_items WHERE type = 'Kubernetes::Pod' AND deleted_at IS NULL
       AND path <> '' ORDER BY id LIMIT 1`,
    );
    const ancestors = pod.path.split('.');
    const incoming = await related(pod.id, { type_filter: 'incoming', incoming_relation: 'hard' });
    for (const id of ancestors) expect(idsOf(incoming.body)).toContain(id);
    const outgoing = await related(pod.id, { type_filter: 'outgoing', outgoing_relation: 'hard' });
    for (const id of ancestors) expect(idsOf(outgoing.body)).not.toContain(id);
    const both = await related(pod.id, {
      type_filter: 'all',
      incoming_relation: 'hard',
      outgoing_relation: 'hard',
    });
    for (const id of [...ancestors, ...idsOf(outgoing.body)]) {
      expect(idsOf(both.body)).toContain(id);
    }
    // Each row names the rows it points at that are in the answer.
    const present = idsOf(both.body);
    for (const row of both.body) {
      for (const target of row.related_ids as string[]) expect(present).toContain(target);
    }
  });

  it('adds soft relationships only with both', async () => {
    const link = await one<{ config_id: string; related_id: string }>(
      `SELECT cr.config_id, cr.related_id FROM config_relationships cr
       JOIN config_items a ON a.id = cr.config_id JOIN config_items b ON b.id = cr.related_id
       WHERE cr.relation <> 'hard' AND cr.deleted_at IS NULL
       AND a.deleted_at IS NULL AND b.deleted_at IS NULL
       AND NOT EXISTS (SELECT 1 FROM config_relationships h WHERE h.config_id = cr.config_id
         AND h.related_id = cr.related_id AND h.relation = 'hard')
       AND NOT (b.path LIKE '%' || a.id::text || '%')
       ORDER BY cr.config_id, cr.related_id LIMIT 1`,
    );
    const hard = await related(link.config_id, {
      type_filter: 'outgoing',
      outgoing_relation: 'hard',
    });
    expect(idsOf(hard.body)).not.toContain(link.related_id);
    const soft = await related(link.config_id, {
      type_filter: 'outgoing',
      outgoing_relation: 'both',
    });
    expect(idsOf(soft.body)).toContain(link.related_id);
  });

  it('includes deleted configs only when asked', async () => {
    const gone = await one<{ id: string; parent: string }>(
      `SELECT ci.id, cr.config_id AS parent FROM config_items ci
       JOIN config_relationships cr ON cr.related_id = ci.id AND cr.relation = 'hard'
       JOIN config_items p ON p.id = cr.config_id
       WHERE ci.deleted_at IS NOT NULL AND p.deleted_at IS NULL AND cr.deleted_at IS NULL
       ORDER BY ci.id LIMIT 1`,
    );
    const params = { type_filter: 'outgoing', outgoing_relation: 'hard', max_depth: '1' };
    const live = await related(gone.parent, params);
    expect(idsOf(live.body)).not.toContain(gone.id);
    const all = await related(gone.parent, params, true);
    expect(idsOf(all.body)).toContain(gone.id);
  });

  it('filters its result by type, health and status tri-states', async () => {
    const filtered = await related(cluster.id, {
      type_filter: 'outgoing',
      outgoing_relation: 'hard',
      'type.filter': '!Kubernetes::Pod,!Kubernetes::ReplicaSet',
      'health.filter': '!healthy',
    });
    expect(filtered.body.length).toBeGreaterThan(0);
    for (const row of filtered.body) {
      expect(['Kubernetes::Pod', 'Kubernetes::ReplicaSet']).not.toContain(row.type);
      expect(row.health).not.toBe('healthy');
    }
  });

  it('answers a malformed direction with a 4xx and a JSON error', async () => {
    const res = await request(
      'GET',
      `rpc/related_configs_recursive?config_id=${cluster.id}&type_filter=sideways`,
    );
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toHaveProperty('message');
  });
});

describe('CAT-21 one change with its diff', () => {
  it('serves a diff of the config document whose new side is the current value', async () => {
    const change = await one<{ id: string; config_id: string }>(
      `SELECT cc.id, cc.config_id FROM config_changes cc JOIN config_items ci ON ci.id = cc.config_id
       WHERE ci.type = 'Kubernetes::ConfigMap' AND cc.change_type = 'diff' ORDER BY cc.id LIMIT 1`,
    );
    const { body } = await get(
      `config_changes?config_id=eq.${change.config_id}&id=eq.${change.id}&select=id,config_id,change_type,created_at,external_created_by,source,diff,details,patches,created_by,config:configs(id,name,type,config_class)`,
    );
    const [row] = body;
    expect(row).toMatchObject({ id: change.id, config: { id: change.config_id } });
    const current = await one<{ level: string }>(
      `SELECT config->'data'->>'LOG_LEVEL' AS level FROM config_items WHERE id = $1`,
      [change.config_id],
    );
    const [patch] = parsePatch(row!.diff as string);
    const lines = patch!.hunks.flatMap((hunk) => hunk.lines);
    expect(lines).toContain(`+  LOG_LEVEL: ${current.level}`);
    const removed = lines.filter((line) => line.startsWith('-'));
    expect(removed).toHaveLength(1);
    expect(removed[0]).toMatch(/^- {2}LOG_LEVEL: /);
    expect(removed[0]).not.toBe(`-  LOG_LEVEL: ${current.level}`);
    // Context lines come from the same document.
    expect(lines.filter((line) => line.startsWith(' ')).length).toBeGreaterThan(0);
    expect(row!.patches).toEqual({ data: { LOG_LEVEL: current.level } });
  });
});

describe('CAT-27 and CAT-29 insights', () => {
  const SELECT =
    'select=id,analysis_type,analyzer,severity,status,first_observed,last_observed,config:configs(id,name,config_class,type)';

  it('pages and filters the insights of the estate', async () => {
    const { body, range } = await get(
      `config_analysis_items?${SELECT}&limit=50&offset=0&severity=eq.high&order=first_observed.desc`,
    );
    const { n } = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM config_analysis_items WHERE severity = 'high'`,
    );
    expect(n).toBeGreaterThan(0);
    expect(Number(range?.split('/')[1])).toBe(n);
    expect(body.length).toBe(Math.min(50, n));
    const times = body.map((r) => Date.parse(r.first_observed as string));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const row of body) {
      expect(row.severity).toBe('high');
      expect(Object.keys(row.config as object).sort()).toEqual([
        'config_class',
        'id',
        'name',
        'type',
      ]);
    }
  });

  it('lists the insights of the configs linked to a component', async () => {
    const link = await one<{ component_id: string }>(
      `SELECT ccr.component_id FROM config_component_relationships ccr
       JOIN config_analysis ca ON ca.config_id = ccr.config_id
       GROUP BY ccr.component_id ORDER BY count(*) DESC LIMIT 1`,
    );
    const { body } = await get(`rpc/lookup_analysis_by_component?id=${link.component_id}`);
    const expected = await rows<{ id: string }>(
      `SELECT ca.id FROM config_analysis ca WHERE ca.config_id IN
       (SELECT config_id FROM config_component_relationships WHERE component_id = $1)`,
      [link.component_id],
    );
    expect(body.map((r) => r.id).sort()).toEqual(expected.map((r) => r.id).sort());
  });
});

describe('CAT-34 and CAT-35 manual links', () => {
  it('links a config to a component and unlinks it; viewers may not', async () => {
    const pair = await one<{ component_id: string; config_id: string }>(
      `SELECT c.id AS component_id, ci.id AS config_id FROM components c, config_items ci
       WHERE NOT EXISTS (SELECT 1 FROM config_component_relationships r
         WHERE r.component_id = c.id AND r.config_id = ci.id)
       ORDER BY c.id, ci.id LIMIT 1`,
    );
    const body = { ...pair, selector_id: 'manual' };
    const denied = await request('POST', 'config_component_relationships', cookies.viewer, body);
    expect(denied.statusCode).toBe(403);

    const created = await request('POST', 'config_component_relationships', cookies.editor, body);
    expect(created.statusCode).toBe(201);
    const linked = await get(
      `config_component_relationships?config_id=eq.${pair.config_id}&select=components!config_component_relationships_component_id_fkey(id, icon, name)`,
    );
    expect(linked.body.map((r) => (r.components as { id: string }).id)).toContain(
      pair.component_id,
    );

    const target = `config_component_relationships?component_id=eq.${pair.component_id}&config_id=eq.${pair.config_id}&selector_id=eq.manual`;
    expect((await request('DELETE', target, cookies.viewer)).statusCode).toBe(403);
    const removed = await request('DELETE', target, cookies.editor);
    expect(removed.statusCode).toBeLessThan(300);
    const after = await rows(
      `SELECT 1 FROM config_component_relationships WHERE component_id = $1 AND config_id = $2`,
      [pair.component_id, pair.config_id],
    );
    expect(after).toHaveLength(0);
  });
});

describe('CAT-14 config types', () => {
  it('lists every distinct type once, in order', async () => {
    const { body } = await get('config_types');
    const expected = await rows<{ type: string }>(
      'SELECT DISTINCT type FROM config_items WHERE type IS NOT NULL ORDER BY type',
    );
    expect(body).toEqual(expected);
  });
});
