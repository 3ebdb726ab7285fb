/**
 * Who may run or approve a playbook (spec 002 §6.2), decided once with the rules behind the
 * decision: the playbook endpoints enforce it (`mayRun`, `mayApprove` in `store.ts`) and the
 * access review (`POST /api/rbac/subject-access-reviews`) reports it, so the two never disagree.
 */
import type { SqlClient } from '../db/types';
import type { Caller } from '../auth/caller';
import { rolesOfSubject } from '../auth/caller';
import { isRole, rolesAllow } from '../auth/rbac';
import { scopeAllows } from '../auth/access';
import type { TokenScope } from '../auth/tokenScope';
import {
  ANY_SUBJECT,
  EVERYONE_GROUP,
  actionCovers,
  appliesOnResource,
  objectCoversPlaybook,
  type AccessReviewRule,
  type PlaybookAction,
  type PlaybookPermissionObject,
} from '../../../contracts/playbookAccess';
import type { PlaybookResource } from './spec';
import { specApprovers } from './spec';

/**
 * Whom a decision is about: a person (with teams and roles), a team, a role, a playbook, or the
 * group everyone belongs to.
 */
export interface Principal {
  kind: 'person' | 'team' | 'role' | 'playbook' | 'group';
  id: string;
  roles: string[];
  teams: string[];
  /** A person's e-mail and name, which a spec's approvers may name. */
  email?: string;
  name?: string;
  /** For a caller authenticated by an API token: what its scope denies. */
  scope?: TokenScope;
}

/** The playbook a decision is about. */
export interface PlaybookTarget {
  id: string;
  name: string;
  namespace: string | null;
  /** The spec whose approvers decide approvals (a run's snapshot, or the playbook's). */
  spec: Record<string, unknown>;
}

export interface PlaybookDecision {
  allowed: boolean;
  /** The rules that allowed it, or those that denied it (none: nothing allows it). */
  rules: AccessReviewRule[];
  /** For an approval through a team the spec names: that team. */
  teamId: string | null;
}

/** Ids of the teams the person belongs to (non-deleted teams). */
async function teamsOf(db: SqlClient, personId: string): Promise<string[]> {
  const { rows } = await db.query<{ team_id: string }>(
    `SELECT m.team_id FROM team_members m JOIN teams t ON t.id = m.team_id
      WHERE m.person_id = $1 AND t.deleted_at IS NULL ORDER BY t.name`,
    [personId],
  );
  return rows.map((row) => row.team_id);
}

/** The signed-in caller as a principal. */
export async function principalOfCaller(db: SqlClient, caller: Caller): Promise<Principal> {
  return {
    kind: 'person',
    id: caller.personId,
    roles: caller.roles,
    teams: await teamsOf(db, caller.personId),
    email: caller.email,
    name: caller.name,
    ...(caller.scope ? { scope: caller.scope } : {}),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A review's subject as a principal: a person's id (with its roles from `casbin_rule` and its
 * teams), a team's id, a playbook's id, a role's name or `everyone`; null when it is none of
 * these.
 */
export async function principalOfSubject(
  db: SqlClient,
  subject: string,
): Promise<Principal | null> {
  if (isRole(subject)) return { kind: 'role', id: subject, roles: [subject], teams: [] };
  if (subject === EVERYONE_GROUP) return { kind: 'group', id: subject, roles: [], teams: [] };
  if (!UUID.test(subject)) return null;
  const id = subject.toLowerCase();
  const { rows } = await db.query<{
    kind: Principal['kind'];
    name: string | null;
    email: string | null;
  }>(
    `SELECT 'person' AS kind, name, email FROM people WHERE id = $1 AND deleted_at IS NULL
     UNION ALL SELECT 'team', name, NULL FROM teams WHERE id = $1 AND deleted_at IS NULL
     UNION ALL SELECT 'playbook', name, NULL FROM playbooks WHERE id = $1 AND deleted_at IS NULL
     LIMIT 1`,
    [id],
  );
  const found = rows[0];
  if (!found) return null;
  if (found.kind === 'team') return { kind: 'team', id, roles: [], teams: [id] };
  if (found.kind === 'playbook') return { kind: 'playbook', id, roles: [], teams: [] };
  const { rows: scopes } = await db.query<{ object: string; action: string }>(
    `SELECT c.v1 AS object, c.v2 AS action FROM casbin_rule c
       JOIN people p ON p.id::text = c.v0 AND p.type = 'access_token'
      WHERE c.ptype = 'p' AND c.v0 = $1 AND c.v3 = 'deny' ORDER BY c.id`,
    [id],
  );
  return {
    kind: 'person',
    id,
    roles: await rolesOfSubject(db, id),
    teams: await teamsOf(db, id),
    email: found.email ?? '',
    name: found.name ?? '',
    ...(scopes.length > 0
      ? { scope: { tokenId: '', denied: scopes as TokenScope['denied'] } }
      : {}),
  };
}

interface PermissionCandidate extends PlaybookPermissionObject {
  id: string;
  name: string | null;
  namespace: string | null;
  description: string | null;
  action: string;
  deny: boolean;
  subject: string;
  subject_type: string;
}

/**
 * The permissions whose subject is the principal (or everyone), unexpired and not deleted,
 * that cover the playbook, the action and the resource.
 */
async function matchingPermissions(
  db: SqlClient,
  principal: Principal,
  playbook: PlaybookTarget,
  action: PlaybookAction,
  resource: PlaybookResource | null,
): Promise<PermissionCandidate[]> {
  const { rows } = await db.query<PermissionCandidate>(
    `SELECT id, name, namespace, description, action, deny, subject, subject_type,
            playbook_id, object, object_selector
       FROM permissions
      WHERE deleted_at IS NULL
        AND (until IS NULL OR until > now())
        AND (playbook_id = $1 OR (playbook_id IS NULL AND (object IS NOT NULL OR object_selector IS NOT NULL)))
        AND (subject = $2
             OR (subject_type = 'group' AND subject = $3)
             OR (subject_type = 'person' AND subject = $4)
             OR (subject_type = 'team' AND subject = ANY($5::text[]))
             OR (subject_type IN ('role', 'group') AND subject = ANY($6::text[]))
             OR (subject_type = 'playbook' AND subject = $7))
      ORDER BY deny DESC, name, id`,
    [
      playbook.id,
      ANY_SUBJECT,
      EVERYONE_GROUP,
      principal.kind === 'person' ? principal.id : '',
      principal.teams,
      principal.roles,
      principal.kind === 'playbook' ? principal.id : '',
    ],
  );
  const target = { id: playbook.id, name: playbook.name, namespace: playbook.namespace };
  const on = resource
    ? {
        kind: resource.kind,
        name: resource.name,
        namespace: typeof resource.tags.namespace === 'string' ? resource.tags.namespace : null,
        tags: resource.tags,
      }
    : null;
  return rows.filter(
    (row) =>
      actionCovers(row.action, action) &&
      objectCoversPlaybook(row, target) &&
      appliesOnResource(row, on),
  );
}

function permissionRule(row: PermissionCandidate): AccessReviewRule {
  const effect = row.deny ? 'deny' : 'allow';
  return {
    source: 'permission',
    effect,
    description:
      row.description ||
      `${effect === 'deny' ? 'Denies' : 'Allows'} ${row.action} (${row.subject_type} ${row.subject})`,
    permission: {
      id: row.id,
      name: row.name,
      namespace: row.namespace,
      action: row.action,
      subject: row.subject,
      subject_type: row.subject_type,
    },
  };
}

/** The spec's approvers' verdict, or null when the spec names none. */
async function approversDecision(
  db: SqlClient,
  principal: Principal,
  spec: Record<string, unknown>,
): Promise<PlaybookDecision | null> {
  const approvers = specApprovers(spec);
  if (approvers.people.length === 0 && approvers.teams.length === 0) return null;
  const named = [...approvers.people, ...approvers.teams].join(', ');
  if (principal.kind === 'person') {
    const self = [principal.id, principal.email ?? '', principal.name ?? '']
      .filter(Boolean)
      .map((value) => value.toLowerCase());
    const person = approvers.people.find((entry) => self.includes(entry.toLowerCase()));
    if (person) {
      return {
        allowed: true,
        teamId: null,
        rules: [
          {
            source: 'approvers',
            effect: 'allow',
            description: `The spec names ${person} as an approver`,
          },
        ],
      };
    }
  }
  const { rows } = await db.query<{ id: string; name: string }>(
    `SELECT id, name FROM teams
      WHERE id::text = ANY($1::text[]) AND deleted_at IS NULL
        AND (name = ANY($2::text[]) OR id::text = ANY($2::text[]))
      ORDER BY name LIMIT 1`,
    [principal.teams, approvers.teams],
  );
  const team = rows[0];
  if (team) {
    return {
      allowed: true,
      teamId: team.id,
      rules: [
        {
          source: 'approvers',
          effect: 'allow',
          description: `The spec names the team ${team.name} as approvers`,
        },
      ],
    };
  }
  return {
    allowed: false,
    teamId: null,
    rules: [
      {
        source: 'approvers',
        effect: 'deny',
        description: `Only the approvers the spec names approve: ${named}`,
      },
    ],
  };
}

/** The role rules: the principal's roles that write `playbook_runs`. */
function roleRules(principal: Principal): AccessReviewRule[] {
  return principal.roles
    .filter((role) => rolesAllow([role], 'playbook_runs', 'write'))
    .map((role) => ({
      source: 'role' as const,
      effect: 'allow' as const,
      role,
      description: `The ${role} role may run and approve playbooks`,
    }));
}

/**
 * Whether `principal` may perform `action` on the playbook (run on `resource`, or on nothing),
 * with the rules behind it:
 * 1. a token scope that denies the action refuses;
 * 2. for approvals, a spec that names approvers decides alone;
 * 3. a deny permission refuses;
 * 4. an allow permission, or a role that writes `playbook_runs`, allows.
 */
export async function decidePlaybookAccess(
  db: SqlClient,
  principal: Principal,
  playbook: PlaybookTarget,
  action: PlaybookAction,
  resource: PlaybookResource | null,
): Promise<PlaybookDecision> {
  if (!scopeAllows(principal, 'playbooks', action)) {
    return {
      allowed: false,
      teamId: null,
      rules: [
        {
          source: 'scope',
          effect: 'deny',
          description: `The token's scope denies ${action} on playbooks`,
        },
      ],
    };
  }
  if (action === 'playbook:approve') {
    const byApprovers = await approversDecision(db, principal, playbook.spec);
    if (byApprovers) return byApprovers;
  }
  const permissions = await matchingPermissions(db, principal, playbook, action, resource);
  const denies = permissions.filter((row) => row.deny);
  if (denies.length > 0) return { allowed: false, teamId: null, rules: denies.map(permissionRule) };
  const rules = [...permissions.map(permissionRule), ...roleRules(principal)];
  return { allowed: rules.length > 0, teamId: null, rules };
}
