import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { SqlClient } from './types';

/** Folder of the ordered `NNN_name.sql` migration files. */
export const MIGRATIONS_DIR = path.join(__dirname, 'migrations');

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
