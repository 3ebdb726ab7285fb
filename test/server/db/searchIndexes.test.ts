import { createTestDatabase } from '../../../server/demo/db/testing';
import type { SqlClient } from '../../../server/demo/db/types';

let db: SqlClient;

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await db.close();
});

describe('catalog search indexes', () => {
  it('creates the trigram and type/health indexes on live config items', async () => {
    const { rows } = await db.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'config_items' ORDER BY 1`,
    );
    const byName = new Map(rows.map((r) => [r.indexname, r.indexdef]));
    for (const name of [
      'config_items_name_trgm_idx',
      'config_items_type_trgm_idx',
      'config_items_description_trgm_idx',
      'config_items_namespace_trgm_idx',
    ]) {
      expect(byName.get(name)).toMatch(/USING gin .*gin_trgm_ops.*WHERE \(deleted_at IS NULL\)/);
    }
    expect(byName.get('config_items_live_type_health_idx')).toMatch(/\(type, health\)/);
  });
});
