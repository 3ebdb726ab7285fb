import { randomUUID } from 'node:crypto';
import type { SqlClient } from '../../db/types';
import { toDate } from './values';

/** A message the stand-in "sent"; the demo mailbox shows them. */
export interface CourierMessage {
  id: string;
  recipient: string;
  subject: string;
  body: string;
  code: string | null;
  created_at: string;
}

export async function storeMessage(
  db: SqlClient,
  message: { recipient: string; subject: string; body: string; code: string | null; now: Date },
): Promise<CourierMessage> {
  const id = randomUUID();
  await db.query(
    `INSERT INTO demo_courier_messages (id, recipient, subject, body, code, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
    [id, message.recipient, message.subject, message.body, message.code, message.now.toISOString()],
  );
  return {
    id,
    recipient: message.recipient,
    subject: message.subject,
    body: message.body,
    code: message.code,
    created_at: message.now.toISOString(),
  };
}

/** Newest first. */
export async function listMessages(
  db: SqlClient,
  recipient: string | null,
  limit = 50,
): Promise<CourierMessage[]> {
  const { rows } = await db.query(
    `SELECT * FROM demo_courier_messages WHERE ($1::text IS NULL OR lower(recipient) = lower($1::text))
     ORDER BY created_at DESC, id LIMIT $2`,
    [recipient, limit],
  );
  return rows.map((row) => ({
    id: String(row.id),
    recipient: String(row.recipient),
    subject: String(row.subject),
    body: String(row.body),
    code: (row.code as string | null) ?? null,
    created_at: toDate(row.created_at).toISOString(),
  }));
}
