/**
 * Roles and resource groups of Mission Control's access rules (spec 000 §6), and which group
 * guards each relation under `/api/db`.
 */
import type { Action, Resource, Role } from '../../../contracts/access';

export type { Action, Resource, Role };
export { ROLES, RESOURCES, isRole, roleAllows, rolesAllow } from '../../../contracts/access';

const exact: Record<string, Resource> = {
  casbin_rule: 'rbac',
  access_tokens: 'auth',
  identities: 'identities',
  people: 'teams',
  people_roles: 'teams',
  person: 'teams',
  // Upstream guards it as people; each person's rows are theirs (ownerColumnOf).
  person_analytics: 'teams',
  teams: 'teams',
  teams_with_status: 'teams',
  team_members: 'teams',
  team_components: 'topologies',
  properties: 'feature_flags',
  permissions: 'permissions',
  permissions_summary: 'permissions',
  permission_groups: 'permissions',
  permission_subjects: 'permissions',
  'rpc/permissions_for_obj_selector': 'permissions',
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
  // Upstream guards the global scrape plugins as the catalog itself.
  scrape_plugins: 'database',
  responders: 'responder',
  evidences: 'evidences',
  comments: 'comments',
  hypotheses: 'incident',
  severities: 'incident',
  playbook_runs: 'playbook_runs',
  playbook_run_actions: 'playbook_runs',
  playbook_approvals: 'playbook_runs',
  artifacts: 'playbook_runs',
  artifact_summary: 'playbook_runs',
  'rpc/get_playbook_run_actions': 'playbook_runs',
  'rpc/related_configs_recursive': 'database',
  'rpc/lookup_analysis_by_component': 'database',
  'rpc/config_analysis_filter_options': 'database',
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

/**
 * Relations whose rows belong to a person, with the column naming that person: every signed-in
 * person reads and writes their own rows (their roles aside) and sees no one else's.
 */
const OWNED_RELATIONS: Record<string, string> = {
  person_analytics: 'person_id',
};

/** The column naming a row's owner when the relation's rows belong to people, else undefined. */
export function ownerColumnOf(relation: string): string | undefined {
  return OWNED_RELATIONS[relation];
}

/** GET and HEAD read; everything else writes. */
export function actionOfMethod(method: string): Action {
  return method === 'GET' || method === 'HEAD' ? 'read' : 'write';
}
