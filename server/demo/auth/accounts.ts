import type { SqlClient } from '../db/types';
import { createIdentity, DuplicateIdentityError } from '../identity';
import { storeMessage } from '../identity/store/courier';
import { identityFromRow, updateTraits } from '../identity/store/identities';
import type { Traits } from '../identity/traits';
import { ROLES, type Role } from './rbac';

/**
 * Administration of people who sign in (api.md AUTH-14 … AUTH-17): the identity-service side
 * (identities, their state and sessions) and the role side (`g` rules of `casbin_rule`).
 */

/** A person with an identity. */
export interface Account {
  identityId: string;
  personId: string;
  traits: Traits;
  state: 'active' | 'inactive';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The account of a (non-deleted) person, by identity or person id. */
export async function findAccount(db: SqlClient, id: string): Promise<Account | null> {
  if (!UUID.test(id)) return null;
  const { rows } = await db.query(
    `SELECT i.* FROM demo_identities i JOIN people p ON p.id = i.person_id AND p.deleted_at IS NULL
      WHERE i.id = $1 OR i.person_id = $1 LIMIT 1`,
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  const identity = identityFromRow(row);
  return {
    identityId: identity.id,
    personId: identity.personId,
    traits: identity.traits,
    state: row.state === 'inactive' ? 'inactive' : 'active',
  };
}

/**
 * Replaces the person's roles (the `g` rules naming a role; team links stay) and keeps the
 * identity's stored role, which sessions report, at the most privileged of them.
 */
export async function setRoles(db: SqlClient, personId: string, roles: Role[]): Promise<void> {
  const unique = ROLES.filter((role) => roles.includes(role));
  await db.transaction(async (tx) => {
    await tx.query(`DELETE FROM casbin_rule WHERE ptype = 'g' AND v0 = $1 AND v1 = ANY($2)`, [
      personId,
      [...ROLES],
    ]);
    for (const role of unique) {
      await tx.query(`INSERT INTO casbin_rule (ptype, v0, v1) VALUES ('g', $1, $2)`, [
        personId,
        role,
      ]);
    }
    await tx.query(`UPDATE demo_identities SET role = $2 WHERE person_id = $1`, [
      personId,
      unique[0] ?? null,
    ]);
  });
}

/** Marks the identity active or inactive; deactivating ends its sessions. */
export async function setActive(db: SqlClient, account: Account, active: boolean): Promise<void> {
  const state = active ? 'active' : 'inactive';
  if (account.state === state) return;
  await db.query(
    `UPDATE demo_identities SET state = $2, state_changed_at = now(), updated_at = now() WHERE id = $1`,
    [account.identityId, state],
  );
  if (!active) {
    await db.query(`UPDATE demo_sessions SET active = false WHERE identity_id = $1`, [
      account.identityId,
    ]);
  }
}

/**
 * New traits for the identity, mirrored onto the person. Throws `DuplicateIdentityError` when
 * another identity or person has the email.
 */
export async function changeTraits(db: SqlClient, account: Account, traits: Traits): Promise<void> {
  const { rows } = await db.query(
    `SELECT 1 FROM people WHERE email = $1 AND deleted_at IS NULL AND id <> $2 LIMIT 1`,
    [traits.email, account.personId],
  );
  if (rows.length > 0) throw new DuplicateIdentityError(traits.email);
  const { rows: identities } = await db.query(`SELECT * FROM demo_identities WHERE id = $1`, [
    account.identityId,
  ]);
  const identity = identities[0];
  if (!identity) return;
  await updateTraits(db, identityFromRow(identity), traits, new Date());
}

/** Deletes the identity (its sessions and flows go with it) and soft-deletes the person. */
export async function deleteAccount(db: SqlClient, account: Account): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`DELETE FROM demo_identities WHERE id = $1`, [account.identityId]);
    await tx.query(`UPDATE people SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL`, [
      account.personId,
    ]);
  });
}

export interface Invitation {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
}

export interface SentInvitation {
  personId: string;
  /** Opens the recovery page of a flow that is waiting for `code`. */
  link: string;
  code: string;
}

/**
 * Creates the identity (without a password), its person and role, and "mails" the invitation:
 * the recovery link and the code that signs the invitee in, who then sets a password.
 * Throws `DuplicateIdentityError` or `InvalidIdentityError` from the identity service.
 */
export async function invite(
  db: SqlClient,
  input: Invitation,
  options: { publicBaseUrl: string; log: (line: string) => void },
): Promise<SentInvitation> {
  return db.transaction(async (tx) => {
    const created = await createIdentity(
      tx,
      {
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        role: input.role,
      },
      { publicBaseUrl: options.publicBaseUrl },
    );
    await setRoles(tx, created.identity.personId, [input.role]);
    const greeting = input.firstName.trim() ? `Hello ${input.firstName.trim()},` : 'Hello,';
    const body = [
      greeting,
      '',
      'You have been invited to Mission Control.',
      `Open ${created.recoveryLink} and enter the code ${created.recoveryCode} to sign in, then choose a password.`,
      `The invitation is valid until ${created.expiresAt}.`,
    ].join('\n');
    await storeMessage(tx, {
      recipient: created.identity.email,
      subject: 'User Invite',
      body,
      code: created.recoveryCode,
      now: new Date(),
    });
    options.log(
      `[mailbox] invitation for ${created.identity.email}: ${created.recoveryLink} code ${created.recoveryCode}`,
    );
    return {
      personId: created.identity.personId,
      link: created.recoveryLink,
      code: created.recoveryCode,
    };
  });
}
