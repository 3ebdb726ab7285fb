import type { SqlClient } from '../db/types';

/**
 * Inserts many rows in one statement per chunk through `unnest` of typed arrays, which keeps
 * every value a bind parameter and is far faster than row-by-row inserts.
 *
 * `types` maps each column to its Postgres type (`uuid`, `text`, `jsonb`, `timestamptz`, ...).
 * Array columns (`text[]`) are passed as JSON and converted, since unnest flattens arrays.
 */
export async function bulkInsert(
  db: SqlClient,
  table: string,
  types: Record<string, string>,
  rows: ReadonlyArray<Record<string, unknown>>,
  chunkSize = 5000,
): Promise<void> {
  const columns = Object.keys(types);
  for (const column of [table, ...columns]) {
    if (!/^[a-z_][a-z0-9_]*$/.test(column)) throw new Error(`bad identifier ${column}`);
  }
  for (let start = 0; start < rows.length; start += chunkSize) {
    const chunk = rows.slice(start, start + chunkSize);
    const params = columns.map((column) => {
      const type = types[column] as string;
      return chunk.map((row) => {
        const value = row[column];
        if (value === undefined || value === null) return null;
        if (type === 'jsonb' || type === 'json' || type.endsWith('[]'))
          return JSON.stringify(value);
        if (value instanceof Date) return value.toISOString();
        return value;
      });
    });
    const selects = columns.map((column, i) => {
      const type = types[column] as string;
      if (type.endsWith('[]')) {
        const element = type.slice(0, -2);
        return `CASE WHEN c${i} IS NULL THEN NULL ELSE ARRAY(SELECT jsonb_array_elements_text(c${i}::jsonb))::${element}[] END`;
      }
      return `c${i}`;
    });
    const unnestTypes = columns.map((column) => {
      const type = types[column] as string;
      return type.endsWith('[]') ? 'text[]' : `${type}[]`;
    });
    const sql =
      `INSERT INTO ${table} (${columns.join(', ')}) ` +
      `SELECT ${selects.join(', ')} FROM unnest(${unnestTypes
        .map((t, i) => `$${i + 1}::${t}`)
        .join(', ')}) AS u(${columns.map((_, i) => `c${i}`).join(', ')})`;
    await db.query(sql, params);
  }
}
