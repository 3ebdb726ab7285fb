/**
 * Who may do what in Mission Control (spec 000 §6, spec 002 §6.2): the roles, the resource
 * groups that guard screens, actions and tables, and the role table over them. The console's
 * authorizer and the demo backend's access rules both read this one table.
 */

/** The roles, from most to least privileged. */
export const ROLES = ['admin', 'editor', 'commander', 'responder', 'viewer', 'guest'] as const;
export type Role = (typeof ROLES)[number];

/**
 * The resource groups. The spec's list, plus `applications`, which guards the Applications
 * pages and the `applications` table (read like any group that is not admin-only).
 */
export const RESOURCES = [
  'database',
  'rbac',
  'auth',
  'responder',
  'incident',
  'evidences',
  'comments',
  'canaries',
  'topologies',
  'config_scrapers',
  'identities',
  'connections',
  'kratos',
  'agents',
  'feature_flags',
  'logging_backends',
  'integrations',
  'notifications',
  'playbooks',
  'playbook_runs',
  'permissions',
  'scopes',
  'views',
  'teams',
  'applications',
] as const;
export type Resource = (typeof RESOURCES)[number];

export type Action = 'read' | 'write';
export const ACTIONS: readonly Action[] = ['read', 'write'];

/** Only admins read or write these. */
export const ADMIN_ONLY_RESOURCES: ReadonlySet<Resource> = new Set([
  'rbac',
  'identities',
  'connections',
]);

/** What commanders and responders may write. */
export const RESPONDER_WRITABLE_RESOURCES: ReadonlySet<Resource> = new Set([
  'responder',
  'incident',
  'evidences',
  'comments',
]);

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

export function isResource(value: string): value is Resource {
  return (RESOURCES as readonly string[]).includes(value);
}

/** Whether one role may perform `action` on `resource`. */
export function roleAllows(role: Role, resource: Resource, action: Action): boolean {
  switch (role) {
    case 'admin':
      return true;
    case 'editor':
      return !ADMIN_ONLY_RESOURCES.has(resource);
    case 'commander':
    case 'responder':
      return action === 'read'
        ? !ADMIN_ONLY_RESOURCES.has(resource)
        : RESPONDER_WRITABLE_RESOURCES.has(resource);
    case 'viewer':
    case 'guest':
      return action === 'read' && !ADMIN_ONLY_RESOURCES.has(resource);
  }
}

/** Whether any of these roles (unknown names ignored) allows the action. */
export function rolesAllow(roles: readonly string[], resource: Resource, action: Action): boolean {
  return roles.some((role) => isRole(role) && roleAllows(role, resource, action));
}

/** The roles that may run a health check on demand (spec 001 §6). */
export const RUN_NOW_ROLES: readonly Role[] = ['admin', 'editor', 'responder', 'commander'];

/** Whether a user with these roles may run checks (Run Now). */
export function canRunChecks(roles: readonly string[]): boolean {
  return roles.some((role) => (RUN_NOW_ROLES as readonly string[]).includes(role));
}
