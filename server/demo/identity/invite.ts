import { randomUUID } from 'node:crypto';
import type { SqlClient } from '../db/types';
import { stripTrailingSlash } from './config';
import { buildCodeFlowUi } from './flows/codeFlow';
import { RECOVERY } from './flows/recovery';
import { hashEmailCode, newEmailCode } from './mailer';
import { checkPasswordPolicy, hashPassword } from './password';
import type { FlowRecord } from './store/flows';
import { insertFlow } from './store/flows';
import { DEFAULT_ROLE, insertIdentity } from './store/identities';
import { validateTraits } from './traits';

export interface NewIdentity {
  email: string;
  firstName?: string;
  lastName?: string;
  /** Default `viewer`. */
  role?: string;
  /** When absent the person sets one after following the recovery link. */
  password?: string;
}

export interface CreateIdentityOptions {
  /** Public base URL of the identity service (default `http://127.0.0.1:3000/api/.ory`). */
  publicBaseUrl?: string;
  /** How long the recovery link and code stay valid (default 24 hours). */
  expiresInMs?: number;
  now?: () => Date;
  log?: (line: string) => void;
  minPasswordLength?: number;
}

export interface CreatedIdentity {
  identity: {
    id: string;
    personId: string;
    email: string;
    role: string;
    traits: { email: string; name: { first: string; last: string } };
  };
  /** Opening it in a browser leads to the recovery page, where `recoveryCode` signs the person in. */
  recoveryLink: string;
  recoveryCode: string;
  expiresAt: string;
}

/** Rejected input of `createIdentity` (invalid email, weak password). */
export class InvalidIdentityError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidIdentityError';
  }
}

/**
 * Creates an identity with its person (for invitations) and a recovery flow that the invitee
 * completes with the returned code. Throws `DuplicateIdentityError` when the email is taken.
 */
export async function createIdentity(
  db: SqlClient,
  input: NewIdentity,
  options: CreateIdentityOptions = {},
): Promise<CreatedIdentity> {
  const now = options.now?.() ?? new Date();
  const check = validateTraits({
    email: input.email,
    name: { first: input.firstName ?? '', last: input.lastName ?? '' },
  });
  if (!check.traits) {
    const first = Object.values(check.errors)[0]?.[0];
    throw new InvalidIdentityError(first?.text ?? 'invalid traits');
  }
  if (input.password) {
    const policy = checkPasswordPolicy(
      input.password,
      check.traits.email,
      options.minPasswordLength ?? 8,
    );
    if (policy) throw new InvalidIdentityError(policy.text);
  }
  const identity = await insertIdentity(db, {
    traits: check.traits,
    passwordHash: input.password ? hashPassword(input.password) : null,
    role: input.role ?? DEFAULT_ROLE,
    verified: false,
    now,
  });

  const publicBase = stripTrailingSlash(options.publicBaseUrl ?? 'http://127.0.0.1:3000/api/.ory');
  const code = newEmailCode();
  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + (options.expiresInMs ?? 24 * 60 * 60 * 1000));
  const flow: FlowRecord = {
    id,
    kind: 'recovery',
    state: 'sent_email',
    csrfToken: '',
    identityId: identity.id,
    requestUrl: `${publicBase}/self-service/recovery/browser`,
    returnTo: null,
    issuedAt: now,
    expiresAt,
    ui: { action: `${publicBase}/self-service/recovery?flow=${id}`, method: 'POST', nodes: [] },
    aal: 'aal1',
    refresh: false,
    internal: {
      skipCsrf: true,
      code: {
        hash: hashEmailCode(code),
        email: identity.traits.email,
        identityId: identity.id,
        attempts: 0,
      },
    },
    active: 'code',
    createdAt: now,
    updatedAt: now,
  };
  buildCodeFlowUi(flow, RECOVERY);
  await insertFlow(db, flow);
  options.log?.(
    `[identity] created ${identity.traits.email} (${identity.role ?? DEFAULT_ROLE}); recovery code ${code}`,
  );
  return {
    identity: {
      id: identity.id,
      personId: identity.personId,
      email: identity.traits.email,
      role: identity.role ?? DEFAULT_ROLE,
      traits: identity.traits,
    },
    recoveryLink: `${publicBase}/self-service/recovery?flow=${id}`,
    recoveryCode: code,
    expiresAt: expiresAt.toISOString(),
  };
}
