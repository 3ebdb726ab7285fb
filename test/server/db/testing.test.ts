import { mkdtemp, readFile, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { listMigrations, readSchemaStatus } from '../../../server/demo/db/migrate';
import type { SqlClient } from '../../../server/demo/db/types';
import {
  STALE_IMAGE_MS,
  createTestDatabase,
  databaseFromImage,
  removeStale,
  testDatabaseImageFile,
} from '../../../server/demo/db/testing';

jest.setTimeout(600_000);

const SERVER_DIR = path.join(__dirname, '..', '..', '..', 'server');

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(full);
      return Promise.resolve(entry.name.endsWith('.ts') ? [full] : []);
    }),
  );
  return nested.flat();
}

describe('createTestDatabase', () => {
  it('returns independent, migrated and seeded databases, the second one from the cached dump', async () => {
    const first = await createTestDatabase();
    const second = await createTestDatabase();
    try {
      const { rows: migrations } = await first.query<{ name: string }>(
        'SELECT name FROM schema_migrations ORDER BY name',
      );
      expect(migrations.map((row) => row.name)).toEqual(await listMigrations());
      // The test estate is a database of the current schema version, as the server makes it.
      expect((await readSchemaStatus(first)).state).toBe('current');

      await first.query(`UPDATE people SET name = 'Changed' WHERE email = 'admin@demo.local'`);
      await first.query('DELETE FROM check_statuses');
      const { rows } = await second.query<{ name: string; statuses: number }>(
        `SELECT name, (SELECT count(*)::int FROM check_statuses) AS statuses FROM people WHERE email = 'admin@demo.local'`,
      );
      expect(rows[0]?.name).toBe('Ada Admin');
      expect(rows[0]?.statuses).toBeGreaterThan(0);

      // The image is kept on disk for every later file and run of the same sources and hour.
      const image = await testDatabaseImageFile();
      expect(path.dirname(image)).toBe(path.join(os.tmpdir(), 'mc-demo-test-db'));
      expect((await stat(image)).size).toBeGreaterThan(0);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('builds an image once: later databases are loaded from its dump', async () => {
    const kind = `probe-${process.pid}`;
    const build = jest.fn(async (db: SqlClient) => {
      await db.query('CREATE TABLE probe (n int)');
      await db.query('INSERT INTO probe VALUES (1), (2)');
    });
    const first = await databaseFromImage(kind, 'k', build);
    const second = await databaseFromImage(kind, 'k', build);
    try {
      expect(build).toHaveBeenCalledTimes(1);
      await first.query('DELETE FROM probe');
      const { rows } = await second.query<{ n: number }>('SELECT count(*)::int AS n FROM probe');
      expect(rows[0]?.n).toBe(2);
    } finally {
      await first.close();
      await second.close();
      await rm(path.join(os.tmpdir(), 'mc-demo-test-db', `${kind}-k.tar`), { force: true });
    }
  });

  it('is not imported by any server module', async () => {
    const files = (await sourceFiles(SERVER_DIR)).filter(
      (file) => !file.endsWith(path.join('db', 'testing.ts')),
    );
    const importers: string[] = [];
    for (const file of files) {
      const text = await readFile(file, 'utf8');
      if (/from\s+['"][./]*(?:db\/)?testing['"]/.test(text))
        importers.push(path.relative(SERVER_DIR, file));
    }
    expect(importers).toEqual([]);
  });
});

describe('removeStale', () => {
  it('keeps the images another checkout may be loading and removes those nobody wrote lately', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'mc-stale-'));
    const now = Date.now();
    const write = async (name: string, ageMs: number) => {
      const file = path.join(dir, name);
      await writeFile(file, 'dump');
      const when = new Date(now - ageMs);
      await utimes(file, when, when);
    };
    try {
      await write('estate-mine.tar', 5 * STALE_IMAGE_MS);
      await write('estate-other-checkout.tar', STALE_IMAGE_MS / 4);
      await write('estate-last-week.tar', STALE_IMAGE_MS);
      await write('estate-other.tar.1.2.partial', 5 * STALE_IMAGE_MS);
      await write('fixtures-old.tar', 5 * STALE_IMAGE_MS);
      await removeStale('estate', 'estate-mine.tar', dir, now);
      expect((await readdir(dir)).sort()).toEqual([
        'estate-mine.tar',
        'estate-other-checkout.tar',
        'estate-other.tar.1.2.partial',
        'fixtures-old.tar',
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
