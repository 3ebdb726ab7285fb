import { randomUUID } from 'node:crypto';
import { ROLES } from '../../../../contracts/access';
import type { SqlClient } from '../../db/types';
import type { LookupSecret } from '../lookup';
import { hasUnusedLookupSecret } from '../lookup';
import { displayName } from '../traits';
import type { Traits } from '../traits';
import { toDate, toDateOrNull, toJson } from './values';

export interface IdentityRecord {
  id: string;
  personId: string;
  traits: Traits;
  passwordHash: string | null;
  totpSecret: string | null;
  lookupSecrets: LookupSecret[] | null;
  verified: boolean;
  verifiedAt: Date | null;
  /** The role stored with the identity; null when roles live only in the RBAC tables. */
  role: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export const DEFAULT_ROLE = 'viewer';

export class DuplicateIdentityError extends Error {
  constructor(email: string) {
    super(`An identity with the email ${email} exists already.`);
    this.name = 'DuplicateIdentityError';
  }
}

function normaliseTraits(raw: unknown): Traits {
  const traits = toJson<Record<string, unknown>>(raw, {});
  const name = (traits.name && typeof traits.name === 'object' ? traits.name : {}) as Record<
    string,
    unknown
  >;
  return {
    email: typeof traits.email === 'string' ? traits.email : '',
    name: {
      first: typeof name.first === 'string' ? name.first : '',
      last: typeof name.last === 'string' ? name.last : '',
    },
  };
}

export function identityFromRow(row: Record<string, unknown>): IdentityRecord {
  return {
    id: String(row.id),
    personId: String(row.person_id ?? row.id),
    traits: normaliseTraits(row.traits),
    passwordHash: (row.password_hash as string | null) ?? null,
    totpSecret: (row.totp_secret as string | null) ?? null,
    lookupSecrets: toJson<LookupSecret[] | null>(row.lookup_secrets, null),
    verified: Boolean(row.verified),
    verifiedAt: toDateOrNull(row.verified_at),
    role: (row.role as string | null) ?? null,
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  };
}

/**
 * Identities whose person was soft-deleted, or whose state is `inactive`, cannot sign in (the
 * state column is optional in the minimal identity schema, hence the JSON lookup).
 */
const SELECT = `SELECT i.* FROM demo_identities i LEFT JOIN people p ON p.id = i.person_id
  WHERE (p.id IS NULL OR p.deleted_at IS NULL)
    AND coalesce(to_jsonb(i) ->> 'state', 'active') = 'active'`;

export async function findIdentityById(db: SqlClient, id: string): Promise<IdentityRecord | null> {
  const { rows } = await db.query(`${SELECT} AND i.id = $1`, [id]);
  return rows[0] ? identityFromRow(rows[0]) : null;
}

export async function findIdentityByEmail(
  db: SqlClient,
  email: string,
): Promise<IdentityRecord | null> {
  const { rows } = await db.query(
    `${SELECT} AND lower(i.traits->>'email') = lower($1) ORDER BY i.created_at LIMIT 1`,
    [email.trim()],
  );
  return rows[0] ? identityFromRow(rows[0]) : null;
}

async function emailTaken(db: SqlClient, email: string, exceptId: string | null): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM demo_identities WHERE lower(traits->>'email') = lower($1) AND ($2::uuid IS NULL OR id <> $2::uuid) LIMIT 1`,
    [email.trim(), exceptId],
  );
  return rows.length > 0;
}

/** The highest assurance level the identity can reach: aal2 once a second factor is set up. */
export function availableAal(identity: IdentityRecord): 'aal1' | 'aal2' {
  return identity.totpSecret || hasUnusedLookupSecret(identity.lookupSecrets) ? 'aal2' : 'aal1';
}

export interface NewIdentityRecord {
  traits: Traits;
  passwordHash: string | null;
  role: string;
  verified: boolean;
  now: Date;
}

/**
 * Creates the identity and its `people` row (same id). A person with the same email that has
 * no identity yet is linked instead of duplicated.
 */
export async function insertIdentity(
  db: SqlClient,
  input: NewIdentityRecord,
): Promise<IdentityRecord> {
  return db.transaction(async (tx) => {
    if (await emailTaken(tx, input.traits.email, null))
      throw new DuplicateIdentityError(input.traits.email);
    const now = input.now.toISOString();
    const name = displayName(input.traits);
    const { rows: people } = await tx.query<{ id: string }>(
      `SELECT p.id FROM people p WHERE lower(p.email) = lower($1) AND p.deleted_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM demo_identities i WHERE i.person_id = p.id OR i.id = p.id)
       ORDER BY p.created_at LIMIT 1`,
      [input.traits.email],
    );
    let personId = people[0]?.id;
    if (personId) {
      await tx.query(`UPDATE people SET name = $2, email = $3, updated_at = $4 WHERE id = $1`, [
        personId,
        name,
        input.traits.email,
        now,
      ]);
    } else {
      personId = randomUUID();
      await tx.query(
        `INSERT INTO people (id, name, email, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)`,
        [personId, name, input.traits.email, now],
      );
    }
    const { rows } = await tx.query(
      `INSERT INTO demo_identities (id, person_id, traits, password_hash, totp_secret, lookup_secrets, verified,
         verified_at, role, created_at, updated_at)
       VALUES ($1, $1, $2::jsonb, $3, NULL, NULL, $4, $5, $6, $7, $7) RETURNING *`,
      [
        personId,
        JSON.stringify(input.traits),
        input.passwordHash,
        input.verified,
        input.verified ? now : null,
        input.role,
        now,
      ],
    );
    return identityFromRow(rows[0] as Record<string, unknown>);
  });
}

/** Saves new traits and mirrors name and email onto the person; a new email is unverified. */
export async function updateTraits(
  db: SqlClient,
  identity: IdentityRecord,
  traits: Traits,
  now: Date,
): Promise<void> {
  if (await emailTaken(db, traits.email, identity.id))
    throw new DuplicateIdentityError(traits.email);
  const emailChanged = traits.email.toLowerCase() !== identity.traits.email.toLowerCase();
  await db.transaction(async (tx) => {
    await tx.query(
      `UPDATE demo_identities SET traits = $2::jsonb, updated_at = $3,
         verified = CASE WHEN $4 THEN false ELSE verified END,
         verified_at = CASE WHEN $4 THEN NULL ELSE verified_at END
       WHERE id = $1`,
      [identity.id, JSON.stringify(traits), now.toISOString(), emailChanged],
    );
    await tx.query(`UPDATE people SET name = $2, email = $3, updated_at = $4 WHERE id = $1`, [
      identity.personId,
      displayName(traits),
      traits.email,
      now.toISOString(),
    ]);
  });
}

export async function setPasswordHash(
  db: SqlClient,
  id: string,
  hash: string,
  now: Date,
): Promise<void> {
  await db.query(`UPDATE demo_identities SET password_hash = $2, updated_at = $3 WHERE id = $1`, [
    id,
    hash,
    now.toISOString(),
  ]);
}

export async function setTotpSecret(
  db: SqlClient,
  id: string,
  secret: string | null,
  now: Date,
): Promise<void> {
  await db.query(`UPDATE demo_identities SET totp_secret = $2, updated_at = $3 WHERE id = $1`, [
    id,
    secret,
    now.toISOString(),
  ]);
}

export async function setLookupSecrets(
  db: SqlClient,
  id: string,
  secrets: LookupSecret[] | null,
  now: Date,
): Promise<void> {
  await db.query(
    `UPDATE demo_identities SET lookup_secrets = $2::jsonb, updated_at = $3 WHERE id = $1`,
    [id, secrets === null ? null : JSON.stringify(secrets), now.toISOString()],
  );
}

export async function markVerified(db: SqlClient, id: string, now: Date): Promise<void> {
  await db.query(
    `UPDATE demo_identities SET verified = true, verified_at = COALESCE(verified_at, $2), updated_at = $2 WHERE id = $1`,
    [id, now.toISOString()],
  );
}

/**
 * The identity's role: the stored one, else the most privileged role granted to its person in
 * `casbin_rule` (when that table exists; `ROLES` orders them), else `viewer`.
 */
export async function roleOf(db: SqlClient, identity: IdentityRecord): Promise<string> {
  if (identity.role) return identity.role;
  try {
    const { rows: present } = await db.query<{ ok: boolean }>(
      `SELECT to_regclass('casbin_rule') IS NOT NULL AS ok`,
    );
    if (present[0]?.ok) {
      const { rows } = await db.query<{ role: string }>(
        `SELECT v1 AS role FROM casbin_rule WHERE ptype = 'g' AND v0 = $1`,
        [identity.personId],
      );
      const order: readonly string[] = ROLES;
      const granted = rows.map((row) => row.role).filter((role) => order.includes(role));
      granted.sort((a, b) => order.indexOf(a) - order.indexOf(b));
      if (granted[0]) return granted[0];
    }
  } catch {
    // A schema without the RBAC table (or with another shape) leaves the default.
  }
  return DEFAULT_ROLE;
}
