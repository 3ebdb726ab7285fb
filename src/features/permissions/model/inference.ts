/**
 * How the permission form reads a permission: which kind of subject and which kind of resource
 * it is about, and which actions fit the resource (spec 002 §4.3, §6.2). Pure.
 */
import type { ObjectSelector, PermissionSubjectType } from '../../../api/schemas/permissions';

export type SubjectKind = PermissionSubjectType;

/** Subject kinds in the order they are offered. */
export const SUBJECT_KINDS: readonly SubjectKind[] = [
  'person',
  'team',
  'notification',
  'group',
  'playbook',
];

export const SUBJECT_KIND_LABELS: Record<SubjectKind, string> = {
  person: 'Person',
  team: 'Team',
  notification: 'Notification',
  group: 'Group',
  playbook: 'Playbook',
};

export const DEFAULT_SUBJECT_KIND: SubjectKind = 'person';

/**
 * Resource kinds. `canary` is never offered, but a permission on a canary is recognised (and
 * shown) as one.
 */
export type ResourceKind =
  'catalog' | 'component' | 'connection' | 'playbook' | 'view' | 'global' | 'scope' | 'canary';

/** Resource kinds in the order they are offered. */
export const RESOURCE_KINDS: readonly ResourceKind[] = [
  'catalog',
  'component',
  'connection',
  'playbook',
  'view',
  'global',
  'scope',
];

export const RESOURCE_KIND_LABELS: Record<ResourceKind, string> = {
  catalog: 'Catalog',
  component: 'Component',
  connection: 'Connection',
  playbook: 'Playbook',
  view: 'View',
  global: 'Global',
  scope: 'Scope',
  canary: 'Canary',
};

export const DEFAULT_RESOURCE_KIND: ResourceKind = 'catalog';

/** Actions on any resource. */
export const PERMISSION_ACTIONS = [
  'read',
  'update',
  'create',
  'delete',
  '*',
  'create,read,update,delete',
] as const;

/** Actions on playbooks only. */
export const PLAYBOOK_ACTIONS = ['playbook:run', 'playbook:approve', 'playbook:*'] as const;

/** Actions of the MCP server, on playbooks (run them through it) and views (read them). */
export const MCP_ACTIONS = ['mcp:use', 'mcp:run'] as const;

/** Object names of global permissions (spec 002 §3.2). */
export const GLOBAL_OBJECTS = [
  'canaries',
  'catalog',
  'topology',
  'playbooks',
  'connection',
  'connection-detail',
  'agent-push',
  'kubernetes-proxy',
  'notification',
  'rbac',
  'logs',
  'agent',
  'artifact',
  'mcp',
] as const;

/** The global object of the MCP server: `mcp:use` on it lets a subject connect. */
export const MCP_OBJECT = 'mcp';

/** Global objects that stand for playbooks, so the playbook actions apply to them. */
const PLAYBOOK_OBJECTS: ReadonlySet<string> = new Set(['playbooks', 'playbook']);

/** The fields the subject kind is read from. */
export interface SubjectFields {
  subject_type?: string | null;
  person_id?: string | null;
  team_id?: string | null;
  notification_id?: string | null;
}

/** The fields the resource kind is read from. */
export interface ResourceFields {
  object?: string | null;
  object_selector?: ObjectSelector | null;
  config_id?: string | null;
  component_id?: string | null;
  connection_id?: string | null;
  playbook_id?: string | null;
  canary_id?: string | null;
}

const has = (value: string | null | undefined): boolean =>
  typeof value === 'string' && value.trim() !== '';

const selects = (list: readonly unknown[] | null | undefined): boolean =>
  Array.isArray(list) && list.length > 0;

function isSubjectKind(value: string | null | undefined): value is SubjectKind {
  return (SUBJECT_KINDS as readonly string[]).includes(value ?? '');
}

/**
 * The subject kind: from the id that is set (person, then team, then notification), else from
 * `subject_type`, else Person.
 */
export function inferSubjectKind(fields: SubjectFields): SubjectKind {
  if (has(fields.person_id)) return 'person';
  if (has(fields.team_id)) return 'team';
  if (has(fields.notification_id)) return 'notification';
  if (isSubjectKind(fields.subject_type)) return fields.subject_type;
  return DEFAULT_SUBJECT_KIND;
}

/**
 * The resource kind, checked in the order playbook, catalog, component, connection, canary,
 * view, global, scope; Catalog when nothing is set.
 */
export function inferResourceKind(fields: ResourceFields): ResourceKind {
  const selector = fields.object_selector ?? {};
  if (has(fields.playbook_id) || selects(selector.playbooks)) return 'playbook';
  if (has(fields.config_id) || selects(selector.configs)) return 'catalog';
  if (has(fields.component_id) || selects(selector.components)) return 'component';
  if (has(fields.connection_id) || selects(selector.connections)) return 'connection';
  if (has(fields.canary_id)) return 'canary';
  if (selects(selector.views)) return 'view';
  if (has(fields.object)) return 'global';
  if (selects(selector.scopes)) return 'scope';
  return DEFAULT_RESOURCE_KIND;
}

/** The actions offered for a resource kind (and, for Global, its object). */
export function actionsFor(kind: ResourceKind, object?: string | null): string[] {
  const playbooks =
    kind === 'playbook' || (kind === 'global' && PLAYBOOK_OBJECTS.has(object ?? ''));
  if (playbooks) return [...PERMISSION_ACTIONS, ...PLAYBOOK_ACTIONS, ...MCP_ACTIONS];
  if (kind === 'view') return [...PERMISSION_ACTIONS, ...MCP_ACTIONS];
  if (kind === 'global' && object === MCP_OBJECT) return [...PERMISSION_ACTIONS, 'mcp:use'];
  return [...PERMISSION_ACTIONS];
}

/** The object selector of a permission on one playbook: that playbook, on every config. */
export function playbookObjectSelector(playbookName: string): ObjectSelector {
  return { playbooks: [{ name: playbookName }], configs: [{ name: '*' }] };
}

/** The name of the playbook an object selector picks, when it picks exactly one. */
export function selectedPlaybookName(
  selector: ObjectSelector | null | undefined,
): string | undefined {
  const playbooks = selector?.playbooks ?? [];
  return playbooks.length === 1 ? (playbooks[0]?.name ?? undefined) : undefined;
}
