import { randomBytes, randomUUID } from 'node:crypto';
import type { SqlClient } from '../../db/types';
import { toDate, toJson } from './values';

export type Aal = 'aal1' | 'aal2';

export interface AuthenticationMethod {
  method: string;
  aal: Aal;
  completed_at: string;
}

export interface SessionRecord {
  id: string;
  token: string;
  identityId: string;
  aal: Aal;
  authenticatedAt: Date;
  issuedAt: Date;
  expiresAt: Date;
  active: boolean;
  methods: AuthenticationMethod[];
  logoutToken: string;
  ipAddress: string | null;
  userAgent: string | null;
}

function fromRow(row: Record<string, unknown>): SessionRecord {
  return {
    id: String(row.id),
    token: String(row.token),
    identityId: String(row.identity_id),
    aal: row.aal === 'aal2' ? 'aal2' : 'aal1',
    authenticatedAt: toDate(row.authenticated_at),
    issuedAt: toDate(row.issued_at ?? row.authenticated_at),
    expiresAt: toDate(row.expires_at),
    active: Boolean(row.active),
    methods: toJson<AuthenticationMethod[]>(row.authentication_methods, []),
    logoutToken: String(row.logout_token ?? ''),
    ipAddress: (row.ip_address as string | null) ?? null,
    userAgent: (row.user_agent as string | null) ?? null,
  };
}

/** An opaque random token; the session cookie holds it. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function aalOf(methods: AuthenticationMethod[]): Aal {
  return methods.some((m) => m.aal === 'aal2') ? 'aal2' : 'aal1';
}

export interface NewSession {
  identityId: string;
  method: string;
  now: Date;
  lifetimeMs: number;
  ipAddress: string | null;
  userAgent: string | null;
}

export async function createSession(db: SqlClient, input: NewSession): Promise<SessionRecord> {
  const methods: AuthenticationMethod[] = [
    { method: input.method, aal: 'aal1', completed_at: input.now.toISOString() },
  ];
  const { rows } = await db.query(
    `INSERT INTO demo_sessions (id, token, identity_id, aal, authenticated_at, issued_at, expires_at, active,
       authentication_methods, logout_token, ip_address, user_agent)
     VALUES ($1, $2, $3, 'aal1', $4, $4, $5, true, $6::jsonb, $7, $8, $9) RETURNING *`,
    [
      randomUUID(),
      newToken(),
      input.identityId,
      input.now.toISOString(),
      new Date(input.now.getTime() + input.lifetimeMs).toISOString(),
      JSON.stringify(methods),
      newToken(),
      input.ipAddress,
      input.userAgent,
    ],
  );
  return fromRow(rows[0] as Record<string, unknown>);
}

/** Records another completed factor (or a re-authentication) and raises the AAL accordingly. */
export async function addAuthenticationMethod(
  db: SqlClient,
  session: SessionRecord,
  method: string,
  aal: Aal,
  now: Date,
): Promise<SessionRecord> {
  const methods = [...session.methods, { method, aal, completed_at: now.toISOString() }];
  const { rows } = await db.query(
    `UPDATE demo_sessions SET authentication_methods = $2::jsonb, aal = $3, authenticated_at = $4
     WHERE id = $1 RETURNING *`,
    [session.id, JSON.stringify(methods), aalOf(methods), now.toISOString()],
  );
  return fromRow(rows[0] as Record<string, unknown>);
}

/** An active, unexpired session for the token, or null. */
export async function findActiveSession(
  db: SqlClient,
  token: string,
  now: Date,
): Promise<SessionRecord | null> {
  const { rows } = await db.query(
    `SELECT * FROM demo_sessions WHERE token = $1 AND active AND expires_at > $2 LIMIT 1`,
    [token, now.toISOString()],
  );
  return rows[0] ? fromRow(rows[0]) : null;
}

export async function revokeSession(db: SqlClient, id: string): Promise<void> {
  await db.query(`UPDATE demo_sessions SET active = false WHERE id = $1`, [id]);
}
