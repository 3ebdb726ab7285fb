import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { dumpDatabase, loadDatabase, openDatabase, poolSize } from '../../../server/demo/db/open';
import type { SqlClient } from '../../../server/demo/db/types';

jest.setTimeout(300_000);

describe('openDatabase with PGlite', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'open-test-'));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('persists under the data folder, and reset starts from an empty database', async () => {
    const dataDir = path.join(dir, 'data');
    const first = await openDatabase({ dataDir, reset: false });
    await first.exec(
      `CREATE TABLE kept (id int PRIMARY KEY, name text); INSERT INTO kept VALUES (1, 'one');`,
    );
    await first.close();

    const reopened = await openDatabase({ dataDir, reset: false });
    expect((await reopened.query('SELECT id, name FROM kept')).rows).toEqual([
      { id: 1, name: 'one' },
    ]);
    await reopened.close();

    const reset = await openDatabase({ dataDir, reset: true });
    const { rows } = await reset.query<{ found: string | null }>(
      `SELECT to_regclass('kept')::text AS found`,
    );
    expect(rows[0]?.found).toBeNull();
    await reset.close();
  });

  describe('an in-memory database', () => {
    let db: SqlClient;

    beforeAll(async () => {
      db = await openDatabase({ dataDir: null, reset: false });
      await db.exec('CREATE TABLE items (id int PRIMARY KEY)');
    });

    afterAll(async () => {
      await db.close();
    });

    it('returns rows with the same JavaScript types as a PostgreSQL server through pg', async () => {
      const { rows } = await db.query(
        `SELECT 1::int8 AS big, 2.5::numeric AS exact, '2026-01-02T03:04:05Z'::timestamptz AS at,
                '{"a":[1]}'::jsonb AS doc, ARRAY['x','y'] AS list, $1::text AS param`,
        ['value'],
      );
      expect(rows[0]).toEqual({
        big: 1,
        exact: '2.5',
        at: new Date('2026-01-02T03:04:05Z'),
        doc: { a: [1] },
        list: ['x', 'y'],
        param: 'value',
      });
    });

    it('commits a transaction, and rolls it back when the callback throws', async () => {
      await db.transaction(async (tx) => {
        await tx.query('INSERT INTO items VALUES (1)');
      });
      await expect(
        db.transaction(async (tx) => {
          await tx.query('INSERT INTO items VALUES (2)');
          throw new Error('stop');
        }),
      ).rejects.toThrow('stop');
      expect((await db.query('SELECT id FROM items ORDER BY id')).rows).toEqual([{ id: 1 }]);
    });

    it('turns a nested transaction into a savepoint', async () => {
      await db.transaction(async (tx) => {
        await tx.query('INSERT INTO items VALUES (10)');
        await expect(
          tx.transaction(async (inner) => {
            await inner.query('INSERT INTO items VALUES (11)');
            throw new Error('inner');
          }),
        ).rejects.toThrow('inner');
        await tx.transaction(async (inner) => {
          await inner.query('INSERT INTO items VALUES (12)');
        });
      });
      expect((await db.query('SELECT id FROM items WHERE id >= 10 ORDER BY id')).rows).toEqual([
        { id: 10 },
        { id: 12 },
      ]);
    });

    it('dumps to a snapshot that loads into an independent database', async () => {
      const dump = await dumpDatabase(db);
      const copy = await loadDatabase(dump);
      try {
        await copy.query('INSERT INTO items VALUES (99)');
        expect((await copy.query('SELECT count(*)::int AS n FROM items')).rows[0]).toEqual({
          n: 4,
        });
        expect((await db.query('SELECT count(*)::int AS n FROM items')).rows[0]).toEqual({ n: 3 });
      } finally {
        await copy.close();
      }
    });
  });
});

const databaseUrl = process.env.TEST_DATABASE_URL;

(databaseUrl ? describe : describe.skip)(
  'openDatabase with a PostgreSQL server (TEST_DATABASE_URL)',
  () => {
    it('resets the public schema and answers with PGlite-compatible types', async () => {
      const db = await openDatabase({
        dataDir: null,
        databaseUrl: databaseUrl as string,
        reset: true,
      });
      try {
        await db.exec('CREATE TABLE probe (id int8 PRIMARY KEY, day date)');
        await db.transaction(async (tx) => {
          await tx.query(`INSERT INTO probe VALUES (1, '2026-01-02')`);
          await expect(
            tx.transaction(async (inner) => {
              await inner.query(`INSERT INTO probe VALUES (2, '2026-01-03')`);
              throw new Error('inner');
            }),
          ).rejects.toThrow('inner');
        });
        expect((await db.query('SELECT id, day FROM probe')).rows).toEqual([
          { id: 1, day: new Date('2026-01-02T00:00:00Z') },
        ]);
        await expect(dumpDatabase(db)).rejects.toThrow(/only a PGlite database/);
      } finally {
        await db.close();
      }
      const again = await openDatabase({
        dataDir: null,
        databaseUrl: databaseUrl as string,
        reset: true,
      });
      try {
        const { rows } = await again.query<{ found: string | null }>(
          `SELECT to_regclass('probe')::text AS found`,
        );
        expect(rows[0]?.found).toBeNull();
      } finally {
        await again.close();
      }
    });
  },
);

describe('poolSize of the PostgreSQL pool', () => {
  it('keeps twice the cores and one busy, within half of the connections left, at least 2', () => {
    expect(poolSize({ maxConnections: 100, taken: 3 }, 2)).toBe(5);
    expect(poolSize({ maxConnections: 100, taken: 3 }, 16)).toBe(33);
    expect(poolSize({ maxConnections: 20, taken: 8 }, 16)).toBe(6);
    expect(poolSize({ maxConnections: 10, taken: 9 }, 4)).toBe(2);
  });
});
