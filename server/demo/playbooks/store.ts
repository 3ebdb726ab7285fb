/**
 * Database reads shared by the playbook endpoints and the executor: playbooks, the resource a
 * run targets, and who may run or approve a playbook (spec 002 §6.2).
 */
import type { SqlClient } from '../db/types';
import type { Caller } from '../auth/caller';
import { rolesAllow } from '../auth/rbac';
import { scopeAllows } from '../auth/access';
import type { PlaybookResource, ResourceKind } from './spec';
import { specApprovers } from './spec';

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

/** Ids of the teams the person belongs to. */
async function teamsOf(db: SqlClient, personId: string): Promise<string[]> {
  const { rows } = await db.query<{ team_id: string }>(
    'SELECT team_id FROM team_members WHERE person_id = $1',
    [personId],
  );
  return rows.map((row) => row.team_id);
}

/**
 * The permission rows (spec 002 §6.2) on a playbook for the caller, as grant/deny: subjects are
 * the person, its teams or its roles; actions `playbook:<action>`, `playbook:*` or `*`.
 */
async function permissionOf(
  db: SqlClient,
  caller: Caller,
  playbookId: string,
  action: 'playbook:run' | 'playbook:approve',
): Promise<'grant' | 'deny' | null> {
  const teams = await teamsOf(db, caller.personId);
  const { rows } = await db.query<{ deny: boolean }>(
    `SELECT deny FROM permissions
      WHERE deleted_at IS NULL
        AND (until IS NULL OR until > now())
        AND (playbook_id = $1 OR (playbook_id IS NULL AND object = 'playbooks'))
        AND (action = $2 OR action = 'playbook:*' OR action = '*'
             OR ($2 = 'playbook:run' AND action = 'playbook:approve'))
        AND ((subject_type = 'person' AND subject = $3)
             OR (subject_type = 'team' AND subject = ANY($4::text[]))
             OR (subject_type IN ('role', 'group') AND subject = ANY($5::text[])))`,
    [playbookId, action, caller.personId, teams, caller.roles],
  );
  if (rows.some((row) => row.deny)) return 'deny';
  return rows.length > 0 ? 'grant' : null;
}

/**
 * Whether the caller may run the playbook: a token scope must leave `playbook:run` to it; then a
 * deny permission refuses, a role that writes `playbook_runs` or a run/approve/`*` permission
 * on the playbook allows.
 */
export async function mayRun(db: SqlClient, caller: Caller, playbookId: string): Promise<boolean> {
  if (!scopeAllows(caller, 'playbooks', 'playbook:run')) return false;
  const permission = await permissionOf(db, caller, playbookId, 'playbook:run');
  if (permission === 'deny') return false;
  return permission === 'grant' || rolesAllow(caller.roles, 'playbook_runs', 'write');
}

/**
 * Whether the caller approves a run of the spec: when the spec names approvers (people by email,
 * id or name; teams by name or id) only they do; otherwise a role that writes `playbook_runs` or
 * an approve permission on the playbook.
 */
export async function mayApprove(
  db: SqlClient,
  caller: Caller,
  playbookId: string,
  spec: Record<string, unknown>,
): Promise<{ ok: boolean; teamId: string | null }> {
  if (!scopeAllows(caller, 'playbooks', 'playbook:approve')) return { ok: false, teamId: null };
  const approvers = specApprovers(spec);
  if (approvers.people.length > 0 || approvers.teams.length > 0) {
    const self = [caller.personId, caller.email, caller.name].map((v) => v.toLowerCase());
    if (approvers.people.some((person) => self.includes(person.toLowerCase()))) {
      return { ok: true, teamId: null };
    }
    const { rows } = await db.query<{ id: string }>(
      `SELECT t.id FROM teams t JOIN team_members m ON m.team_id = t.id
        WHERE m.person_id = $1 AND t.deleted_at IS NULL
          AND (t.name = ANY($2::text[]) OR t.id::text = ANY($2::text[]))
        ORDER BY t.name LIMIT 1`,
      [caller.personId, approvers.teams],
    );
    return { ok: rows.length > 0, teamId: rows[0]?.id ?? null };
  }
  const permission = await permissionOf(db, caller, playbookId, 'playbook:approve');
  if (permission === 'deny') return { ok: false, teamId: null };
  return {
    ok: permission === 'grant' || rolesAllow(caller.roles, 'playbook_runs', 'write'),
    teamId: null,
  };
}
