/**
 * The demo's sql action: a query over the catalog runs against the demo's own database,
 * read-only, as a role that may read only the catalog's tables (so Postgres itself refuses
 * anything else: other tables, writes, server functions), at most `SQL_ROW_LIMIT` rows. Its
 * result has Mission Control's shape, `{ query, columns, rows, count }`, each value as text
 * the way the runner scans it (null stays null).
 */
import type { SqlClient } from '../db/types';

/** The role the queries run as. */
export const SQL_READER_ROLE = 'mc_demo_playbook_reader';

/** The catalog's tables and views a playbook's query may read. */
export const SQL_READABLE = [
  'config_items',
  'configs',
  'config_changes',
  'catalog_changes',
  'config_analysis',
  'config_relationships',
  'config_types',
  'config_summary',
] as const;

/** Most rows an answer holds. */
export const SQL_ROW_LIMIT = 500;

/** What the runner records for a sql action. */
export interface SqlResult {
  query: string;
  columns: string[];
  rows: Array<Record<string, string | null>>;
  count: number;
}

/** Why a query is not run against the demo's database; undefined when it may be. */
export function refusal(query: string): string | undefined {
  const text = query.trim().replace(/;\s*$/, '');
  if (!/^(select|with)\b/i.test(text)) return 'only SELECT queries run against the catalog';
  // Quoted text is left out of the checks below, so a value may hold any word.
  const bare = text.replace(/'(?:[^']|'')*'/g, "''");
  if (bare.includes(';')) return 'one statement at a time';
  if (/--|\/\*/.test(bare)) return 'comments are not accepted';
  if (/\bpg_\w+|\binformation_schema\b/i.test(bare)) return 'the system catalogs are not read';
  if (/\bgenerate_series\b|\binto\b|\bfor\s+(update|share)\b/i.test(bare)) {
    return 'the query uses a function or clause the demo does not run';
  }
  return undefined;
}

/** Per database: whether its reader role is ready (made once, on first use). */
const readers = new WeakMap<SqlClient, Promise<boolean>>();

/**
 * Makes the reader role once per process (it may already exist in a persisted database) and
 * grants it SELECT on the readable tables present. False when the database refuses (a server
 * whose user may not create roles): queries are then not run.
 */
function ensureReader(db: SqlClient): Promise<boolean> {
  const known = readers.get(db);
  if (known) return known;
  const ready = (async () => {
    try {
      await db.exec(`DO $$ BEGIN
        IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${SQL_READER_ROLE}') THEN
          CREATE ROLE ${SQL_READER_ROLE} NOLOGIN;
        END IF;
      END $$`);
      const { rows } = await db.query<{ name: string }>(
        `SELECT name FROM unnest($1::text[]) AS name WHERE to_regclass(name) IS NOT NULL`,
        [[...SQL_READABLE]],
      );
      await db.exec(`GRANT USAGE ON SCHEMA public TO ${SQL_READER_ROLE}`);
      if (rows.length > 0) {
        await db.exec(
          `GRANT SELECT ON ${rows.map((row) => row.name).join(', ')} TO ${SQL_READER_ROLE}`,
        );
      }
      return true;
    } catch {
      readers.delete(db);
      return false;
    }
  })();
  readers.set(db, ready);
  return ready;
}

/** A value as the runner's text scan gives it. */
function scanned(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  // A time may come from another realm's Date (the database's), so it is told by its tag.
  if (Object.prototype.toString.call(value) === '[object Date]') {
    return (value as Date).toISOString();
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * Runs `query` read-only as the reader role. Answers `{ refused }` when the query is not one the
 * demo runs, `{ error }` when Postgres refuses it (a table outside the catalog, a syntax error).
 */
export async function runCatalogQuery(
  db: SqlClient,
  query: string,
): Promise<{ result: SqlResult } | { refused: string } | { error: string }> {
  const refused = refusal(query);
  if (refused) return { refused };
  if (!(await ensureReader(db))) return { refused: 'the database has no reader role' };
  const text = query.trim().replace(/;\s*$/, '');
  try {
    const rows = await db.transaction(async (tx) => {
      await tx.exec('SET TRANSACTION READ ONLY');
      await tx.exec(`SET LOCAL ROLE ${SQL_READER_ROLE}`);
      const answer = await tx.query<Record<string, unknown>>(
        `SELECT * FROM (${text}) AS result LIMIT ${SQL_ROW_LIMIT}`,
      );
      return answer.rows;
    });
    const columns = rows[0] ? Object.keys(rows[0]) : [];
    return {
      result: {
        query,
        columns,
        rows: rows.map((row) =>
          Object.fromEntries(columns.map((column) => [column, scanned(row[column])])),
        ),
        count: rows.length,
      },
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { error: message.replace(/^error: /, '') };
  }
}
