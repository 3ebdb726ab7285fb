import { createHash } from 'node:crypto';
import { migrateToBaseline } from '../../../server/demo/db/migrate';
import { dumpDatabase, loadDatabase, openDatabase } from '../../../server/demo/db/open';
import { TEST_SEED_SCALE, createTestDatabase } from '../../../server/demo/db/testing';
import type { SqlClient } from '../../../server/demo/db/types';
import { type SeedSummary, seedDatabase } from '../../../server/demo/seed';
import { planEstate } from '../../../server/demo/seed/estatePlan';
import { ROLES } from '../../../server/demo/seed/peopleCatalog';

jest.setTimeout(600_000);

const NOW = new Date('2026-02-10T09:00:00Z');
const SCALE = 0.2;

/** A digest of the ids (and a few columns) of the tables that identify an estate. */
async function fingerprint(db: SqlClient): Promise<Record<string, string>> {
  const queries: Record<string, string> = {
    people: 'SELECT id, email FROM people ORDER BY id',
    checks: 'SELECT id, status, last_runtime FROM checks ORDER BY id',
    check_statuses:
      'SELECT check_id, time, status, duration FROM check_statuses ORDER BY check_id, time',
    components: 'SELECT id, path, health FROM components ORDER BY id',
    config_items: 'SELECT id, name, path, health FROM config_items ORDER BY id',
    config_changes: 'SELECT id, config_id, change_type, created_at FROM config_changes ORDER BY id',
    config_relationships:
      'SELECT config_id, related_id, relation FROM config_relationships ORDER BY 1, 2, 3',
    external_users: 'SELECT id, name, aliases, email, user_type FROM external_users ORDER BY id',
    external_user_aliases:
      'SELECT external_user_id, alias, source, created_at FROM external_user_aliases ORDER BY alias',
    config_access:
      'SELECT id, config_id, external_user_id, external_group_id, external_role_id, created_at FROM config_access ORDER BY id',
    config_access_logs:
      'SELECT config_id, external_user_id, created_at, count, mfa, properties FROM config_access_logs ORDER BY 1, 2',
  };
  const result: Record<string, string> = {};
  for (const [name, sql] of Object.entries(queries)) {
    const { rows } = await db.query(sql);
    result[name] = createHash('sha256').update(JSON.stringify(rows)).digest('hex');
  }
  return result;
}

describe('seedDatabase', () => {
  let first: SqlClient;
  let second: SqlClient;
  let small: SqlClient;
  let summary: SeedSummary;
  let secondSummary: SeedSummary;

  beforeAll(async () => {
    const empty = await openDatabase({ dataDir: null, reset: false });
    await migrateToBaseline(empty);
    const migrated = await dumpDatabase(empty);
    await empty.close();
    first = await loadDatabase(migrated);
    second = await loadDatabase(migrated);
    summary = await seedDatabase(first, { scale: SCALE, now: NOW });
    secondSummary = await seedDatabase(second, { scale: SCALE, now: NOW, seed: 42 });
    small = await createTestDatabase();
  });

  afterAll(async () => {
    await Promise.all([first?.close(), second?.close(), small?.close()]);
  });

  it('builds the same estate from the same seed and time', async () => {
    expect(secondSummary.counts).toEqual(summary.counts);
    expect(secondSummary.accounts).toEqual(summary.accounts);
    expect(await fingerprint(second)).toEqual(await fingerprint(first));
  });

  it('reports row counts of every table and one account per role', async () => {
    expect(summary.counts.checks).toBe(planEstate(SCALE).checkTarget);
    expect(summary.counts.config_items).toBeGreaterThanOrEqual(planEstate(SCALE).configTarget);
    expect(summary.counts.schema_migrations).toBeUndefined();
    expect(summary.counts.schema_version).toBeUndefined();
    expect(summary.accounts.map((account) => account.role).sort()).toEqual([...ROLES].sort());
    for (const account of summary.accounts) {
      const { rows } = await first.query('SELECT id FROM people WHERE id = $1 AND email = $2', [
        account.personId,
        account.email,
      ]);
      expect(rows).toHaveLength(1);
      expect(account.password.length).toBeGreaterThanOrEqual(8);
    }
  });

  it('multiplies the estate with the scale', async () => {
    const { rows } = await small.query<{ checks: number; configs: number; statuses: number }>(
      `SELECT (SELECT count(*)::int FROM checks) AS checks, (SELECT count(*)::int FROM config_items) AS configs,
              (SELECT count(*)::int FROM check_statuses) AS statuses`,
    );
    const atSmall = rows[0] as { checks: number; configs: number };
    const ratio = SCALE / TEST_SEED_SCALE;
    expect(summary.counts.checks).toBe(atSmall.checks * ratio);
    const configRatio = (summary.counts.config_items as number) / atSmall.configs;
    expect(configRatio).toBeGreaterThan(ratio * 0.8);
    expect(configRatio).toBeLessThan(ratio * 1.2);
  });

  it('plans the benchmark estate at scale 20', () => {
    const plan = planEstate(20);
    expect(plan.checkTarget).toBe(5000);
    expect(plan.configTarget).toBe(100_000);
    expect(new Set(plan.clusters.map((cluster) => cluster.name)).size).toBe(plan.clusters.length);
  });
});
