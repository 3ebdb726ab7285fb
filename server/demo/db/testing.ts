/**
 * Databases for tests, from images: the schema is migrated and seeded once per source version and
 * hour (the test run's set-up does it before any server test file starts), dumped to a
 * temporary file, and every call gets a fresh in-memory copy loaded from that dump (well under a
 * second, where a fresh migrate + seed takes many seconds). Other suites keep images of their
 * own the same way (`databaseFromImage`). Not used by the server.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
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

/** The dump file of an image: `<kind>-<key>.tar` in the cache folder. */
function imageFile(kind: string, key: string): string {
  return path.join(CACHE_DIR, `${kind}-${key}.tar`);
}

/** Builds an image's database, dumps it to its file (written whole, then renamed) and closes it. */
async function buildImage(kind: string, key: string, build: BuildImage): Promise<Blob> {
  const db = await openDatabase({ dataDir: null, reset: false });
  try {
    await build(db);
    const dump = await dumpDatabase(db);
    await mkdir(CACHE_DIR, { recursive: true });
    const file = imageFile(kind, key);
    const partial = `${file}.${process.pid}.${Date.now()}.partial`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
    await removeStale(kind, path.basename(file));
    return dump;
  } finally {
    await db.close();
  }
}

/** How long an image of other sources is kept: another checkout's run may still be reading it. */
export const STALE_IMAGE_MS = 2 * HOUR_MS;

/**
 * Removes the images of a kind that no run wrote for `STALE_IMAGE_MS` (those of earlier sources
 * or hours). A younger one may be another checkout's, whose test files are loading it now.
 */
export async function removeStale(
  kind: string,
  keep: string,
  dir = CACHE_DIR,
  now = Date.now(),
): Promise<void> {
  const files = await readdir(dir).catch(() => [] as string[]);
  for (const name of files) {
    if (!name.startsWith(`${kind}-`) || name === keep || name.endsWith('.partial')) continue;
    const file = path.join(dir, name);
    const written = await stat(file).then(
      (info) => info.mtimeMs,
      () => now,
    );
    if (now - written >= STALE_IMAGE_MS) await rm(file, { force: true });
  }
}

/** Fills an empty in-memory database with what an image holds. */
export type BuildImage = (db: SqlClient) => Promise<void>;

/** The image's dump: read from its file, or built and written when there is none. */
async function loadOrBuildImage(kind: string, key: string, build: BuildImage): Promise<Blob> {
  try {
    return new Blob([await readFile(imageFile(kind, key))]);
  } catch {
    return buildImage(kind, key, build);
  }
}

const images = new Map<string, Promise<Blob>>();

/**
 * A fresh, independent in-memory database loaded from the image `kind` (its content decided by
 * `key`, e.g. a hash of its sources): the first caller on a machine builds it with `build` and
 * writes the dump to a temporary folder, every later caller (in any process) loads that dump.
 */
export async function databaseFromImage(
  kind: string,
  key: string,
  build: BuildImage,
): Promise<SqlClient> {
  const id = `${kind}-${key}`;
  let dump = images.get(id);
  if (!dump) {
    dump = loadOrBuildImage(kind, key, build);
    images.set(id, dump);
  }
  try {
    return await loadDatabase(await dump);
  } catch (error) {
    images.delete(id);
    throw error;
  }
}

/** The kind of the seeded test estate's image. */
const ESTATE = 'estate';

/**
 * The seeded test estate: `key` names its content (sources and hour), `build` writes it into an
 * empty database (the image on PGlite, a template database on PostgreSQL).
 */
export async function testEstate(): Promise<{ key: string; build: BuildImage }> {
  const now = testSeedNow();
  return {
    key: await cacheKey(now),
    build: async (db) => {
      await migrateToBaseline(db);
      await seedDatabase(db, { scale: TEST_SEED_SCALE, now });
    },
  };
}

/**
 * Makes sure the seeded test estate's image exists, building it when it does not: called once
 * per test run before the server test files start, so none of them migrates or seeds.
 */
export async function prepareTestDatabaseImage(): Promise<void> {
  const { key, build } = await testEstate();
  await loadOrBuildImage(ESTATE, key, build);
}

/** Where the seeded test estate's image of the current sources and hour is kept. */
export async function testDatabaseImageFile(): Promise<string> {
  const { key } = await testEstate();
  return imageFile(ESTATE, key);
}

/**
 * A fresh, independent in-memory database holding the migrated schema and the seeded test
 * estate (seed 42, scale TEST_SEED_SCALE, now = the start of the current hour).
 */
export async function createTestDatabase(): Promise<SqlClient> {
  const { key, build } = await testEstate();
  return databaseFromImage(ESTATE, key, build);
}
