import type { SqlClient } from '../db/types';
import { isDate } from '../db/values';

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
/** A Postgres type name such as `uuid`, `numeric(16,4)`, `timestamp with time zone`, `text[]`. */
const TYPE_NAME = /^[a-z_][a-z0-9_ ]*(\(\d+(, ?\d+)?\))?(\[\])?$/;

/** One element of a Postgres array literal: quoted and escaped, or NULL. */
function arrayElement(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (Array.isArray(value)) throw new Error('nested arrays are not supported');
  const text = isDate(value) ? value.toISOString() : String(value);
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** The Postgres text input of one value for a column of `type`. */
export function toPostgresText(value: unknown, type: string): string | null {
  if (value === null || value === undefined) return null;
  if (type === 'json' || type === 'jsonb') return JSON.stringify(value);
  if (type.endsWith('[]')) {
    if (!Array.isArray(value)) throw new Error(`a ${type} value must be an array`);
    return `{${value.map(arrayElement).join(',')}}`;
  }
  if (isDate(value)) return value.toISOString();
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value).toString('hex')}`;
  if (typeof value === 'object') throw new Error(`an object cannot be stored in a ${type} column`);
  return String(value);
}

/** How one column of the JSON row array is read back: JSON stays JSON, the rest is text cast. */
function columnExpression(index: number, type: string): string {
  if (type === 'jsonb') return `nullif(r.e -> ${index}, 'null'::jsonb)`;
  if (type === 'json') return `nullif(r.e -> ${index}, 'null'::jsonb)::json`;
  return `(r.e ->> ${index})::${type}`;
}

/**
 * Inserts many rows with one statement per chunk. Each chunk travels as a single JSON bind
 * parameter (an array of rows, each an array of values), which Postgres parses once and casts
 * column by column: all values stay parameters, any type works (enums and domains too), and it
 * is far faster than row-by-row inserts or one array parameter per column.
 *
 * `types` maps each column to its Postgres type (`uuid`, `text`, `jsonb`, `timestamptz`,
 * `text[]`, an enum, ...). Values are JavaScript values: Date for timestamps, arrays for array
 * columns, any JSON-serialisable value for json/jsonb (a string becomes a JSON string), and null
 * or undefined for NULL (a JSON null in a json/jsonb column is stored as NULL too).
 */
export async function bulkInsert(
  db: SqlClient,
  table: string,
  types: Record<string, string>,
  rows: ReadonlyArray<Record<string, unknown>>,
  chunkSize = 5000,
): Promise<void> {
  const columns = Object.keys(types);
  if (columns.length === 0) throw new Error('bulkInsert needs at least one column');
  for (const name of [table, ...columns]) {
    if (!IDENTIFIER.test(name)) throw new Error(`bad identifier ${name}`);
  }
  for (const column of columns) {
    if (!TYPE_NAME.test(types[column] as string))
      throw new Error(`bad type ${types[column]} of ${column}`);
  }
  const sql =
    `INSERT INTO "${table}" (${columns.map((column) => `"${column}"`).join(', ')}) ` +
    `SELECT ${columns.map((column, i) => columnExpression(i, types[column] as string)).join(', ')} ` +
    `FROM jsonb_array_elements($1::jsonb) AS r(e)`;
  const jsonColumns = columns.map(
    (column) => types[column] === 'json' || types[column] === 'jsonb',
  );
  for (let start = 0; start < rows.length; start += chunkSize) {
    const chunk = rows.slice(start, start + chunkSize);
    const payload = chunk.map((row) =>
      columns.map((column, i) => {
        const value = row[column];
        if (value === undefined || value === null) return null;
        return jsonColumns[i] ? value : toPostgresText(value, types[column] as string);
      }),
    );
    await db.query(sql, [JSON.stringify(payload)]);
  }
}
