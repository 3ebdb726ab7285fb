/**
 * Whether a subject may perform an action on a resource, with the rules behind the answer, for
 * the access review and the access search (`POST /api/rbac/subject-access-reviews`,
 * `/subject-access-search`). Every answer comes from the functions the demo enforces with:
 * `decidePlaybookAccess` for running and approving playbooks (PB-09, PB-14, and cancelling,
 * which the cancel endpoint allows to whoever may run), and for everything else the role table
 * over the resource group that guards the resource (`rolesAllow`, as `/api/db` and
 * `requireAccess` apply it) narrowed by the token scope (`scopeAllows`).
 */
import type { SqlClient } from '../db/types';
import type { AccessReviewRule } from '../../../contracts/playbookAccess';
import { decidePlaybookAccess, type Principal } from '../playbooks/access';
import type { PlaybookRow } from '../playbooks/store';
import type { PlaybookResource } from '../playbooks/spec';
import { actionOfOperation, scopeAllows, type Operation } from './access';
import { RESOURCES, isRole, rolesAllow, type Action, type Resource } from './rbac';
import { scopeGrants } from './tokenScope';

/** The kinds of resource a review or a search is about. */
export const TARGET_KINDS = [
  'playbook',
  'config',
  'check',
  'component',
  'canary',
  'view',
  'connection',
] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

/** The resource group that guards each kind, as `resourceOfRelation` guards its table. */
export const GROUP_OF_KIND: Record<TargetKind, Resource> = {
  playbook: 'playbooks',
  config: 'database',
  check: 'canaries',
  component: 'topologies',
  canary: 'canaries',
  view: 'views',
  connection: 'connections',
};

/** Upstream's global object names (duty `policy.Object*`) and the demo group each maps to. */
const GLOBAL_OBJECTS: Record<string, Resource> = {
  catalog: 'database',
  topology: 'topologies',
  canaries: 'canaries',
  playbooks: 'playbooks',
  connection: 'connections',
  people: 'teams',
  notification: 'notifications',
  application: 'applications',
  agent: 'agents',
  views: 'views',
  view: 'views',
  permission: 'permissions',
  scope: 'scopes',
  incident: 'incident',
  auth: 'auth',
  rbac: 'rbac',
  database: 'database',
  'database.identities': 'identities',
  'database.kratos': 'kratos',
  'database.config_scrapers': 'config_scrapers',
  // The MCP endpoint (`/api/mcp`) answers from the catalog: `mcp:use` on it reads the catalog.
  mcp: 'database',
};

/** The demo group a `resource.global` names (a group itself or an upstream object), or null. */
export function groupOfGlobal(object: string): Resource | null {
  const name = object.trim();
  if ((RESOURCES as readonly string[]).includes(name)) return name as Resource;
  return GLOBAL_OBJECTS[name] ?? null;
}

/** Every global object name the review accepts. */
export const GLOBAL_OBJECT_NAMES: readonly string[] = [
  ...RESOURCES,
  ...Object.keys(GLOBAL_OBJECTS).filter((name) => !(RESOURCES as readonly string[]).includes(name)),
];

/** The table of each kind (besides playbooks, which `findPlaybook` reads). */
const TABLE_OF_KIND: Record<Exclude<TargetKind, 'playbook'>, string> = {
  config: 'config_items',
  check: 'checks',
  component: 'components',
  canary: 'canaries',
  view: 'views',
  connection: 'connections',
};

/** What a decision is about: a resource of a kind, or a whole group (`resource.global`). */
export type Target =
  | {
      kind: 'playbook';
      id: string;
      name: string;
      playbook: PlaybookRow;
      on: PlaybookResource | null;
    }
  | { kind: Exclude<TargetKind, 'playbook'>; id: string; name: string }
  | { kind: 'global'; id: string; name: string; group: Resource };

/** The group that guards a target. */
export function groupOfTarget(target: Target): Resource {
  return target.kind === 'global' ? target.group : GROUP_OF_KIND[target.kind];
}

/** A resource of a kind that is not deleted, by id, or null. */
export async function findTarget(
  db: SqlClient,
  kind: Exclude<TargetKind, 'playbook'>,
  id: string,
): Promise<Target | null> {
  const { rows } = await db.query<{ id: string; name: string }>(
    `SELECT id::text AS id, name FROM ${TABLE_OF_KIND[kind]} WHERE id = $1 AND deleted_at IS NULL`,
    [id],
  );
  const row = rows[0];
  return row ? { kind, id: row.id, name: row.name } : null;
}

/** A playbook as a target, run on `on` (or on nothing). */
export function playbookTarget(playbook: PlaybookRow, on: PlaybookResource | null): Target {
  return { kind: 'playbook', id: playbook.id, name: playbook.title || playbook.name, playbook, on };
}

export interface Decision {
  allowed: boolean;
  /** The rules that allowed it, or those that denied it (none: nothing allows it). */
  rules: AccessReviewRule[];
}

const PLAYBOOK_DECIDED = new Set(['playbook:run', 'playbook:approve', 'playbook:cancel']);

/** Whether an action is decided per playbook (by `decidePlaybookAccess`). */
export function isPlaybookAction(action: string): boolean {
  return action.startsWith('playbook:');
}

function roleDecision(principal: Principal, group: Resource, action: Action, verb: string) {
  const held = principal.roles.filter(isRole);
  const allowing = held.filter((role) => rolesAllow([role], group, action));
  if (allowing.length > 0) {
    return {
      allowed: true,
      rules: allowing.map((role): AccessReviewRule => ({
        source: 'role',
        effect: 'allow',
        role,
        description: `The ${role} role may ${verb} ${group}`,
      })),
    };
  }
  return {
    allowed: false,
    rules: held.map((role): AccessReviewRule => ({
      source: 'role',
      effect: 'deny',
      role,
      description: `The ${role} role may not ${verb} ${group}`,
    })),
  };
}

function scopeDenial(action: string, object: string): Decision {
  return {
    allowed: false,
    rules: [
      {
        source: 'scope',
        effect: 'deny',
        description: `The token's scope denies ${action} on ${object}`,
      },
    ],
  };
}

/**
 * The decision on `action` for `principal` on `target`:
 * - `playbook:run` and `playbook:approve` on a playbook: `decidePlaybookAccess`;
 *   `playbook:cancel`: the run decision, which the cancel endpoint enforces;
 * - `read`, `create`, `update`, `delete`: the role table over the target's group and the token
 *   scope, as `callerAllows`;
 * - `mcp:use` and `mcp:run`: a read or a write of the group, narrowed by the token scope's `mcp`
 *   entry. The MCP endpoint (mcp/access.ts) enforces `mcp:use` on the global `mcp` object (a
 *   read of the catalog) for every request, and `mcp:run` on the playbook a tool runs (a write
 *   of playbooks), besides the playbook's own `playbook:run`. Its tools act as the token's
 *   owner, so that `playbook:run` (and their reads) leave out the rest of the token's scope.
 * Callers check that playbook actions come with a playbook target.
 */
export async function decideAccess(
  db: SqlClient,
  principal: Principal,
  target: Target,
  action: string,
): Promise<Decision> {
  if (PLAYBOOK_DECIDED.has(action)) {
    if (target.kind !== 'playbook') throw new Error(`${action} is decided on playbooks only`);
    const decided = action === 'playbook:approve' ? 'playbook:approve' : 'playbook:run';
    const decision = await decidePlaybookAccess(
      db,
      principal,
      { ...target.playbook, spec: target.playbook.spec },
      decided,
      target.on,
    );
    if (decision.allowed || decision.rules.length > 0) {
      return { allowed: decision.allowed, rules: decision.rules };
    }
    // Nothing allowed it: no permission names the subject, and none of its roles writes runs.
    return {
      allowed: false,
      rules: roleDecision(principal, 'playbook_runs', 'write', 'write').rules,
    };
  }
  const group = groupOfTarget(target);
  if (action === 'mcp:use' || action === 'mcp:run') {
    if (principal.scope && !scopeGrants(principal.scope, 'mcp', '*')) {
      return scopeDenial(action, 'mcp');
    }
    const roleAction: Action = action === 'mcp:use' ? 'read' : 'write';
    return roleDecision(principal, group, roleAction, roleAction);
  }
  const operation = action as Operation;
  if (!scopeAllows(principal, group, operation)) return scopeDenial(action, group);
  return roleDecision(principal, group, actionOfOperation(operation), action);
}

/** Whether an allow rule names the subject itself: a permission on it, or its own role. */
export function isDirect(subject: string, principal: Principal, decision: Decision): boolean {
  if (!decision.allowed) return false;
  const self = subject.trim().toLowerCase();
  return decision.rules.some(
    (rule) =>
      rule.effect === 'allow' &&
      ((rule.permission && rule.permission.subject.toLowerCase() === self) ||
        (rule.source === 'role' && principal.kind === 'role' && rule.role === principal.id)),
  );
}
