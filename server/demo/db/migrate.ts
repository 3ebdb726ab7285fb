import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { openDatabase, type OpenDatabaseOptions } from './open';
import type { SqlClient } from './types';

/** Folder of the ordered `NNN_area.sql` files of the schema baseline. */
export const MIGRATIONS_DIR = path.join(__dirname, 'migrations');

/** Book-keeping tables of the migrations themselves: never seeded, counted or served. */
export const MIGRATION_TABLES = ['schema_migrations', 'schema_version'];

/** Key of the advisory lock that serialises migrations of concurrent processes on one server. */
const MIGRATION_LOCK = 727_001;

/** The migration files in the order they are applied (file-name order). */
export async function listMigrations(dir: string = MIGRATIONS_DIR): Promise<string[]> {
  const files = await readdir(dir);
  return files.filter((file) => file.endsWith('.sql')).sort();
}

/**
 * Applies every migration file not yet recorded in `schema_migrations`, each in its own
 * transaction, and returns the names it applied (empty when the schema is up to date).
 */
export async function migrate(db: SqlClient, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  await db.exec(
    `CREATE TABLE IF NOT EXISTS schema_migrations (
       name text PRIMARY KEY,
       applied_at timestamptz NOT NULL DEFAULT now()
     )`,
  );
  const applied: string[] = [];
  for (const name of await listMigrations(dir)) {
    const sql = await readFile(path.join(dir, name), 'utf8');
    const done = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const existing = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [name]);
      if (existing.rows.length > 0) return false;
      try {
        await tx.exec(sql);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        throw new Error(`migration ${name} failed: ${message}`, { cause: error });
      }
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      return true;
    });
    if (done) applied.push(name);
  }
  return applied;
}

/**
 * The schema version: a digest of the names and contents of the baseline files. Any change to
 * the schema (a file edited, added or removed) gives another version.
 */
export async function schemaVersion(dir: string = MIGRATIONS_DIR): Promise<string> {
  const hash = createHash('sha256');
  for (const name of await listMigrations(dir)) {
    hash.update(`${name}\0`);
    hash.update(await readFile(path.join(dir, name)));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 12);
}

/**
 * What a database holds: nothing yet (`empty`), the schema of these files (`current`), or the
 * schema of other files (`stale`: an older or newer version, a version never recorded, or
 * migrations recorded that are no longer files), with the version it records.
 */
export interface SchemaStatus {
  state: 'empty' | 'current' | 'stale';
  found: string | null;
  expected: string;
}

async function tableExists(db: SqlClient, name: string): Promise<boolean> {
  const { rows } = await db.query<{ found: string | null }>(
    'SELECT to_regclass($1)::text AS found',
    [name],
  );
  return rows[0]?.found != null;
}

export async function readSchemaStatus(
  db: SqlClient,
  dir: string = MIGRATIONS_DIR,
): Promise<SchemaStatus> {
  const expected = await schemaVersion(dir);
  if (!(await tableExists(db, 'schema_migrations')))
    return { state: 'empty', found: null, expected };
  const found = (await tableExists(db, 'schema_version'))
    ? ((await db.query<{ version: string }>('SELECT version FROM schema_version')).rows[0]
        ?.version ?? null)
    : null;
  const files = new Set(await listMigrations(dir));
  const { rows: recorded } = await db.query<{ name: string }>('SELECT name FROM schema_migrations');
  const current =
    found === expected &&
    recorded.length === files.size &&
    recorded.every((row) => files.has(row.name));
  return { state: current ? 'current' : 'stale', found, expected };
}

/** Applies the baseline to an empty database and records its version. */
export async function migrateToBaseline(
  db: SqlClient,
  dir: string = MIGRATIONS_DIR,
): Promise<string[]> {
  const applied = await migrate(db, dir);
  const version = await schemaVersion(dir);
  await db.transaction(async (tx) => {
    await tx.exec(
      `CREATE TABLE IF NOT EXISTS schema_version (
         version text NOT NULL,
         recorded_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    await tx.exec('DELETE FROM schema_version');
    await tx.query('INSERT INTO schema_version (version) VALUES ($1)', [version]);
  });
  return applied;
}

export interface OpenSchemaOptions extends OpenDatabaseOptions {
  /** Prints the one line that says a database of another schema is being replaced. */
  log: (line: string) => void;
  /** The baseline files (the server's own by default). */
  migrationsDir?: string;
}

/**
 * Opens the demo database with the schema of the baseline files. An empty database gets the
 * baseline; a database of the current version is used as it is; a database made by another
 * schema version is never migrated in place but emptied (its folder deleted, or its schema
 * dropped) and given the baseline, so that the caller seeds it again from scratch.
 */
export async function openSchema(
  options: OpenSchemaOptions,
): Promise<{ db: SqlClient; applied: string[]; status: SchemaStatus }> {
  const { log, migrationsDir = MIGRATIONS_DIR, ...open } = options;
  let db = await openDatabase(open);
  const status = await readSchemaStatus(db, migrationsDir);
  if (status.state === 'current') return { db, applied: [], status };
  if (status.state === 'stale') {
    log(
      `demo database: schema changed (version ${status.found ?? 'unrecorded'} → ${status.expected}), re-seeding`,
    );
    await db.close();
    db = await openDatabase({ ...open, reset: true });
  }
  const applied = await migrateToBaseline(db, migrationsDir);
  return { db, applied, status };
}
