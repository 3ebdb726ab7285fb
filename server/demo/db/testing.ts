/**
 * Databases for tests: the schema is migrated and seeded once per source version and hour, dumped
 * to a temporary file, and every call gets a fresh in-memory copy loaded from that dump (well
 * under a second, where a fresh migrate + seed takes many seconds). Not used by the server.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { seedDatabase } from '../seed';
import { MIGRATIONS_DIR, listMigrations, migrateToBaseline } from './migrate';
import { dumpDatabase, loadDatabase, openDatabase } from './open';
import type { SqlClient } from './types';

/** Scale of the test estate: every kind of row, about 500 config items and 25 checks. */
export const TEST_SEED_SCALE = 0.1;

const SEED_DIR = path.join(__dirname, '..', 'seed');
/** The view evaluator fills the seeded view tables, so it decides the estate too. */
const VIEWS_DIR = path.join(__dirname, '..', 'views');
const CACHE_DIR = path.join(os.tmpdir(), 'mc-demo-test-db');
const HOUR_MS = 3_600_000;

let cached: { key: string; dump: Promise<Blob> } | null = null;

/** The hour the test estate leads up to, so "last hour" views have data. */
export function testSeedNow(): Date {
  return new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS);
}

async function sourceFiles(): Promise<string[]> {
  const migrations = (await listMigrations()).map((name) => path.join(MIGRATIONS_DIR, name));
  const seeds = (await readdir(SEED_DIR))
    .filter((name) => name.endsWith('.ts'))
    .sort()
    .map((name) => path.join(SEED_DIR, name));
  const views = (await readdir(VIEWS_DIR))
    .filter((name) => name.endsWith('.ts'))
    .sort()
    .map((name) => path.join(VIEWS_DIR, name));
  return [
    ...migrations,
    ...seeds,
    ...views,
    path.join(__dirname, 'migrate.ts'),
    path.join(__dirname, 'open.ts'),
    __filename,
  ];
}

/** A hash of everything that decides the test estate's content. */
async function cacheKey(now: Date): Promise<string> {
  const hash = createHash('sha256');
  for (const file of await sourceFiles()) {
    hash.update(path.basename(file));
    hash.update(await readFile(file));
  }
  hash.update(`${TEST_SEED_SCALE}|${now.toISOString()}`);
  return hash.digest('hex').slice(0, 24);
}

async function buildDump(file: string, now: Date): Promise<Blob> {
  const db = await openDatabase({ dataDir: null, reset: false });
  try {
    await migrateToBaseline(db);
    await seedDatabase(db, { scale: TEST_SEED_SCALE, now });
    const dump = await dumpDatabase(db);
    await mkdir(CACHE_DIR, { recursive: true });
    const partial = `${file}.${process.pid}.${Date.now()}.partial`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
    return dump;
  } finally {
    await db.close();
  }
}

async function removeStale(keep: string): Promise<void> {
  const files = await readdir(CACHE_DIR).catch(() => [] as string[]);
  for (const name of files) {
    if (name !== keep && !name.endsWith('.partial'))
      await rm(path.join(CACHE_DIR, name), { force: true });
  }
}

async function loadOrBuild(key: string, now: Date): Promise<Blob> {
  const name = `${key}.tar`;
  const file = path.join(CACHE_DIR, name);
  try {
    const bytes = await readFile(file);
    return new Blob([bytes]);
  } catch {
    const dump = await buildDump(file, now);
    await removeStale(name);
    return dump;
  }
}

/**
 * A fresh, independent in-memory database holding the migrated schema and the seeded test
 * estate (seed 42, scale TEST_SEED_SCALE, now = the start of the current hour).
 */
export async function createTestDatabase(): Promise<SqlClient> {
  const now = testSeedNow();
  const key = await cacheKey(now);
  if (!cached || cached.key !== key) cached = { key, dump: loadOrBuild(key, now) };
  try {
    return await loadDatabase(await cached.dump);
  } catch (error) {
    cached = null;
    throw error;
  }
}
