/**
 * Roles and resource groups of Mission Control's access rules (spec 000 §6), and which group
 * guards each relation under `/api/db`.
 */
export const ROLES = ['admin', 'editor', 'commander', 'responder', 'viewer', 'guest'] as const;
export type Role = (typeof ROLES)[number];

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

const restricted: ReadonlySet<Resource> = new Set(['rbac', 'identities', 'connections']);
const responderWritable: ReadonlySet<Resource> = new Set([
  'responder',
  'incident',
  'evidences',
  'comments',
]);

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** Whether one role may perform `action` on `resource`. */
export function roleAllows(role: Role, resource: Resource, action: Action): boolean {
  switch (role) {
    case 'admin':
      return true;
    case 'editor':
      return !restricted.has(resource);
    case 'commander':
    case 'responder':
      return action === 'read' ? !restricted.has(resource) : responderWritable.has(resource);
    case 'viewer':
    case 'guest':
      return action === 'read' && !restricted.has(resource);
  }
}

/** Whether any of the caller's roles allows the action. */
export function rolesAllow(roles: readonly string[], resource: Resource, action: Action): boolean {
  return roles.some((role) => isRole(role) && roleAllows(role, resource, action));
}

const exact: Record<string, Resource> = {
  casbin_rule: 'rbac',
  access_tokens: 'auth',
  identities: 'identities',
  people: 'teams',
  people_roles: 'teams',
  teams: 'teams',
  teams_with_status: 'teams',
  team_members: 'teams',
  team_components: 'topologies',
  properties: 'feature_flags',
  permissions: 'permissions',
  permissions_summary: 'permissions',
  permission_groups: 'permissions',
  scopes: 'scopes',
  connections: 'connections',
  agents: 'agents',
  agents_summary: 'agents',
  logging_backends: 'logging_backends',
  applications: 'applications',
  integrations: 'integrations',
  integrations_with_status: 'integrations',
  event_queue: 'integrations',
  event_queue_summary: 'integrations',
  config_scrapers: 'config_scrapers',
  config_scrapers_with_status: 'config_scrapers',
  responders: 'responder',
  evidences: 'evidences',
  comments: 'comments',
  hypotheses: 'incident',
  severities: 'incident',
  playbook_runs: 'playbook_runs',
  playbook_run_actions: 'playbook_runs',
  playbook_approvals: 'playbook_runs',
  artifacts: 'playbook_runs',
  'rpc/get_playbook_run_actions': 'playbook_runs',
  'rpc/related_configs_recursive': 'database',
  'rpc/lookup_analysis_by_component': 'database',
  'rpc/get_parents_by_location': 'database',
};

const prefixes: Array<[string, Resource]> = [
  ['incident', 'incident'],
  ['check', 'canaries'],
  ['canar', 'canaries'],
  ['topolog', 'topologies'],
  ['component', 'topologies'],
  ['playbook', 'playbooks'],
  ['notification', 'notifications'],
  ['view', 'views'],
];

/** The resource group that guards a relation (table, view or `rpc/<fn>`) under `/api/db`. */
export function resourceOfRelation(relation: string): Resource {
  const direct = exact[relation];
  if (direct) return direct;
  for (const [prefix, resource] of prefixes) {
    if (relation.startsWith(prefix)) return resource;
  }
  return 'database';
}

/** GET and HEAD read; everything else writes. */
export function actionOfMethod(method: string): Action {
  return method === 'GET' || method === 'HEAD' ? 'read' : 'write';
}
