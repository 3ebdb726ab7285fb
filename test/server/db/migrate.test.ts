import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  listMigrations,
  migrate,
  migrateToBaseline,
  openSchema,
  readSchemaStatus,
  schemaVersion,
} from '../../../server/demo/db/migrate';
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

describe('schema version of a data folder', () => {
  let root: string;
  /** A small baseline standing in for the server's, so that each case takes milliseconds. */
  let baseline: string;
  /**
   * An empty data folder made once: each case copies it rather than creating a folder of its
   * own, which takes the database's whole initialisation (seconds) every time.
   */
  let emptyFolder: string;

  /** A new data folder holding an empty database. */
  async function newDataFolder(name: string): Promise<string> {
    const dataDir = path.join(root, name);
    await cp(emptyFolder, dataDir, { recursive: true });
    return dataDir;
  }

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'schema-version-test-'));
    emptyFolder = path.join(root, 'empty');
    await (await openDatabase({ dataDir: emptyFolder, reset: false })).close();
    baseline = path.join(root, 'baseline');
    await mkdir(baseline);
    await writeFile(
      path.join(baseline, '001_people.sql'),
      'CREATE TABLE people (id int, name text, email text);',
    );
    await writeFile(
      path.join(baseline, '130_settings.sql'),
      'CREATE TABLE properties (name text PRIMARY KEY, value text);',
    );
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  /** A data folder made by a chain of migrations that are not today's baseline. */
  async function oldDataFolder(name: string, recordVersion: boolean) {
    const dataDir = await newDataFolder(name);
    const chain = path.join(root, `${name}-chain`);
    await mkdir(chain);
    await writeFile(
      path.join(chain, '001_people.sql'),
      'CREATE TABLE people (id int, name text); CREATE TABLE old_marker (id int);',
    );
    await writeFile(path.join(chain, '160_check_uptime.sql'), 'CREATE TABLE uptime (id int);');
    const db = await openDatabase({ dataDir, reset: false });
    if (recordVersion) await migrateToBaseline(db, chain);
    else await migrate(db, chain);
    await db.exec(`INSERT INTO people VALUES (1, 'left over'); INSERT INTO old_marker VALUES (1);`);
    await db.close();
    return { dataDir, oldVersion: await schemaVersion(chain) };
  }

  async function reopen(dataDir: string) {
    const lines: string[] = [];
    const opened = await openSchema({
      dataDir,
      reset: false,
      log: (line) => lines.push(line),
      migrationsDir: baseline,
    });
    return { ...opened, lines };
  }

  it('versions the schema by its files: any file edited, added or removed is another version', async () => {
    const version = await schemaVersion(baseline);
    expect(version).toMatch(/^[0-9a-f]{12}$/);
    expect(await schemaVersion(baseline)).toBe(version);
    const edited = path.join(root, 'edited');
    await mkdir(edited);
    await writeFile(path.join(edited, '001_people.sql'), 'CREATE TABLE people (id int);');
    await writeFile(
      path.join(edited, '130_settings.sql'),
      'CREATE TABLE properties (name text PRIMARY KEY, value text);',
    );
    expect(await schemaVersion(edited)).not.toBe(version);
    await writeFile(
      path.join(edited, '001_people.sql'),
      'CREATE TABLE people (id int, name text, email text);',
    );
    expect(await schemaVersion(edited)).toBe(version);
    await writeFile(path.join(edited, '140_more.sql'), 'SELECT 1;');
    expect(await schemaVersion(edited)).not.toBe(version);
    expect(await schemaVersion()).not.toBe(version);
  });

  it('starts an empty folder from the baseline and records its version', async () => {
    const { db, applied, status, lines } = await reopen(await newDataFolder('fresh'));
    try {
      const expected = await schemaVersion(baseline);
      expect(status).toEqual({ state: 'empty', found: null, expected });
      expect(applied).toEqual(['001_people.sql', '130_settings.sql']);
      expect(lines).toEqual([]);
      expect(await readSchemaStatus(db, baseline)).toEqual({
        state: 'current',
        found: expected,
        expected,
      });
    } finally {
      await db.close();
    }
  });

  it.each([
    ['records no version (made before versions were recorded)', false],
    ['records an older version', true],
  ])(
    'recreates a folder that %s from scratch, with one line on the console',
    async (_case, recordVersion) => {
      const { dataDir, oldVersion } = await oldDataFolder(
        recordVersion ? 'older' : 'unrecorded',
        recordVersion,
      );
      const { db, applied, status, lines } = await reopen(dataDir);
      try {
        const current = await schemaVersion(baseline);
        expect(status).toEqual({
          state: 'stale',
          found: recordVersion ? oldVersion : null,
          expected: current,
        });
        expect(lines).toEqual([
          `demo database: schema changed (version ${recordVersion ? oldVersion : 'unrecorded'} → ${current}), re-seeding`,
        ]);
        expect(applied).toEqual(['001_people.sql', '130_settings.sql']);
        const { rows: recorded } = await db.query<{ name: string }>(
          'SELECT name FROM schema_migrations ORDER BY name',
        );
        expect(recorded.map((row) => row.name)).toEqual(applied);
        const { rows } = await db.query<{ marker: string | null; people: number }>(
          `SELECT to_regclass('old_marker')::text AS marker, (SELECT count(*)::int FROM people) AS people`,
        );
        // Nothing of the old schema is left and nothing is seeded: the server seeds it anew.
        expect(rows[0]).toEqual({ marker: null, people: 0 });
        expect((await readSchemaStatus(db, baseline)).state).toBe('current');
      } finally {
        await db.close();
      }
    },
  );

  it('reuses a folder of the current version untouched', async () => {
    const dataDir = await newDataFolder('current');
    const first = await reopen(dataDir);
    await first.db.exec(`INSERT INTO properties (name, value) VALUES ('kept', 'yes')`);
    await first.db.close();

    const { db, applied, status, lines } = await reopen(dataDir);
    try {
      expect(status.state).toBe('current');
      expect(applied).toEqual([]);
      expect(lines).toEqual([]);
      const { rows } = await db.query<{ value: string }>(
        `SELECT value FROM properties WHERE name = 'kept'`,
      );
      expect(rows).toEqual([{ value: 'yes' }]);

      // A recorded migration that is no longer a file means another schema, whatever the version.
      await db.exec(
        `INSERT INTO schema_migrations (name) VALUES ('252_job_history_team_names.sql')`,
      );
      expect(await readSchemaStatus(db, baseline)).toMatchObject({
        state: 'stale',
        found: status.expected,
      });
    } finally {
      await db.close();
    }
  });
});
