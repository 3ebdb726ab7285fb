import { randomUUID } from 'node:crypto';
import type { SqlClient } from '../../db/types';
import type { ErrorObject } from '../errors';
import { toDate, toJson } from './values';

export interface FlowErrorRecord {
  id: string;
  error: ErrorObject;
  created_at: string;
  updated_at: string;
}

export async function storeFlowError(
  db: SqlClient,
  error: ErrorObject,
  now: Date,
): Promise<string> {
  const id = randomUUID();
  await db.query(
    `INSERT INTO demo_flow_errors (id, error, created_at, updated_at) VALUES ($1, $2::jsonb, $3, $3)`,
    [id, JSON.stringify(error), now.toISOString()],
  );
  return id;
}

export async function findFlowError(db: SqlClient, id: string): Promise<FlowErrorRecord | null> {
  const { rows } = await db.query(`SELECT * FROM demo_flow_errors WHERE id = $1`, [id]);
  const row = rows[0];
  if (!row) return null;
  return {
    id: String(row.id),
    error: toJson<ErrorObject>(row.error, {
      code: 500,
      status: 'Internal Server Error',
      message: '',
    }),
    created_at: toDate(row.created_at).toISOString(),
    updated_at: toDate(row.updated_at).toISOString(),
  };
}
