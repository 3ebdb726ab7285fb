/**
 * Who may do what: the role table of Mission Control (spec 000 §6) over its resource groups,
 * plus the unconditional rules whoami lists for the user. Pure; built once per whoami answer.
 */

import type { Action, Resource, Role } from '../../contracts/access';
import { isResource, isRole, roleAllows } from '../../contracts/access';

export type { Action, Resource, Role };
export {
  ACTIONS,
  RESOURCES,
  ROLES,
  isResource,
  isRole,
  roleAllows,
  rolesAllow,
} from '../../contracts/access';

/** One rule as whoami lists it (AUTH-01 `payload.permissions[]`). */
export interface PermissionRule {
  object?: string | null;
  action?: string | null;
  deny?: boolean | null;
  condition?: string | null;
}

const WRITE_VERBS = new Set(['write', 'create', 'update', 'delete']);

/** Whether a rule's action list (`read`, `create,read,update,delete`, `*`) covers `action`. */
function ruleCovers(ruleAction: string, action: Action): boolean {
  return ruleAction
    .split(',')
    .map((verb) => verb.trim())
    .some((verb) => verb === '*' || (action === 'read' ? verb === 'read' : WRITE_VERBS.has(verb)));
}

/** Rules that apply to a whole resource group: no condition, an object that is one of ours. */
function globalRules(rules: readonly PermissionRule[]) {
  return rules.filter(
    (rule): rule is PermissionRule & { object: string; action: string } =>
      !rule.condition &&
      typeof rule.object === 'string' &&
      (rule.object === '*' || isResource(rule.object)) &&
      typeof rule.action === 'string' &&
      rule.action !== '',
  );
}

export interface Authorizer {
  /** The roles from whoami, unknown names included. */
  readonly roles: readonly string[];
  /** Whether the user may perform `action` on `resource`. */
  can(resource: Resource, action: Action): boolean;
  /** Has the admin role. */
  readonly isAdmin: boolean;
  /** Has the viewer or guest role. */
  readonly isViewer: boolean;
}

export interface AuthorizerInput {
  roles: readonly string[];
  permissions?: readonly PermissionRule[];
}

/**
 * The authorizer of one user. A resource is allowed when one of the roles allows it, or an
 * unconditional rule grants it; an unconditional deny rule wins over both. Rules with a
 * condition apply to single objects, not to a whole group, and are left to the server.
 */
export function createAuthorizer({ roles, permissions = [] }: AuthorizerInput): Authorizer {
  const known = roles.filter(isRole);
  const rules = globalRules(permissions);
  const matches = (resource: Resource, action: Action, deny: boolean) =>
    rules.some(
      (rule) =>
        Boolean(rule.deny) === deny &&
        (rule.object === '*' || rule.object === resource) &&
        ruleCovers(rule.action, action),
    );
  const cache = new Map<string, boolean>();
  return {
    roles: [...roles],
    isAdmin: known.includes('admin'),
    isViewer: known.includes('viewer') || known.includes('guest'),
    can(resource, action) {
      const key = `${resource}:${action}`;
      const cached = cache.get(key);
      if (cached !== undefined) return cached;
      const allowed =
        !matches(resource, action, true) &&
        (known.some((role) => roleAllows(role, resource, action)) ||
          matches(resource, action, false));
      cache.set(key, allowed);
      return allowed;
    },
  };
}

/** Allows nothing: the state before whoami answers. */
export const NO_ACCESS: Authorizer = createAuthorizer({ roles: [] });
