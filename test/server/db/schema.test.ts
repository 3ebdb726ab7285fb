import { scryptSync, timingSafeEqual } from 'node:crypto';
import { createTestDatabase } from '../../../server/demo/db/testing';
import type { SqlClient } from '../../../server/demo/db/types';
import { DEMO_ACCOUNTS } from '../../../server/demo/seed/peopleCatalog';
import { isDate } from '../../../server/demo/db/values';
import { CATALOG_TABLES } from './referenceModel';

jest.setTimeout(300_000);

/** The catalog area's tables and the demo's identity tables. */
const TABLES = [...CATALOG_TABLES, 'demo_identities', 'demo_sessions'];

/** Views that must hold rows in the seeded test estate. */
const FILLED_VIEWS = [
  'configs',
  'config_detail',
  'config_names',
  'config_tags',
  'config_labels',
  'config_tags_labels_keys',
  'config_types',
  'config_classes',
  'config_statuses',
  'analysis_types',
  'config_analysis_analyzers',
  'change_types',
  'config_changes_items',
  'changes_by_component',
  'config_analysis_items',
  'config_summary',
  'catalog_changes',
  'check_names',
  'canary_names',
  'checks_labels_keys',
  'checks_by_component',
  'check_summary_by_component',
  'check_summary',
  'check_status_summary',
  'canaries_with_status',
  'topologies_with_status',
  'config_scrapers_with_status',
  'teams_with_status',
  'agents_summary',
  'topology',
  'component_names',
  'component_names_all',
  'components_with_logs',
  'component_labels',
  'component_labels_keys',
  'people_roles',
  'identities',
];

/** Views that may be empty at the small test scale but must answer. */
const OTHER_VIEWS = [
  'analysis_by_component',
  'check_summary_for_config',
  'checks_by_config',
  'check_summary_by_config',
];

/** Foreign keys by the names PostgREST embedding hints use: [name, table, column, target table]. */
/** A foreign key of `table.column` to `target`, named `{table}_{column}_fkey` unless `name` says. */
function fk(
  table: string,
  column: string,
  target: string,
  name = `${table}_${column}_fkey`,
): [string, string, string, string] {
  return [name, table, column, target];
}

const FOREIGN_KEYS: Array<[string, string, string, string]> = [
  fk('checks', 'canary_id', 'canaries'),
  fk('checks', 'agent_id', 'agents'),
  fk('config_relationships', 'config_id', 'config_items'),
  fk('config_relationships', 'related_id', 'config_items'),
  fk('config_component_relationships', 'component_id', 'components'),
  fk('config_component_relationships', 'config_id', 'config_items'),
  fk('people', 'team_id', 'teams'),
  fk('teams', 'created_by', 'people'),
  fk('team_members', 'person_id', 'people'),
  fk('team_members', 'team_id', 'teams'),
  fk('team_components', 'component_id', 'components'),
  fk('team_components', 'team_id', 'teams'),
  fk('properties', 'created_by', 'people'),
  fk('access_tokens', 'created_by', 'people'),
  fk('agents', 'created_by', 'people'),
  fk('canaries', 'agent_id', 'agents'),
  fk('canaries', 'created_by', 'people'),
  fk('check_statuses', 'check_id', 'checks'),
  fk('check_component_relationships', 'canary_id', 'canaries'),
  fk('check_component_relationships', 'check_id', 'checks'),
  fk('check_component_relationships', 'component_id', 'components'),
  fk('check_config_relationships', 'canary_id', 'canaries'),
  fk('check_config_relationships', 'check_id', 'checks'),
  fk('check_config_relationships', 'config_id', 'config_items'),
  fk('topologies', 'created_by', 'people'),
  fk('topologies', 'agent_id', 'agents'),
  fk('components', 'created_by', 'people'),
  fk('components', 'parent_id', 'components'),
  fk('components', 'config_id', 'config_items'),
  fk('components', 'topology_id', 'topologies'),
  fk('components', 'agent_id', 'agents'),
  fk('component_relationships', 'component_id', 'components'),
  fk('component_relationships', 'relationship_id', 'components'),
  fk('config_scrapers', 'application_id', 'applications'),
  fk('config_scrapers', 'created_by', 'people'),
  fk('config_scrapers', 'agent_id', 'agents'),
  fk('config_items', 'parent_id', 'config_items'),
  fk('config_items', 'scraper_id', 'config_scrapers'),
  fk('config_items', 'agent_id', 'agents'),
  fk('config_changes', 'config_id', 'config_items'),
  fk('config_analysis', 'config_id', 'config_items'),
  fk('config_analysis', 'created_by', 'people'),
  fk('config_relationships', 'scraper_id', 'config_scrapers'),
  // The two whose names do not follow the convention.
  fk('access_tokens', 'person_id', 'people', 'access_tokens_person_fkey'),
  fk('config_locations', 'id', 'config_items', 'config_locations_config_item_id_fkey'),
];

describe('the seeded schema', () => {
  let db: SqlClient;
  const one = async <T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T> => {
    const { rows } = await db.query<T>(sql, params);
    if (rows.length === 0) throw new Error(`no row from ${sql}`);
    return rows[0] as T;
  };

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(async () => {
    await db.close();
  });

  it.each(TABLES)('has table %s with rows', async (table) => {
    const { total } = await one<{ total: number }>(`SELECT count(*)::int AS total FROM ${table}`);
    if (table === 'demo_sessions') expect(total).toBe(0);
    else expect(total).toBeGreaterThan(0);
  });

  it.each(FILLED_VIEWS)('has view %s with rows', async (view) => {
    const { rows } = await db.query(`SELECT * FROM ${view} LIMIT 5`);
    expect(rows.length).toBeGreaterThan(0);
  });

  it.each(OTHER_VIEWS)('has view %s', async (view) => {
    await expect(db.query(`SELECT * FROM ${view} LIMIT 5`)).resolves.toBeDefined();
  });

  it('has every foreign key under the name embedding hints use, validated after the bulk load', async () => {
    const { rows } = await db.query<{
      name: string;
      table: string;
      column: string;
      target: string;
      valid: boolean;
    }>(
      `SELECT c.conname AS name, c.conrelid::regclass::text AS table, a.attname AS column,
              c.confrelid::regclass::text AS target, c.convalidated AS valid
       FROM pg_constraint c
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
       WHERE c.contype = 'f'`,
    );
    const byName = new Map(rows.map((row) => [row.name, row]));
    for (const [name, table, column, target] of FOREIGN_KEYS) {
      expect(byName.get(name)).toEqual({ name, table, column, target, valid: true });
    }
  });

  it('keeps deferrable foreign keys deferrable after seeding', async () => {
    const { rows } = await db.query<{ name: string }>(
      `SELECT conname AS name FROM pg_constraint WHERE contype = 'f' AND condeferrable AND condeferred ORDER BY 1`,
    );
    expect(rows.map((row) => row.name)).toEqual(
      expect.arrayContaining([
        'config_items_parent_id_fkey',
        'config_relationships_config_id_fkey',
        'config_changes_config_id_fkey',
        'check_config_relationships_config_id_fkey',
      ]),
    );
  });

  it('exposes the cost columns the console selects on configs and the generated tag values', async () => {
    const row = await one<Record<string, unknown>>(
      `SELECT id, cost_per_minute, cost_total_1h, cost_total_1d, cost_total_7d, cost_total_30d, changes, analysis,
              namespace, tags, tags_values, agent_id
       FROM configs WHERE cost_per_minute IS NOT NULL AND tags ? 'namespace' LIMIT 1`,
    );
    expect(Number(row.cost_total_7d)).toBeGreaterThan(Number(row.cost_total_1d));
    expect(row.namespace).toBe((row.tags as Record<string, string>).namespace);
    expect(row.tags_values).toEqual(
      expect.arrayContaining(Object.values(row.tags as Record<string, string>)),
    );
    expect(typeof row.changes).toBe('number');
  });

  it('counts changes of the last 7 days and open analyses by type in configs', async () => {
    const target = await one<{ config_id: string }>(
      `SELECT config_id FROM config_analysis WHERE status = 'open' GROUP BY config_id ORDER BY count(*) DESC LIMIT 1`,
    );
    const row = await one<{ changes: number; analysis: Record<string, number> }>(
      'SELECT changes, analysis FROM configs WHERE id = $1',
      [target.config_id],
    );
    const expected = await one<{ changes: number }>(
      `SELECT count(*)::int AS changes FROM config_changes WHERE config_id = $1 AND created_at > now() - interval '7 days'`,
      [target.config_id],
    );
    const { rows } = await db.query<{ analysis_type: string; total: number }>(
      `SELECT analysis_type, count(*)::int AS total FROM config_analysis WHERE config_id = $1 AND status = 'open' GROUP BY 1`,
      [target.config_id],
    );
    expect(row.changes).toBe(expected.changes);
    expect(row.analysis).toEqual(Object.fromEntries(rows.map((r) => [r.analysis_type, r.total])));
  });

  it('describes a config in config_detail with its summary, agent and scraper', async () => {
    const row = await one<Record<string, unknown>>(
      `SELECT d.* FROM config_detail d WHERE d.type = 'Kubernetes::Deployment' AND d.deleted_at IS NULL LIMIT 1`,
    );
    expect(row.summary).toEqual({
      relationships: expect.any(Number),
      analysis: expect.any(Number),
      changes: expect.any(Number),
      playbook_runs: expect.any(Number),
      checks: expect.any(Number),
    });
    expect((row.summary as { relationships: number }).relationships).toBeGreaterThan(0);
    expect(row.scraper).toEqual({
      id: row.scraper_id,
      name: expect.stringMatching(/^kubernetes-/),
    });
    expect(typeof row.agent_name).toBe('string');
    expect(isDate(row.last_scraped_time)).toBe(true);
  });

  it('builds the config tree with paths of ancestor ids and a hard relationship per parent', async () => {
    const wrong = await one<{ total: number }>(
      `SELECT count(*)::int AS total FROM config_items c JOIN config_items p ON p.id = c.parent_id
       WHERE c.path <> CASE WHEN p.path = '' THEN p.id::text ELSE p.path || '.' || p.id END`,
    );
    expect(wrong.total).toBe(0);
    const missing = await one<{ total: number }>(
      `SELECT count(*)::int AS total FROM config_items c
       WHERE c.parent_id IS NOT NULL AND NOT EXISTS (
         SELECT 1 FROM config_relationships r
         WHERE r.config_id = c.parent_id AND r.related_id = c.id AND r.relation = 'hard')`,
    );
    expect(missing.total).toBe(0);
  });

  it('walks relationships with related_configs_recursive', async () => {
    const pod = await one<{ id: string; path: string }>(
      `SELECT id, path FROM config_items WHERE type = 'Kubernetes::Pod' AND deleted_at IS NULL AND parent_id IS NOT NULL LIMIT 1`,
    );
    const { rows: parents } = await db.query<{ id: string; type: string; related_ids: string[] }>(
      `SELECT id, type, related_ids FROM related_configs_recursive($1, 'incoming', false, 10, 'hard', 'both')`,
      [pod.id],
    );
    const ancestors = pod.path.split('.');
    expect(parents.map((row) => row.id).sort()).toEqual([pod.id, ...ancestors].sort());
    expect(parents.map((row) => row.type)).toEqual(
      expect.arrayContaining(['Kubernetes::Cluster', 'Kubernetes::Namespace']),
    );
    const namespace = parents.find((row) => row.type === 'Kubernetes::Namespace');
    expect(namespace?.related_ids.length).toBeGreaterThan(0);

    const cluster = parents.find((row) => row.type === 'Kubernetes::Cluster') as { id: string };
    const { rows: children } = await db.query<{ id: string }>(
      `SELECT id FROM related_configs_recursive($1, 'outgoing', false, 1, 'both', 'hard')`,
      [cluster.id],
    );
    const direct = await one<{ total: number }>(
      `SELECT count(*)::int AS total FROM config_items WHERE parent_id = $1 AND deleted_at IS NULL`,
      [cluster.id],
    );
    expect(children.length).toBe(direct.total + 1);
    await expect(
      db.query(`SELECT * FROM related_configs_recursive($1, 'sideways')`, [pod.id]),
    ).rejects.toThrow(/invalid type_filter/);
  });

  it('finds the cluster and namespace of a pod with get_parents_by_location', async () => {
    const pod = await one<{ id: string; cluster: string; namespace: string }>(
      `SELECT id, tags->>'cluster' AS cluster, tags->>'namespace' AS namespace
       FROM config_items WHERE type = 'Kubernetes::Pod' AND deleted_at IS NULL LIMIT 1`,
    );
    const { rows } = await db.query<{ name: string; type: string }>(
      'SELECT name, type FROM get_parents_by_location($1)',
      [pod.id],
    );
    expect(rows).toEqual([
      { name: pod.cluster, type: 'Kubernetes::Cluster' },
      { name: pod.namespace, type: 'Kubernetes::Namespace' },
    ]);
  });

  it('finds the changes of a subtree with related_changes_recursive', async () => {
    const ns = await one<{ id: string }>(
      `SELECT p.id FROM config_changes c JOIN config_items i ON i.id = c.config_id
       JOIN config_items p ON p.id = i.parent_id WHERE p.type = 'Kubernetes::Namespace' LIMIT 1`,
    );
    const { rows } = await db.query<{ config_id: string }>(
      `SELECT config_id FROM related_changes_recursive($1, 'downstream')`,
      [ns.id],
    );
    expect(rows.length).toBeGreaterThan(0);
    const own = await db.query(
      `SELECT 1 FROM related_changes_recursive($1, 'none') WHERE config_id <> $1`,
      [ns.id],
    );
    expect(own.rows).toHaveLength(0);
  });

  it('answers the component look-ups', async () => {
    const link = await one<{ component_id: string; config_id: string }>(
      'SELECT component_id, config_id FROM config_component_relationships LIMIT 1',
    );
    const configs = await db.query<{ config_id: string }>(
      'SELECT config_id FROM lookup_configs_by_component($1)',
      [link.component_id],
    );
    expect(configs.rows.map((row) => row.config_id)).toContain(link.config_id);
    const components = await db.query<{ component_id: string }>(
      'SELECT component_id FROM lookup_components_by_config($1)',
      [link.config_id],
    );
    expect(components.rows.map((row) => row.component_id)).toContain(link.component_id);
    const analyses = await db.query<{ config_id: string }>(
      'SELECT * FROM lookup_analysis_by_component($1)',
      [link.component_id],
    );
    const linked = await db.query<{ config_id: string }>(
      'SELECT config_id FROM config_component_relationships WHERE component_id = $1',
      [link.component_id],
    );
    const ids = new Set(linked.rows.map((row) => row.config_id));
    expect(analyses.rows.every((row) => ids.has(row.config_id))).toBe(true);
    await expect(
      db.query('SELECT * FROM lookup_changes_by_component($1)', [link.component_id]),
    ).resolves.toBeDefined();
    await expect(
      db.query('SELECT * FROM get_children_by_location($1)', [link.config_id]),
    ).resolves.toBeDefined();
  });

  it('keeps each check consistent with its status history', async () => {
    const { rows } = await db.query<{ id: string }>(
      `SELECT c.id FROM checks c
       JOIN LATERAL (SELECT s.status, s.time FROM check_statuses s WHERE s.check_id = c.id ORDER BY s.time DESC LIMIT 1) latest ON true
       WHERE c.status <> CASE WHEN latest.status THEN 'healthy' ELSE 'unhealthy' END
          OR c.last_runtime <> latest.time
          OR (c.deleted_at IS NULL AND c.next_runtime <= c.last_runtime)
          OR c.last_transition_time > c.last_runtime`,
    );
    expect(rows).toEqual([]);
    const statuses = await one<{ healthy: number; unhealthy: number; recent: number }>(
      `SELECT count(*) FILTER (WHERE status = 'healthy')::int AS healthy,
              count(*) FILTER (WHERE status = 'unhealthy')::int AS unhealthy,
              (SELECT count(*)::int FROM check_statuses WHERE time > now() - interval '1 hour') AS recent
       FROM checks`,
    );
    expect(statuses.healthy).toBeGreaterThan(statuses.unhealthy);
    expect(statuses.recent).toBeGreaterThan(0);
  });

  it('summarises a check over its last hour in check_summary', async () => {
    const check = await one<{ id: string; passed: number; failed: number }>(
      `SELECT check_id AS id, count(*) FILTER (WHERE status)::int AS passed, count(*) FILTER (WHERE NOT status)::int AS failed
       FROM check_statuses WHERE time > now() - interval '1 hour' GROUP BY check_id LIMIT 1`,
    );
    const row = await one<{
      uptime: { passed: number; failed: number };
      latency: { p95: number | null };
    }>('SELECT uptime, latency FROM check_summary WHERE id = $1', [check.id]);
    expect(row.uptime).toMatchObject({ passed: check.passed, failed: check.failed });
    expect(row.latency.p95).not.toBeNull();
  });

  it('rolls component trees up with paths and summaries', async () => {
    const wrong = await one<{ total: number }>(
      `SELECT count(*)::int AS total FROM components c JOIN components p ON p.id = c.parent_id
       WHERE c.path <> CASE WHEN p.path = '' THEN p.id::text ELSE p.path || '.' || p.id END`,
    );
    expect(wrong.total).toBe(0);
    const root = await one<{
      summary: { healthy: number; warning: number; unhealthy: number; unknown: number };
    }>(
      `SELECT summary FROM components WHERE parent_id IS NULL AND type = 'KubernetesCluster' LIMIT 1`,
    );
    expect(
      root.summary.healthy + root.summary.warning + root.summary.unhealthy + root.summary.unknown,
    ).toBeGreaterThan(0);
  });

  it('gives every demo account its role, a person and a verifiable scrypt password hash', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const row = await one<{ roles: string[]; traits: { email: string }; password_hash: string }>(
        `SELECT r.roles, i.traits, d.password_hash FROM people_roles r
         JOIN identities i ON i.id = r.id JOIN demo_identities d ON d.person_id = r.id
         WHERE r.email = $1`,
        [account.email],
      );
      expect(row.roles).toContain(account.role);
      expect(row.traits.email).toBe(account.email);
      const [scheme, n, r, p, salt, hash] = row.password_hash.split('$');
      expect(scheme).toBe('scrypt');
      const expected = Buffer.from(hash as string, 'base64');
      const actual = scryptSync(
        account.password,
        Buffer.from(salt as string, 'base64'),
        expected.length,
        {
          N: Number(n),
          r: Number(r),
          p: Number(p),
          maxmem: 64 * 1024 * 1024,
        },
      );
      expect(timingSafeEqual(actual, expected)).toBe(true);
    }
  });

  it('has the local agent and the System scraper and person', async () => {
    expect(
      await one(`SELECT name FROM agents WHERE id = '00000000-0000-0000-0000-000000000000'`),
    ).toEqual({
      name: 'local',
    });
    expect(
      await one(
        `SELECT name FROM config_scrapers WHERE id = '00000000-0000-0000-0000-000000000000'`,
      ),
    ).toEqual({
      name: 'System',
    });
    expect(
      await one(
        `SELECT count(*)::int AS total FROM people WHERE name = 'System' AND email IS NULL`,
      ),
    ).toEqual({
      total: 1,
    });
  });

  describe('triggers', () => {
    it('soft-deletes the checks of a deleted canary', async () => {
      const canary = await one<{ id: string }>(
        `SELECT canary_id AS id FROM checks WHERE deleted_at IS NULL GROUP BY canary_id LIMIT 1`,
      );
      await db.query(`UPDATE canaries SET deleted_at = 'now()' WHERE id = $1`, [canary.id]);
      const live = await one<{ total: number }>(
        'SELECT count(*)::int AS total FROM checks WHERE canary_id = $1 AND deleted_at IS NULL',
        [canary.id],
      );
      expect(live.total).toBe(0);
    });

    it('moves the transition time and updated_at when a check changes status', async () => {
      const check = await one<{ id: string; status: string; last_transition_time: Date }>(
        `SELECT id, status, last_transition_time FROM checks WHERE deleted_at IS NULL LIMIT 1`,
      );
      const next = check.status === 'healthy' ? 'unhealthy' : 'healthy';
      const row = await one<{ last_transition_time: Date; updated_at: Date; now: Date }>(
        `UPDATE checks SET status = $2 WHERE id = $1 RETURNING last_transition_time, updated_at, now() AS now`,
        [check.id, next],
      );
      expect(row.last_transition_time).toEqual(row.now);
      expect(row.updated_at).toEqual(row.now);
    });

    it('moves the hard relationship when a config item changes parent', async () => {
      const item = await one<{ id: string; parent_id: string }>(
        `SELECT id, parent_id FROM config_items WHERE type = 'Kubernetes::ConfigMap' LIMIT 1`,
      );
      const other = await one<{ id: string }>(
        `SELECT id FROM config_items WHERE type = 'Kubernetes::Namespace' AND id <> $1 LIMIT 1`,
        [item.parent_id],
      );
      await db.query('UPDATE config_items SET parent_id = $2 WHERE id = $1', [item.id, other.id]);
      const { rows } = await db.query<{ config_id: string }>(
        `SELECT config_id FROM config_relationships WHERE related_id = $1 AND relation = 'hard'`,
        [item.id],
      );
      expect(rows).toEqual([{ config_id: other.id }]);
    });

    it('drops the team ownership of a deleted component', async () => {
      const owned = await one<{ component_id: string }>(
        'SELECT component_id FROM team_components LIMIT 1',
      );
      await db.query(`UPDATE components SET deleted_at = now() WHERE id = $1`, [
        owned.component_id,
      ]);
      const left = await db.query('SELECT 1 FROM team_components WHERE component_id = $1', [
        owned.component_id,
      ]);
      expect(left.rows).toHaveLength(0);
    });

    it('keeps updated_at of a row that is only soft-deleted', async () => {
      const team = await one<{ id: string; updated_at: Date }>(
        'SELECT id, updated_at FROM teams LIMIT 1',
      );
      const row = await one<{ updated_at: Date; deleted_at: Date }>(
        'UPDATE teams SET deleted_at = now() WHERE id = $1 RETURNING updated_at, deleted_at',
        [team.id],
      );
      expect(row.updated_at).toEqual(team.updated_at);
      expect(isDate(row.deleted_at)).toBe(true);
    });
  });
});
