import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { SqlClient } from '../db/types';
import { resolveSession } from '../identity';

/** Who is making a request to the demo backend. */
export interface Caller {
  personId: string;
  name: string;
  email: string;
  avatar: string | null;
  roles: string[];
  via: 'session' | 'token';
}

/** Hex SHA-256 of an API token: the only form in which tokens are stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The API token of an `Authorization: Bearer …` or `Basic token:…` header, if any. */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const [scheme, value] = header.trim().split(/\s+/, 2);
  if (!scheme || !value) return null;
  if (scheme.toLowerCase() === 'bearer') return value;
  if (scheme.toLowerCase() === 'basic') {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0 && decoded.slice(0, colon) === 'token') return decoded.slice(colon + 1) || null;
  }
  return null;
}

interface PersonRow {
  id: string;
  name: string | null;
  email: string | null;
  avatar: string | null;
}

async function rolesOf(db: SqlClient, personId: string): Promise<string[]> {
  const { rows } = await db.query<{ role: string }>(
    `SELECT DISTINCT v1 AS role FROM casbin_rule WHERE ptype = 'g' AND v0 = $1 ORDER BY 1`,
    [personId],
  );
  return rows.map((r) => r.role);
}

async function person(db: SqlClient, personId: string): Promise<PersonRow | null> {
  const { rows } = await db.query<PersonRow>(
    'SELECT id, name, email, avatar FROM people WHERE id = $1 AND deleted_at IS NULL',
    [personId],
  );
  return rows[0] ?? null;
}

/** Resolves the session cookie or API token of a request to a person with roles, or null. */
export async function resolveCaller(
  db: SqlClient,
  request: FastifyRequest,
): Promise<Caller | null> {
  const token = tokenFromHeader(request.headers.authorization);
  if (token) {
    const { rows } = await db.query<{ person_id: string }>(
      `SELECT person_id FROM access_tokens
        WHERE value = $1 AND (expires_at IS NULL OR expires_at > now())`,
      [hashToken(token)],
    );
    const row = rows[0];
    if (!row) return null;
    const found = await person(db, row.person_id);
    if (!found) return null;
    return { ...describe(found), roles: await rolesOf(db, found.id), via: 'token' };
  }
  const session = await resolveSession(db, request.headers.cookie);
  if (!session) return null;
  const found = await person(db, session.personId);
  if (!found) return null;
  const roles = await rolesOf(db, found.id);
  return {
    ...describe(found),
    roles: roles.length > 0 ? roles : [session.role],
    via: 'session',
  };
}

function describe(row: PersonRow): Omit<Caller, 'roles' | 'via'> {
  return { personId: row.id, name: row.name ?? '', email: row.email ?? '', avatar: row.avatar };
}
