import { createHash } from 'node:crypto';
import type { Endpoints } from './config';
import type { FlowRecord } from './store/flows';
import type { IdentityRecord } from './store/identities';
import type { SessionRecord } from './store/sessions';
import { SCHEMA_ID } from './traits';

/** A stable UUID derived from a seed (for address ids, which the stand-in does not store). */
export function derivedUuid(seed: string): string {
  const hex = createHash('sha1').update(seed).digest('hex');
  const variant = ((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

export function schemaUrl(endpoints: Endpoints): string {
  return `${endpoints.publicBase}/schemas/${Buffer.from(SCHEMA_ID).toString('base64url')}`;
}

export function identityJson(
  identity: IdentityRecord,
  endpoints: Endpoints,
): Record<string, unknown> {
  const created = identity.createdAt.toISOString();
  const updated = identity.updatedAt.toISOString();
  const email = identity.traits.email;
  const verifiable: Record<string, unknown> = {
    id: derivedUuid(`${identity.id}:verifiable:${email.toLowerCase()}`),
    value: email,
    verified: identity.verified,
    via: 'email',
    status: identity.verified ? 'completed' : 'sent',
    created_at: created,
    updated_at: updated,
  };
  if (identity.verified && identity.verifiedAt)
    verifiable.verified_at = identity.verifiedAt.toISOString();
  return {
    id: identity.id,
    schema_id: SCHEMA_ID,
    schema_url: schemaUrl(endpoints),
    state: 'active',
    state_changed_at: created,
    traits: identity.traits,
    verifiable_addresses: [verifiable],
    recovery_addresses: [
      {
        id: derivedUuid(`${identity.id}:recovery:${email.toLowerCase()}`),
        value: email,
        via: 'email',
        created_at: created,
        updated_at: updated,
      },
    ],
    metadata_public: null,
    created_at: created,
    updated_at: updated,
  };
}

export function sessionJson(
  session: SessionRecord,
  identity: IdentityRecord,
  endpoints: Endpoints,
  now: Date,
): Record<string, unknown> {
  return {
    id: session.id,
    active: session.active && session.expiresAt > now,
    expires_at: session.expiresAt.toISOString(),
    authenticated_at: session.authenticatedAt.toISOString(),
    authenticator_assurance_level: session.aal,
    authentication_methods: session.methods,
    issued_at: session.issuedAt.toISOString(),
    identity: identityJson(identity, endpoints),
    devices: [
      {
        id: derivedUuid(`${session.id}:device`),
        ip_address: session.ipAddress ?? '',
        user_agent: session.userAgent ?? '',
        location: '',
      },
    ],
  };
}

/** The flow object of kratos.md §2.1. */
export function flowJson(
  flow: FlowRecord,
  endpoints: Endpoints,
  identity: IdentityRecord | null,
): Record<string, unknown> {
  const json: Record<string, unknown> = {
    id: flow.id,
    type: 'browser',
    expires_at: flow.expiresAt.toISOString(),
    issued_at: flow.issuedAt.toISOString(),
    request_url: flow.requestUrl,
  };
  if (flow.returnTo) json.return_to = flow.returnTo;
  if (flow.active) json.active = flow.active;
  json.ui = flow.ui;
  json.state = flow.state;
  if (flow.kind === 'login') {
    json.refresh = flow.refresh;
    json.requested_aal = flow.aal;
    json.created_at = flow.createdAt.toISOString();
    json.updated_at = flow.updatedAt.toISOString();
  }
  if (flow.kind === 'settings' && identity) json.identity = identityJson(identity, endpoints);
  return json;
}
