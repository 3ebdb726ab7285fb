/**
 * The LLM connection the assistant talks to (docs/assistant.md): the most recently updated
 * connection of an LLM type whose API key the demo can read (a literal key, or none for
 * Ollama) and that names a model. A `secret://` reference the demo has no store for does not
 * count. Upstream picks the connection named by `--llm-connection`; the demo has no such flag.
 */
import { LLM_CONNECTION_TYPES, type LlmProvider } from '../../../contracts/llm/chat';
import type { ProviderConnection } from '../../../contracts/llm/providers';
import type { SqlClient } from '../db/types';
import { literal } from '../routes/connections';

/** An LLM connection as the relay reads it. */
export interface LlmConnectionRow {
  id: string;
  name: string;
  namespace: string;
  type: LlmProvider;
  url: string | null;
  password: string | null;
  properties: Record<string, unknown> | null;
}

/** The connection the assistant uses, or why there is none. */
export type LlmConnectionLookup =
  | { found: true; row: LlmConnectionRow; connection: ProviderConnection }
  | { found: false; status: 404 | 409; error: string };

export const NO_LLM_CONNECTION = 'no LLM connection is configured';

function modelOf(row: LlmConnectionRow): string {
  const model = row.properties?.model;
  return typeof model === 'string' ? model.trim() : '';
}

/** Why the connection cannot be used, or null when it can. */
function unusable(row: LlmConnectionRow): string | null {
  const key = row.password?.trim() ?? '';
  if (key !== '' && literal(key) === null) {
    return `the LLM connection ${row.name} keeps its API key in ${key}, which the demo backend cannot read`;
  }
  if (key === '' && row.type !== 'ollama') {
    return `the LLM connection ${row.name} has no API key`;
  }
  if (modelOf(row) === '') return `the LLM connection ${row.name} names no model`;
  return null;
}

export async function findLlmConnection(db: SqlClient): Promise<LlmConnectionLookup> {
  const { rows } = await db.query<LlmConnectionRow>(
    `SELECT id, name, namespace, type, url, password, properties
       FROM connections
      WHERE deleted_at IS NULL AND type = ANY($1::text[])
      ORDER BY updated_at DESC, created_at DESC, name`,
    [[...LLM_CONNECTION_TYPES]],
  );
  for (const row of rows) {
    if (unusable(row) !== null) continue;
    const key = row.password?.trim() ?? '';
    return {
      found: true,
      row,
      connection: {
        provider: row.type,
        url: row.url?.trim() ?? '',
        model: modelOf(row),
        apiKey: key === '' ? null : key,
      },
    };
  }
  const first = rows[0];
  if (!first) return { found: false, status: 404, error: NO_LLM_CONNECTION };
  return { found: false, status: 409, error: unusable(first) ?? NO_LLM_CONNECTION };
}
