import { createTestDatabase } from '../../../server/demo/db/testing';
import type { SqlClient } from '../../../server/demo/db/types';
import {
  SUMMARY_SORT_COLUMNS,
  checkSummaries,
  checkSummariesJson,
  defaultSummaryOptions,
  type SummaryOptions,
} from '../../../server/demo/routes/canary/summary';

jest.setTimeout(60_000);

let db: SqlClient;

beforeAll(async () => {
  db = await createTestDatabase();
  // Checks with what the shaping treats specially: empty and missing optional text, text that
  // needs escaping, no statuses, zero percentiles, a deleted canary.
  await db.query(
    `UPDATE checks SET description = '', icon = NULL, owner = 'team "a" \\ b' || chr(10) || chr(1),
            severity = NULL, labels = '{"z": "1", "a": "é", "mixed Case": ""}'
      WHERE id = (SELECT id FROM checks ORDER BY id LIMIT 1)`,
  );
  await db.query(
    `UPDATE demo_check_uptime SET p99 = 0, p97 = NULL, rolling1h = 12.50
      WHERE check_id = (SELECT check_id FROM demo_check_uptime ORDER BY check_id LIMIT 1)`,
  );
  await db.query(
    `DELETE FROM demo_check_uptime
      WHERE check_id = (SELECT check_id FROM demo_check_uptime ORDER BY check_id DESC LIMIT 1)`,
  );
  await db.query(
    `UPDATE canaries SET deleted_at = now() - interval '1 hour', labels = '{"team": "x"}'
      WHERE id = (SELECT canary_id FROM checks ORDER BY id DESC LIMIT 1)`,
  );
});

afterAll(() => db.close());

const options = (change: Partial<SummaryOptions> = {}): SummaryOptions => ({
  ...defaultSummaryOptions(new Date()),
  ...change,
});

const expected = async (o: SummaryOptions) => JSON.stringify(await checkSummaries(db, o));

describe('the health summary as JSON text made by the database', () => {
  it('is the text of the checks shaped on the server, for every sort column', async () => {
    // Made from the text the triggers keep, not by the fallback.
    const { rows } = await db.query<{ plain: boolean }>(
      `SELECT bool_and(plain) AS plain FROM demo_check_summary_rows`,
    );
    expect(rows[0]?.plain).toBe(true);
    for (const sortBy of SUMMARY_SORT_COLUMNS) {
      const o = options({ sortBy });
      const text = await checkSummariesJson(db, o);
      expect(text).toBe(await expected(o));
    }
    expect(JSON.parse(await checkSummariesJson(db, options())).length).toBeGreaterThan(10);
  });

  it('is the same with a check, labels and the deleted window asked for', async () => {
    const { rows } = await db.query<{ id: string }>(`SELECT id FROM checks ORDER BY id LIMIT 1`);
    for (const o of [
      options({ checkId: rows[0]!.id }),
      options({ labels: { z: '1' } }),
      options({ labels: { nothing: 'matches' } }),
      options({ deleteFrom: new Date(0) }),
    ]) {
      expect(await checkSummariesJson(db, o)).toBe(await expected(o));
    }
    expect(await checkSummariesJson(db, options({ labels: { nothing: 'matches' } }))).toBe('[]');
  });

  it('follows a new check, a deleted one and a renamed canary', async () => {
    const { rows } = await db.query<{ id: string; canary_id: string }>(
      `INSERT INTO checks (canary_id, type, name)
       SELECT canary_id, 'http', 'a check for a moment' FROM checks ORDER BY id LIMIT 1
       RETURNING id, canary_id`,
    );
    const added = rows[0]!;
    const o = options({ deleteFrom: new Date(0) });
    expect(await checkSummariesJson(db, o)).toContain(added.id);
    await db.query(`DELETE FROM checks WHERE id = $1`, [added.id]);
    await db.query(`UPDATE canaries SET name = 'renamed "canary"' WHERE id = $1`, [
      added.canary_id,
    ]);
    const text = await checkSummariesJson(db, o);
    expect(text).toBe(await expected(o));
    expect(text).not.toContain(added.id);
    expect(text).toContain('renamed \\"canary\\"');
  });

  it('leaves labels that are not all strings, or have index-like keys, to the server', async () => {
    await db.query(
      `UPDATE checks SET labels = '{"n": 1.50, "b": true, "o": {"k": [1, 2]}, "gone": null}'
        WHERE id = (SELECT id FROM checks ORDER BY id LIMIT 1 OFFSET 1)`,
    );
    await db.query(
      `UPDATE checks SET labels = '{"10": "ten", "2": "two", "x": "y"}'
        WHERE id = (SELECT id FROM checks ORDER BY id LIMIT 1 OFFSET 2)`,
    );
    const o = options();
    expect(await checkSummariesJson(db, o)).toBe(await expected(o));
  });
});
