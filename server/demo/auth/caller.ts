import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { SqlClient } from '../db/types';
import { resolveSession } from '../identity';
import type { ScopeAction, ScopeObject, TokenScope } from './tokenScope';

/** Who is making a request to the demo backend. */
export interface Caller {
  personId: string;
  name: string;
  email: string;
  avatar: string | null;
  roles: string[];
  via: 'session' | 'token';
  /** Set for a caller that authenticated with an API token: what the token's scope denies. */
  scope?: TokenScope;
}

/** `people.type` of the person each API token acts as (api.md AUTH-09). */
export const TOKEN_PERSON_TYPE = 'access_token';

/** An auto-renewing token that would expire within this window is extended... */
const RENEW_WINDOW = '15 days';
/** ...to this long from now. */
const RENEW_EXTENSION = '30 days';

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
  type: string | null;
}

/**
 * Roles granted to a subject by `g` rules of `casbin_rule`, following rules whose target is
 * another (non-deleted) person: a token's person inherits its owner's roles that way.
 */
export async function rolesOfSubject(db: SqlClient, personId: string): Promise<string[]> {
  const { rows } = await db.query<{ role: string }>(
    `WITH RECURSIVE chain(subject, depth) AS (
       SELECT $1::text, 0
       UNION
       SELECT c.v1::text, chain.depth + 1
         FROM casbin_rule c
         JOIN chain ON c.v0 = chain.subject
         JOIN people p ON p.id::text = c.v1 AND p.deleted_at IS NULL
        WHERE c.ptype = 'g' AND chain.depth < 3
     )
     SELECT DISTINCT c.v1 AS role
       FROM casbin_rule c JOIN chain ON c.v0 = chain.subject
      WHERE c.ptype = 'g' AND NOT EXISTS (SELECT 1 FROM people p WHERE p.id::text = c.v1)
      ORDER BY 1`,
    [personId],
  );
  return rows.map((r) => r.role);
}

async function person(db: SqlClient, personId: string): Promise<PersonRow | null> {
  const { rows } = await db.query<PersonRow>(
    'SELECT id, name, email, avatar, type FROM people WHERE id = $1 AND deleted_at IS NULL',
    [personId],
  );
  return rows[0] ?? null;
}

interface TokenRow {
  id: string;
  person_id: string;
}

/**
 * The person an unexpired token acts as, with its scope. A token person (type `access_token`)
 * needs its owner to exist still; an auto-renewing token close to expiry is extended first.
 */
async function callerOfToken(db: SqlClient, token: string): Promise<Caller | null> {
  const { rows } = await db.query<TokenRow>(
    `SELECT id, person_id FROM access_tokens
      WHERE value = $1 AND (expires_at IS NULL OR expires_at > now())`,
    [hashToken(token)],
  );
  const row = rows[0];
  if (!row) return null;
  const found = await person(db, row.person_id);
  if (!found) return null;
  await db.query(
    `UPDATE access_tokens SET expires_at = now() + interval '${RENEW_EXTENSION}'
      WHERE id = $1 AND auto_renew AND expires_at < now() + interval '${RENEW_WINDOW}'`,
    [row.id],
  );
  let denied: TokenScope['denied'] = [];
  if (found.type === TOKEN_PERSON_TYPE) {
    const { rows: owners } = await db.query(
      `SELECT 1 FROM casbin_rule c JOIN people p ON p.id::text = c.v1 AND p.deleted_at IS NULL
        WHERE c.ptype = 'g' AND c.v0 = $1 LIMIT 1`,
      [found.id],
    );
    if (owners.length === 0) return null;
    const { rows: rules } = await db.query<{ object: ScopeObject; action: ScopeAction }>(
      `SELECT v1 AS object, v2 AS action FROM casbin_rule
        WHERE ptype = 'p' AND v0 = $1 AND v3 = 'deny' ORDER BY id`,
      [found.id],
    );
    denied = rules;
  }
  return {
    ...describe(found),
    roles: await rolesOfSubject(db, found.id),
    via: 'token',
    scope: { tokenId: row.id, denied },
  };
}

/** Callers already resolved for a request (by its raw request), when a hook kept them. */
const kept = new WeakMap<object, Caller>();

/**
 * Keeps the caller of a request, so the request's handlers do not resolve it again (the scope
 * impersonation hook resolves it before them).
 */
export function keepCaller(request: FastifyRequest, caller: Caller): void {
  kept.set(request.raw, caller);
}

/** The header by which an in-process request acts as a caller lent to it (`lendCaller`). */
export const LENT_CALLER_HEADER = 'x-demo-lent-caller';

const lent = new Map<string, Caller>();

/**
 * Lends `caller` to in-process requests (`app.inject`) until `release`: a request whose
 * `LENT_CALLER_HEADER` holds the key acts as that caller. The MCP endpoint lends its tools the
 * token's owner (upstream's MCP acts as the person who created the token). The key is 256
 * random bits, known only to the lender and forgotten on release.
 */
export function lendCaller(caller: Caller): { headers: Record<string, string>; release(): void } {
  const key = randomBytes(32).toString('hex');
  lent.set(key, caller);
  return { headers: { [LENT_CALLER_HEADER]: key }, release: () => void lent.delete(key) };
}

/** Resolves the session cookie or API token of a request to a person with roles, or null. */
export async function resolveCaller(
  db: SqlClient,
  request: FastifyRequest,
): Promise<Caller | null> {
  const lentKey = request.headers[LENT_CALLER_HEADER];
  if (lentKey !== undefined) return (typeof lentKey === 'string' && lent.get(lentKey)) || null;
  const known = kept.get(request.raw);
  if (known) return known;
  const token = tokenFromHeader(request.headers.authorization);
  if (token) return callerOfToken(db, token);
  const session = await resolveSession(db, request.headers.cookie);
  if (!session) return null;
  const found = await person(db, session.personId);
  if (!found) return null;
  const roles = await rolesOfSubject(db, found.id);
  return {
    ...describe(found),
    roles: roles.length > 0 ? roles : [session.role],
    via: 'session',
  };
}

function describe(row: PersonRow): Omit<Caller, 'roles' | 'via' | 'scope'> {
  return { personId: row.id, name: row.name ?? '', email: row.email ?? '', avatar: row.avatar };
}
