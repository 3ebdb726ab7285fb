/**
 * Database reads shared by the playbook endpoints and the executor: playbooks, the resource a
 * run targets, and who may run or approve a playbook (spec 002 §6.2).
 */
import type { SqlClient } from '../db/types';
import type { Caller } from '../auth/caller';
import type { PlaybookResource, ResourceKind } from './spec';
import { decidePlaybookAccess, principalOfCaller } from './access';

export interface PlaybookRow {
  id: string;
  namespace: string;
  name: string;
  title: string;
  icon: string | null;
  description: string | null;
  source: string;
  category: string;
  created_at: unknown;
  spec: Record<string, unknown>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** One playbook that is not deleted, or null. */
export async function findPlaybook(db: SqlClient, id: string): Promise<PlaybookRow | null> {
  if (!isUuid(id)) return null;
  const { rows } = await db.query<PlaybookRow>(
    `SELECT id, namespace, name, title, icon, description, source::text AS source, category,
            created_at, spec
       FROM playbooks WHERE id = $1 AND deleted_at IS NULL`,
    [id],
  );
  return rows[0] ?? null;
}

export async function allPlaybooks(db: SqlClient): Promise<PlaybookRow[]> {
  const { rows } = await db.query<PlaybookRow>(
    `SELECT id, namespace, name, title, icon, description, source::text AS source, category,
            created_at, spec
       FROM playbooks WHERE deleted_at IS NULL ORDER BY title, name, id`,
  );
  return rows;
}

const RESOURCE_SQL: Record<ResourceKind, string> = {
  config: `SELECT id, name, type, COALESCE(tags, '{}'::jsonb) AS tags
             FROM config_items WHERE id = $1 AND deleted_at IS NULL`,
  component: `SELECT id, name, type, '{}'::jsonb AS tags
                FROM components WHERE id = $1 AND deleted_at IS NULL`,
  check: `SELECT id, name, type, COALESCE(labels, '{}'::jsonb) AS tags
            FROM checks WHERE id = $1 AND deleted_at IS NULL`,
};

/** The resource of a kind by id, or null when it does not exist. */
export async function findResource(
  db: SqlClient,
  kind: ResourceKind,
  id: string,
): Promise<PlaybookResource | null> {
  if (!isUuid(id)) return null;
  const { rows } = await db.query<{
    id: string;
    name: string;
    type: string | null;
    tags: Record<string, unknown> | null;
  }>(RESOURCE_SQL[kind], [id]);
  const row = rows[0];
  return row ? { kind, id: row.id, name: row.name, type: row.type, tags: row.tags ?? {} } : null;
}

/**
 * Whether the caller may run the playbook (on `resource`, or on nothing): the decision of
 * `decidePlaybookAccess`, which the access review reports with its rules.
 */
export async function mayRun(
  db: SqlClient,
  caller: Caller,
  playbookId: string,
  resource: PlaybookResource | null = null,
): Promise<boolean> {
  const playbook = await findPlaybook(db, playbookId);
  if (!playbook) return false;
  const principal = await principalOfCaller(db, caller);
  const decision = await decidePlaybookAccess(
    db,
    principal,
    { ...playbook, spec: playbook.spec },
    'playbook:run',
    resource,
  );
  return decision.allowed;
}

/**
 * Whether the caller approves a run of the spec (the run's snapshot): `decidePlaybookAccess`
 * for `playbook:approve`, with the team through which the spec's approvers let it approve.
 */
export async function mayApprove(
  db: SqlClient,
  caller: Caller,
  playbookId: string,
  spec: Record<string, unknown>,
): Promise<{ ok: boolean; teamId: string | null }> {
  const { rows } = await db.query<{ name: string; namespace: string | null }>(
    'SELECT name, namespace FROM playbooks WHERE id = $1',
    [playbookId],
  );
  const playbook = rows[0];
  if (!playbook) return { ok: false, teamId: null };
  const principal = await principalOfCaller(db, caller);
  const decision = await decidePlaybookAccess(
    db,
    principal,
    { id: playbookId, name: playbook.name, namespace: playbook.namespace, spec },
    'playbook:approve',
    null,
  );
  return { ok: decision.allowed, teamId: decision.teamId };
}
