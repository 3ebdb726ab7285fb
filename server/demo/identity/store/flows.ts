import type { SqlClient } from '../../db/types';
import type { LookupSecret } from '../lookup';
import type { UiContainer } from '../ui/types';
import type { Aal } from './sessions';
import { toDate, toJson } from './values';

export type FlowKind = 'login' | 'registration' | 'recovery' | 'verification' | 'settings';

export type FlowState =
  'choose_method' | 'sent_email' | 'passed_challenge' | 'show_form' | 'success';

/** Server-side data a flow carries that is never sent to the browser. */
export interface FlowInternal {
  /** A one-time code sent by email (recovery and verification). */
  code?: { hash: string; email: string; identityId: string | null; attempts: number } | null;
  /** A TOTP secret offered for linking (settings). */
  totpSecret?: string;
  /** Freshly generated backup codes waiting for confirmation (settings). */
  pendingLookupSecrets?: LookupSecret[];
  /** Flows created by the service itself (invitations) are not bound to a browser's CSRF cookie. */
  skipCsrf?: boolean;
  afterVerificationReturnTo?: string;
}

export interface FlowRecord {
  id: string;
  kind: FlowKind;
  state: FlowState;
  csrfToken: string;
  identityId: string | null;
  requestUrl: string;
  returnTo: string | null;
  issuedAt: Date;
  expiresAt: Date;
  ui: UiContainer;
  aal: Aal;
  refresh: boolean;
  internal: FlowInternal;
  active: string | null;
  createdAt: Date;
  updatedAt: Date;
}

function fromRow(row: Record<string, unknown>): FlowRecord {
  return {
    id: String(row.id),
    kind: row.type as FlowKind,
    state: row.state as FlowState,
    csrfToken: String(row.csrf_token ?? ''),
    identityId: (row.identity_id as string | null) ?? null,
    requestUrl: String(row.request_url),
    returnTo: (row.return_to as string | null) ?? null,
    issuedAt: toDate(row.issued_at),
    expiresAt: toDate(row.expires_at),
    ui: toJson<UiContainer>(row.ui, { action: '', method: 'POST', nodes: [] }),
    aal: row.aal === 'aal2' ? 'aal2' : 'aal1',
    refresh: Boolean(row.refresh),
    internal: toJson<FlowInternal>(row.internal, {}),
    active: (row.active as string | null) ?? null,
    createdAt: toDate(row.created_at ?? row.issued_at),
    updatedAt: toDate(row.updated_at ?? row.issued_at),
  };
}

export async function insertFlow(db: SqlClient, flow: FlowRecord): Promise<void> {
  await db.query(
    `INSERT INTO demo_flows (id, type, state, csrf_token, identity_id, request_url, return_to, issued_at, expires_at,
       ui, aal, refresh, internal, active, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $12, $13::jsonb, $14, $15, $16)`,
    [
      flow.id,
      flow.kind,
      flow.state,
      flow.csrfToken,
      flow.identityId,
      flow.requestUrl,
      flow.returnTo,
      flow.issuedAt.toISOString(),
      flow.expiresAt.toISOString(),
      JSON.stringify(flow.ui),
      flow.aal,
      flow.refresh,
      JSON.stringify(flow.internal),
      flow.active,
      flow.createdAt.toISOString(),
      flow.updatedAt.toISOString(),
    ],
  );
}

/** Saves state, UI, internal data and the last used method. */
export async function saveFlow(db: SqlClient, flow: FlowRecord, now: Date): Promise<void> {
  flow.updatedAt = now;
  await db.query(
    `UPDATE demo_flows SET state = $2, ui = $3::jsonb, internal = $4::jsonb, active = $5, updated_at = $6,
       identity_id = $7 WHERE id = $1`,
    [
      flow.id,
      flow.state,
      JSON.stringify(flow.ui),
      JSON.stringify(flow.internal),
      flow.active,
      now.toISOString(),
      flow.identityId,
    ],
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findFlow(
  db: SqlClient,
  kind: FlowKind,
  id: string | undefined,
): Promise<FlowRecord | null> {
  if (!id || !UUID.test(id)) return null;
  const { rows } = await db.query(`SELECT * FROM demo_flows WHERE id = $1 AND type = $2`, [
    id,
    kind,
  ]);
  return rows[0] ? fromRow(rows[0]) : null;
}
