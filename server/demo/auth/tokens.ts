import { randomBytes } from 'node:crypto';
import type { SqlClient } from '../db/types';
import { TOKEN_PERSON_TYPE, hashToken, rolesOfSubject } from './caller';
import { rolesAllow } from './rbac';
import {
  ALL_SCOPE_PERMISSIONS,
  SCOPE_OBJECT_RESOURCES,
  deniedByScope,
  type ScopeAction,
  type ScopeObject,
  type ScopePermission,
} from './tokenScope';

/**
 * API tokens as Mission Control models them (api.md AUTH-09 … AUTH-13):
 * - each token acts as a person of its own (`people.type = 'access_token'`, named
 *   "<owner> (Token)", email `<local>+token:<name>@<domain>`);
 * - a `g` rule of `casbin_rule` (token person → owner) makes it inherit the owner's roles;
 * - its scope is kept as `p` rules of `casbin_rule` whose subject (`v0`) is the token person:
 *   `(p, <token person>, <object>, <action>, deny)` for every scope permission left out, so an
 *   empty scope keeps all of the owner's rights;
 * - `access_tokens` holds only the SHA-256 of the secret, with `created_by` = the owner.
 */

/** A fresh secret, shown once. */
export function newTokenSecret(): string {
  return `mc_${randomBytes(32).toString('base64url')}`;
}

export class TokenNameTakenError extends Error {
  constructor(name: string) {
    super(`a token named "${name}" exists already`);
    this.name = 'TokenNameTakenError';
  }
}

export interface TokenOwner {
  personId: string;
  name: string;
  email: string;
}

export interface NewToken {
  name: string;
  /** Null: never expires. */
  expiresInMs: number | null;
  autoRenew: boolean;
  scope: readonly ScopePermission[];
}

export interface CreatedToken {
  id: string;
  personId: string;
  secret: string;
}

/**
 * The address of a token's person: the owner's with `+token:<name>` after the local part (the
 * name reduced to letters, digits, `.`, `_` and `-`).
 */
export function tokenPersonEmail(ownerEmail: string, tokenName: string): string {
  const at = ownerEmail.lastIndexOf('@');
  const slug = tokenName.replace(/[^A-Za-z0-9._-]+/g, '-');
  return `${ownerEmail.slice(0, at)}+token:${slug}@${ownerEmail.slice(at + 1)}`;
}

async function emailTaken(db: SqlClient, email: string): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM people WHERE lower(email) = lower($1) AND deleted_at IS NULL LIMIT 1`,
    [email],
  );
  return rows.length > 0;
}

/** Creates the token's person, role link, deny rules and hashed token in one transaction. */
export async function createToken(
  db: SqlClient,
  owner: TokenOwner,
  input: NewToken,
): Promise<CreatedToken> {
  const secret = newTokenSecret();
  return db.transaction(async (tx) => {
    const { rows: taken } = await tx.query(
      `SELECT 1 FROM access_tokens t JOIN people p ON p.id = t.person_id AND p.deleted_at IS NULL
        WHERE t.created_by = $1 AND t.name = $2 LIMIT 1`,
      [owner.personId, input.name],
    );
    if (taken.length > 0) throw new TokenNameTakenError(input.name);
    let email = tokenPersonEmail(owner.email, input.name);
    if (await emailTaken(tx, email)) {
      email = tokenPersonEmail(owner.email, `${input.name}.${randomBytes(3).toString('hex')}`);
    }
    const { rows: people } = await tx.query<{ id: string }>(
      `INSERT INTO people (name, email, type, created_at, updated_at)
       VALUES ($1, $2, $3, now(), now()) RETURNING id`,
      [`${owner.name} (Token)`, email, TOKEN_PERSON_TYPE],
    );
    const personId = (people[0] as { id: string }).id;
    await tx.query(`INSERT INTO casbin_rule (ptype, v0, v1) VALUES ('g', $1, $2)`, [
      personId,
      owner.personId,
    ]);
    for (const rule of deniedByScope(input.scope)) {
      await tx.query(
        `INSERT INTO casbin_rule (ptype, v0, v1, v2, v3) VALUES ('p', $1, $2, $3, 'deny')`,
        [personId, rule.object, rule.action],
      );
    }
    const expiresAt =
      input.expiresInMs === null ? null : new Date(Date.now() + input.expiresInMs).toISOString();
    const { rows: tokens } = await tx.query<{ id: string }>(
      `INSERT INTO access_tokens (name, person_id, value, auto_renew, created_at, created_by, expires_at)
       VALUES ($1, $2, $3, $4, now(), $5, $6) RETURNING id`,
      [input.name, personId, hashToken(secret), input.autoRenew, owner.personId, expiresAt],
    );
    return { id: (tokens[0] as { id: string }).id, personId, secret };
  });
}

/** A token as `GET /auth/tokens` lists it (api.md AUTH-10). */
export interface TokenListing {
  id: string;
  name: string;
  person_id: string;
  created_at: Date;
  auto_renew: boolean;
  expires_at: Date | null;
  created_by: string | null;
  person: { id: string; name: string; email: string | null; avatar: string | null };
}

/** Every token (`all`), or those the person created or that act as the person; newest first. */
export async function listTokens(
  db: SqlClient,
  viewer: { personId: string; all: boolean },
): Promise<TokenListing[]> {
  const { rows } = await db.query<TokenListing>(
    `SELECT t.id, t.name, t.person_id, t.created_at, t.auto_renew, t.expires_at, t.created_by,
            jsonb_build_object('id', p.id, 'name', p.name, 'email', p.email, 'avatar', p.avatar) AS person
       FROM access_tokens t
       JOIN people p ON p.id = t.person_id AND p.deleted_at IS NULL
      WHERE $1::boolean OR t.created_by = $2::uuid OR t.person_id = $2::uuid
      ORDER BY t.created_at DESC, t.name`,
    [viewer.all, viewer.personId],
  );
  return rows;
}

export interface TokenRecord {
  id: string;
  name: string;
  personId: string;
  personType: string | null;
  createdBy: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findToken(db: SqlClient, id: string): Promise<TokenRecord | null> {
  if (!UUID.test(id)) return null;
  const { rows } = await db.query<{
    id: string;
    name: string;
    person_id: string;
    type: string | null;
    created_by: string | null;
  }>(
    `SELECT t.id, t.name, t.person_id, p.type, t.created_by
       FROM access_tokens t JOIN people p ON p.id = t.person_id WHERE t.id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    personId: row.person_id,
    personType: row.type,
    createdBy: row.created_by,
  };
}

/** Deletes the token; a token person is soft-deleted and loses its rules, as upstream does. */
export async function deleteToken(db: SqlClient, token: TokenRecord): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`DELETE FROM access_tokens WHERE id = $1`, [token.id]);
    if (token.personType !== TOKEN_PERSON_TYPE) return;
    await tx.query(`DELETE FROM casbin_rule WHERE v0 = $1 AND ptype IN ('g', 'p')`, [
      token.personId,
    ]);
    await tx.query(`UPDATE people SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL`, [
      token.personId,
    ]);
  });
}

/** One entry of `GET /rbac/token/{id}/permissions` (api.md AUTH-13). */
export interface TokenPermission {
  subject: string;
  object: ScopeObject;
  action: ScopeAction;
  deny: boolean;
}

/**
 * What the token can do over the scope vocabulary: an entry is allowed when the token's scope
 * keeps it and the owner's roles allow it on the resource group the object covers.
 */
export async function effectivePermissions(
  db: SqlClient,
  token: TokenRecord,
): Promise<TokenPermission[]> {
  const roles = await rolesOfSubject(db, token.personId);
  const { rows: denied } =
    token.personType === TOKEN_PERSON_TYPE
      ? await db.query<{ object: string; action: string }>(
          `SELECT v1 AS object, v2 AS action FROM casbin_rule
            WHERE ptype = 'p' AND v0 = $1 AND v3 = 'deny'`,
          [token.personId],
        )
      : { rows: [] };
  return ALL_SCOPE_PERMISSIONS.map(({ object, action }) => {
    const inScope = !denied.some(
      (rule) => rule.object === object && (rule.action === action || rule.action === '*'),
    );
    const resource = action.startsWith('playbook:')
      ? 'playbook_runs'
      : SCOPE_OBJECT_RESOURCES[object][0];
    const byRoles =
      resource === undefined
        ? roles.length > 0
        : rolesAllow(roles, resource, action === 'read' ? 'read' : 'write');
    return { subject: token.personId, object, action, deny: !(inScope && byRoles) };
  });
}
