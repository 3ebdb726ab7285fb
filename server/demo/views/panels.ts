/**
 * Panel queries are user input. Each one must be a single SELECT (or WITH … SELECT); it runs as a
 * subquery under CTEs that hold the view's query results (one CTE per named query, built from a
 * bind parameter), in a READ ONLY transaction with a statement timeout, as the role
 * `view_panel_reader` (272_views.sql), which has no privileges on any table: touching a real
 * table is refused by Postgres itself.
 */
import type { SqlClient } from '../db/types';
import { QUERY_FIELDS, type QueryKind, type QueryRow } from './queries';

export const PANEL_ROLE = 'view_panel_reader';
const STATEMENT_TIMEOUT_MS = 2000;

/**
 * Why a panel has no rows: `code` is the database's SQLSTATE when its query failed there, else
 * EINVALID (refused before it ran) or EINTERNAL; `hint` says what a panel query may read.
 */
export class PanelQueryError extends Error {
  constructor(
    message: string,
    readonly code = 'EINVALID',
    readonly hint = "A panel query is a single SELECT (or WITH … SELECT) over the view's queries, each read as a table named after it.",
  ) {
    super(message);
  }
}

/** A panel's error in the answer (the demo's addition: upstream fails the whole view). */
export interface PanelError {
  code: string;
  message: string;
  hint: string;
}

export function panelErrorOf(error: PanelQueryError): PanelError {
  return { code: error.code, message: error.message, hint: error.hint };
}

const ROLLBACK = new Error('rollback');

/** Removes comments and string literals, so keyword checks see only the query's structure. */
function structure(sql: string): string {
  return sql
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/"(?:[^"]|"")*"/g, '""');
}

/** The query without a trailing `;`, or a PanelQueryError saying why it is refused. */
export function checkPanelQuery(query: string): string {
  const text = query.trim().replace(/;\s*$/, '').trimEnd();
  const shape = structure(text).trim();
  if (shape === '') throw new PanelQueryError('the panel query is empty');
  if (shape.includes(';')) throw new PanelQueryError('only a single SELECT statement is allowed');
  if (!/^(select|with)\b/i.test(shape)) {
    throw new PanelQueryError('only a SELECT statement is allowed');
  }
  if (/\b(insert|update|delete|merge|truncate|copy|call|do|set|lock|grant|revoke)\b/i.test(shape)) {
    const keyword = /\b(insert|update|delete|merge|truncate|copy|call|do|set|lock|grant|revoke)\b/i
      .exec(shape)?.[1]
      ?.toUpperCase();
    throw new PanelQueryError(`${keyword} is not allowed in a panel query`);
  }
  return text;
}

export interface QueryResult {
  kind: QueryKind;
  rows: QueryRow[];
}

/** The query's text without comments and string literals. */
function words(query: string): string {
  return query
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/'(?:[^']|'')*'/g, "''");
}

const named = (text: string, word: string) =>
  new RegExp(`(^|[^A-Za-z0-9_$])${word}($|[^A-Za-z0-9_$])`, 'i').test(text);

/**
 * What a panel query reads of the query `name`: null when it does not name it, 'all' when it
 * reads whole rows (`*`, `t.*`, `to_jsonb(t)` and the like), else the fields it names.
 */
export function panelReads(
  query: string,
  name: string,
  kind: QueryKind,
): Set<string> | 'all' | null {
  const text = words(query);
  if (!named(text, name)) return null;
  if (
    /(^|[\s,(])("?\w+"?\.)?\*\s*(,|from\b)/i.test(text) ||
    /\b(to_jsonb?|row_to_json|jsonb?_agg|array_agg|jsonb?_populate_record)\s*\(/i.test(text)
  ) {
    return 'all';
  }
  return new Set(QUERY_FIELDS[kind].map(([field]) => field).filter((field) => named(text, field)));
}

let roleChecked: Promise<boolean> | null = null;

async function roleExists(db: SqlClient): Promise<boolean> {
  roleChecked ??= db
    .query(`SELECT 1 FROM pg_roles WHERE rolname = $1`, [PANEL_ROLE])
    .then((r) => r.rows.length > 0)
    .catch(() => {
      roleChecked = null;
      return false;
    });
  return roleChecked;
}

/**
 * Runs one panel query over the query results and answers its rows as JSON objects.
 * Throws PanelQueryError for a refused or failing query (its message is the database's).
 */
export async function runPanelQuery(
  db: SqlClient,
  query: string,
  results: Record<string, QueryResult>,
): Promise<Array<Record<string, unknown>>> {
  const text = checkPanelQuery(query);
  if (!(await roleExists(db))) {
    throw new PanelQueryError(
      `panel queries need the database role ${PANEL_ROLE}`,
      'EINTERNAL',
      'The database user could not create the role when the demo database was migrated.',
    );
  }
  const params: string[] = [];
  // Only the queries the panel names are handed to it: each is its rows' whole JSON.
  const ctes = Object.entries(results).flatMap(([name, result]) => {
    // Only the queries the panel names are handed to it, and of their rows only the fields it
    // names (unless it reads whole rows): a large estate's rows are mostly fields no panel reads.
    const read = panelReads(text, name, result.kind);
    if (read === null) return [];
    const rows =
      read === 'all'
        ? result.rows
        : result.rows.map((row) => Object.fromEntries([...read].map((f) => [f, row[f] ?? null])));
    params.push(JSON.stringify(rows));
    const fields = QUERY_FIELDS[result.kind].map(([field, type]) => `${field} ${type}`).join(', ');
    return [
      `"${name}" AS (SELECT * FROM jsonb_to_recordset($${params.length}::jsonb) AS r(${fields}))`,
    ];
  });
  const sql = `${ctes.length > 0 ? `WITH ${ctes.join(',\n')}\n` : ''}
    SELECT COALESCE(jsonb_agg(to_jsonb(panel)), '[]'::jsonb) AS rows FROM (${text}\n) AS panel`;
  // The transaction always rolls back: it only reads, and a rollback (of a savepoint, when the
  // caller is inside a transaction) is what undoes SET LOCAL ROLE there.
  let answer: Array<Record<string, unknown>> = [];
  try {
    await db.transaction(async (tx) => {
      await tx.query('SET TRANSACTION READ ONLY');
      await tx.query(`SET LOCAL statement_timeout = ${STATEMENT_TIMEOUT_MS}`);
      await tx.query(`SET LOCAL ROLE ${PANEL_ROLE}`);
      const { rows } = await tx.query<{ rows: Array<Record<string, unknown>> }>(sql, params);
      answer = rows[0]?.rows ?? [];
      throw ROLLBACK;
    });
  } catch (error) {
    if (error === ROLLBACK) return answer;
    if (error instanceof PanelQueryError) throw error;
    const failure = error as Error & { code?: unknown; hint?: unknown };
    const tables = Object.entries(results)
      .map(([name, result]) => `${name} (${QUERY_FIELDS[result.kind].map(([f]) => f).join(', ')})`)
      .join('; ');
    const hint =
      typeof failure.hint === 'string' && failure.hint !== ''
        ? failure.hint
        : tables === ''
          ? 'This view has no queries: a panel query can only select constants.'
          : `A panel query reads only the view's queries as tables: ${tables}.`;
    const code =
      typeof failure.code === 'string' && failure.code !== '' ? failure.code : 'EINVALID';
    throw new PanelQueryError(failure.message, code, hint);
  }
  return answer;
}
