/**
 * The permissions table's filters as they sit in the address: the subject (`subjectType`, and
 * one subject `subject`), the resource (`resourceKind`, and one object `resource`), the action
 * (`action`) and the effect (`effect`: allow or deny). A change is a history entry and sends the
 * list back to its first page; changing a kind clears the one subject or object chosen of the
 * kind before. Pure.
 */
import type {
  PermissionListFilters,
  PermissionResourceKind,
} from '../../../api/endpoints/permissions';
import { PERMISSION_RESOURCE_KINDS } from '../../../api/endpoints/permissions';
import type { UrlStateOf } from '../../../lib/urlState';
import { defineUrlState, oneOf, text } from '../../../lib/urlState';
import { GLOBAL_OBJECTS, PERMISSION_ACTIONS, PLAYBOOK_ACTIONS, SUBJECT_KINDS } from './inference';

/** The resource kinds offered, in order. */
export const FILTER_RESOURCE_KINDS = Object.keys(
  PERMISSION_RESOURCE_KINDS,
) as PermissionResourceKind[];

export const EFFECTS = ['allow', 'deny'] as const;
export type Effect = (typeof EFFECTS)[number];

/** The single actions a permission may grant, offered by the action filter. */
export const FILTER_ACTIONS: readonly string[] = [
  ...PERMISSION_ACTIONS.filter((action) => !action.includes(',') && action !== '*'),
  ...PLAYBOOK_ACTIONS.filter((action) => action !== 'playbook:*'),
  'mcp:use',
  'mcp:run',
];

/** The filter bar's own words. */
export const PERMISSION_FILTER_LABELS = {
  group: 'Permission filters',
  subjectType: 'Subject type',
  anySubjectType: 'Any subject',
  groupName: 'Group',
  groupPlaceholder: 'Group or role name',
  resourceKind: 'Resource type',
  anyResourceKind: 'Any resource',
  object: 'Object',
  anyObject: 'Any object',
  action: 'Action',
  anyAction: 'Any action',
  effect: 'Effect',
  anyEffect: 'Allow or deny',
  effects: { allow: 'Allow', deny: 'Deny' } satisfies Record<Effect, string>,
  resourceKinds: {
    config: 'Catalog',
    component: 'Component',
    connection: 'Connection',
    playbook: 'Playbook',
    canary: 'Canary',
    global: 'Global',
  } satisfies Record<PermissionResourceKind, string>,
} as const;

/** The global objects the resource filter offers when its kind is Global. */
export const FILTER_GLOBAL_OBJECTS: readonly string[] = GLOBAL_OBJECTS;

export const PERMISSION_FILTERS = defineUrlState(
  {
    subjectType: oneOf(SUBJECT_KINDS, { filter: true }),
    subject: text({ trim: true, filter: true }),
    resourceKind: oneOf(FILTER_RESOURCE_KINDS, { filter: true }),
    resource: text({ trim: true, filter: true }),
    action: text({ trim: true, filter: true }),
    effect: oneOf(EFFECTS, { filter: true }),
  },
  { history: 'push' },
);

export type PermissionFilters = UrlStateOf<typeof PERMISSION_FILTERS.fields>;

/**
 * The changes a filter change makes: a new subject type clears the subject, a new resource
 * kind clears the object, and a subject or object without its kind is not kept.
 */
export function filterChanges(
  current: PermissionFilters,
  changes: Partial<PermissionFilters>,
): Partial<PermissionFilters> {
  const next = { ...changes };
  if ('subjectType' in changes && changes.subjectType !== current.subjectType) {
    next.subject = undefined;
  }
  if ('resourceKind' in changes && changes.resourceKind !== current.resourceKind) {
    next.resource = undefined;
  }
  return next;
}

/**
 * The request's filters: each one that is set; a subject only with its type and an object only
 * with its kind (an address naming one alone is read as naming none).
 */
export function listFilters(filters: PermissionFilters): PermissionListFilters {
  const out: PermissionListFilters = {};
  if (filters.subjectType) {
    out.subjectType = filters.subjectType;
    if (filters.subject) out.subject = filters.subject;
  }
  if (filters.resourceKind) {
    out.resourceKind = filters.resourceKind;
    if (filters.resource) out.resource = filters.resource;
  }
  if (filters.action) out.action = filters.action;
  if (filters.effect) out.effect = filters.effect;
  return out;
}
