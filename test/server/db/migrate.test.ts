import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { listMigrations, migrate } from '../../../server/demo/db/migrate';
import { openDatabase } from '../../../server/demo/db/open';
import type { SqlClient } from '../../../server/demo/db/types';
import { isDate } from '../../../server/demo/db/values';

jest.setTimeout(300_000);

describe('migrate', () => {
  let db: SqlClient;
  let firstRun: string[];

  beforeAll(async () => {
    db = await openDatabase({ dataDir: null, reset: false });
    firstRun = await migrate(db);
  });

  afterAll(async () => {
    await db.close();
  });

  it('applies every migration file once, in file-name order, and records it', async () => {
    const files = await listMigrations();
    expect(files.length).toBeGreaterThan(10);
    expect(files).toEqual([...files].sort());
    expect(firstRun).toEqual(files);
    const { rows } = await db.query<{ name: string; applied_at: Date }>(
      'SELECT name, applied_at FROM schema_migrations ORDER BY name',
    );
    expect(rows.map((row) => row.name)).toEqual(files);
    expect(rows.every((row) => isDate(row.applied_at))).toBe(true);
  });

  it('applies nothing the second time', async () => {
    expect(await migrate(db)).toEqual([]);
    const { rows } = await db.query<{ total: number }>(
      'SELECT count(*)::int AS total FROM schema_migrations',
    );
    expect(rows[0]?.total).toBe(firstRun.length);
  });

  it('runs each file in its own transaction: a failing file leaves no trace, earlier files stay', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'migrate-test-'));
    try {
      await writeFile(path.join(dir, '900_good.sql'), 'CREATE TABLE migrate_probe_good (id int);');
      await writeFile(
        path.join(dir, '901_bad.sql'),
        'CREATE TABLE migrate_probe_bad (id int);\nINSERT INTO no_such_table VALUES (1);',
      );
      await writeFile(path.join(dir, 'notes.txt'), 'not a migration');
      await expect(migrate(db, dir)).rejects.toThrow(
        /migration 901_bad\.sql failed: .*no_such_table/,
      );
      const { rows } = await db.query<{ name: string }>(
        `SELECT name FROM schema_migrations WHERE name LIKE '90%' ORDER BY name`,
      );
      expect(rows.map((row) => row.name)).toEqual(['900_good.sql']);
      const tables = await db.query<{ good: string | null; bad: string | null }>(
        `SELECT to_regclass('migrate_probe_good')::text AS good, to_regclass('migrate_probe_bad')::text AS bad`,
      );
      expect(tables.rows[0]).toEqual({ good: 'migrate_probe_good', bad: null });

      await writeFile(path.join(dir, '901_bad.sql'), 'CREATE TABLE migrate_probe_bad (id int);');
      expect(await migrate(db, dir)).toEqual(['901_bad.sql']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
