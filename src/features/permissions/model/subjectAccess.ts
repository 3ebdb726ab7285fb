/**
 * The subject workbench's model: which actions each resource type shows, the search request
 * for the address state, the matrix of one page of entries, the direct permission rows of a
 * cell, which cells may be changed in place, and the permission row a change creates (built by
 * the permission form's model). Pure.
 */
import type { AccessSearchRequest, SearchResourceType } from '../../../../contracts/accessSearch';
import { SEARCH_RESOURCE_TYPES } from '../../../../contracts/accessSearch';
import type { GrantChange } from '../../../../machines/permissions/subjectGrant';
import type {
  AccessSearchEntry,
  AccessSearchResponse,
  PermissionSubject,
  PermissionSubjectKind,
} from '../../../api/schemas/accessSearch';
import { PERMISSION_SUBJECT_KINDS } from '../../../api/schemas/accessSearch';
import type { AccessReviewRule, PermissionInput } from '../../../api/schemas/permissions';
import type { UrlStateOf } from '../../../lib/urlState';
import type { SUBJECT_ACCESS_STATE } from '../../../shell/paths';
import { paths } from '../../../shell/paths';
import type { SubjectKind } from './inference';
import { toPermissionFormValues, toPermissionInput } from './permissionForm';

export type SubjectAccessState = UrlStateOf<typeof SUBJECT_ACCESS_STATE.fields>;

/** Resources per page of the matrix. */
export const SUBJECT_ACCESS_PAGE_SIZE = 25;

/**
 * The actions each resource type shows. Reading and changing a resource (update, delete) for
 * every type; `create` is left out, as it is about a type, not an existing resource (and the
 * demo answers it as update). Running and approving for playbooks; `mcp:run` where upstream
 * checks it on a resource (playbooks and views as MCP tools); `mcp:use` is a global right, not
 * a resource's, and `playbook:cancel` is answered by the run decision, so neither is shown.
 */
export const TYPE_ACTIONS: Record<SearchResourceType, readonly string[]> = {
  playbook: ['read', 'update', 'delete', 'playbook:run', 'playbook:approve', 'mcp:run'],
  view: ['read', 'update', 'delete', 'mcp:run'],
  connection: ['read', 'update', 'delete'],
  config: ['read', 'update', 'delete'],
  component: ['read', 'update', 'delete'],
  canary: ['read', 'update', 'delete'],
};

/** Every action a column may show, in column order. */
export const WORKBENCH_ACTIONS: readonly string[] = [
  'read',
  'update',
  'delete',
  'playbook:run',
  'playbook:approve',
  'mcp:run',
];

/** The only actions whose permission rows the demo enforces, so the only ones changed here. */
export const EDITABLE_ACTIONS: readonly string[] = ['playbook:run', 'playbook:approve'];

/** The subject picker's groups, in order: as `permission_subjects` names them. */
export const SUBJECT_GROUPS: readonly PermissionSubjectKind[] = PERMISSION_SUBJECT_KINDS;

/** The page's own words. */
export const SUBJECT_ACCESS_LABELS = {
  title: 'Access by subject',
  open: 'By subject',
  subject: 'Subject',
  subjectPlaceholder: 'Search roles, groups, teams, people, tokens, playbooks…',
  subjectSearching: 'Searching subjects',
  noSubjects: 'No subjects found',
  moreSubjects: 'Type to narrow the list',
  groups: {
    role: 'Roles',
    permission_subject_group: 'Groups',
    team: 'Teams',
    person: 'People',
    access_token_person: 'Tokens',
    playbook: 'Playbooks',
  } satisfies Record<PermissionSubjectKind, string>,
  filters: 'Access filters',
  types: 'Resource types',
  actions: 'Actions',
  includeDenied: 'Include denied',
  typeNames: {
    playbook: 'Playbooks',
    view: 'Views',
    connection: 'Connections',
    config: 'Configs',
    component: 'Components',
    canary: 'Canaries',
  } satisfies Record<SearchResourceType, string>,
  actionNames: {
    read: 'Read',
    create: 'Create',
    update: 'Update',
    delete: 'Delete',
    'playbook:run': 'Run',
    'playbook:approve': 'Approve',
    'playbook:cancel': 'Cancel',
    'mcp:run': 'Run as MCP tool',
    'mcp:use': 'Use MCP',
  } as Record<string, string>,
  resource: 'Resource',
  chooseSubject: 'Choose a subject',
  chooseSubjectText:
    'Pick a role, group, team, person, token or playbook to see what it may do on which resources.',
  loading: 'Loading access',
  loadError: 'Error loading access',
  empty: 'No resources match',
  emptyText: 'Nothing allows this subject these actions on these resources.',
  emptyDeniedHint: 'Turn on "Include denied" to list what is denied too.',
  notAllowedTitle: 'You may not review access',
  notAllowedText:
    'Reviewing what a subject may do needs permission to read RBAC, which only administrators have.',
  allowed: 'Allowed',
  denied: 'Denied',
  notListed: 'Not allowed',
  direct: 'Direct',
  details: 'Where the access comes from',
  rules: 'Rules',
  noRules: 'No permission or role allows it.',
  notListedText:
    'This action is not allowed. Turn on "Include denied" to see what denies it and to change it.',
  openPermission: 'Open permission',
  allowDirectly: 'Allow directly',
  denyDirectly: 'Deny directly',
  removeDirect: 'Remove direct permission',
  confirm: 'Confirm',
  cancel: 'Cancel',
  close: 'Close',
  tryAgain: 'Try again',
  saving: 'Saving',
  saved: 'Saved. The matrix shows the new access.',
  saveFailed: 'The change could not be saved',
  readOnly:
    'Only running and approving playbooks are decided by permission rows here; other access comes from roles, so it is changed by changing the subject’s roles.',
  scopeReadOnly:
    'The token’s scope decides this before any permission is read, so a permission would not change it.',
  approversReadOnly:
    'The playbook names its approvers, who alone decide approvals, so a permission would not change it.',
  deniedByOthers:
    'A deny permission for a team, role or everyone this subject belongs to outranks any allow; change that permission instead.',
  unknownReadOnly:
    'This subject is not one that permissions can name, so it cannot be changed here.',
  groupReadOnly:
    'Access is not decided for permission groups here, so a permission for the group would not change what is shown.',
  confirmAllow: (action: string, resource: string) =>
    `Add a permission that allows this subject to ${action.toLowerCase()} ${resource}?`,
  confirmDeny: (action: string, resource: string) =>
    `Add a permission that denies this subject to ${action.toLowerCase()} ${resource}?`,
  confirmRemove: (count: number) =>
    count === 1
      ? 'Delete the permission that names this subject? Every resource it covers loses it.'
      : `Delete the ${count} permissions that name this subject? Every resource they cover loses them.`,
} as const;

/** The action's name in the matrix. */
export const actionName = (action: string): string =>
  SUBJECT_ACCESS_LABELS.actionNames[action] ?? action;

/** The types and actions shown: those in the address, or all of them. */
export function shownTypes(state: SubjectAccessState): SearchResourceType[] {
  const chosen = state.types as SearchResourceType[];
  return SEARCH_RESOURCE_TYPES.filter((type) => chosen.length === 0 || chosen.includes(type));
}

export function shownActions(state: SubjectAccessState): string[] {
  return WORKBENCH_ACTIONS.filter(
    (action) => state.actions.length === 0 || state.actions.includes(action),
  );
}

/** The columns of a type: its actions among those shown. */
export function columnsOf(type: SearchResourceType, actions: readonly string[]): string[] {
  return TYPE_ACTIONS[type].filter((action) => actions.includes(action));
}

/**
 * The search for the address state: the subject, the shown types that have a shown action,
 * the shown actions that apply to some shown type, denied entries when asked, one page.
 * Undefined while there is nothing to search.
 */
export function searchRequest(state: SubjectAccessState): AccessSearchRequest | undefined {
  if (!state.subject) return undefined;
  const actions = shownActions(state);
  const types = shownTypes(state).filter((type) => columnsOf(type, actions).length > 0);
  const used = actions.filter((action) =>
    types.some((type) => TYPE_ACTIONS[type].includes(action)),
  );
  if (types.length === 0 || used.length === 0) return undefined;
  return {
    subject: state.subject,
    actions: used,
    resource_types: types,
    include_denied: state.denied,
    limit: SUBJECT_ACCESS_PAGE_SIZE,
    offset: (state.page - 1) * SUBJECT_ACCESS_PAGE_SIZE,
  };
}

/** One resource's row: its entries by action. */
export interface MatrixRow {
  type: SearchResourceType;
  id: string;
  name: string;
  cells: Record<string, AccessSearchEntry | undefined>;
}

/** One resource type's section of the page. */
export interface MatrixSection {
  type: SearchResourceType;
  columns: string[];
  rows: MatrixRow[];
}

/** The page's entries as sections (types in the order searched), rows, and cells by action. */
export function matrixOf(
  response: AccessSearchResponse,
  actions: readonly string[],
): MatrixSection[] {
  const sections = new Map<SearchResourceType, MatrixSection>();
  const rows = new Map<string, MatrixRow>();
  for (const type of response.resource_types) {
    sections.set(type, { type, columns: columnsOf(type, actions), rows: [] });
  }
  for (const entry of response.results) {
    let section = sections.get(entry.resource_type);
    if (!section) {
      section = {
        type: entry.resource_type,
        columns: columnsOf(entry.resource_type, actions),
        rows: [],
      };
      sections.set(entry.resource_type, section);
    }
    const key = `${entry.resource_type}/${entry.id}`;
    let row = rows.get(key);
    if (!row) {
      row = { type: entry.resource_type, id: entry.id, name: entry.name, cells: {} };
      rows.set(key, row);
      section.rows.push(row);
    }
    row.cells[entry.action] = entry;
  }
  return [...sections.values()].filter((section) => section.rows.length > 0);
}

/** The permission rules of an entry whose permission names the subject itself. */
export function directRules(
  entry: Pick<AccessSearchEntry, 'rules'>,
  subject: string,
): AccessReviewRule[] {
  const self = subject.trim().toLowerCase();
  return entry.rules.filter(
    (rule) => rule.source === 'permission' && rule.permission?.subject.toLowerCase() === self,
  );
}

/** Whether a cell is marked Direct: an allow on the subject itself, or a permission naming it. */
export function isDirect(entry: AccessSearchEntry, subject: string): boolean {
  return entry.direct || directRules(entry, subject).length > 0;
}

/** The permission subject type a subject's rows are written with; none for permission groups. */
export function permissionSubjectKind(
  subject: Pick<PermissionSubject, 'type'> | undefined,
): SubjectKind | undefined {
  switch (subject?.type) {
    case 'role':
      return 'group';
    case 'team':
      return 'team';
    case 'person':
    case 'access_token_person':
      return 'person';
    case 'playbook':
      return 'playbook';
    default:
      return undefined;
  }
}

/**
 * Why a cell cannot be changed in place; undefined when it can. Only a playbook's run and
 * approve cells are decided by permission rows, not for permission groups, and not where a
 * token's scope or the playbook's approvers decide before any permission is read.
 */
export function readOnlyReason(
  type: SearchResourceType,
  action: string,
  subject: Pick<PermissionSubject, 'type'> | undefined,
  entry?: Pick<AccessSearchEntry, 'rules'>,
): string | undefined {
  if (type !== 'playbook' || !EDITABLE_ACTIONS.includes(action)) {
    return SUBJECT_ACCESS_LABELS.readOnly;
  }
  if (!permissionSubjectKind(subject)) {
    return subject?.type === 'permission_subject_group'
      ? SUBJECT_ACCESS_LABELS.groupReadOnly
      : SUBJECT_ACCESS_LABELS.unknownReadOnly;
  }
  const sources = new Set(entry?.rules.map((rule) => rule.source));
  if (sources.has('scope')) return SUBJECT_ACCESS_LABELS.scopeReadOnly;
  if (sources.has('approvers')) return SUBJECT_ACCESS_LABELS.approversReadOnly;
  return undefined;
}

/**
 * Whether a deny permission of another subject (a team, a role, everyone) denies the cell: it
 * outranks any allow, so allowing directly would change nothing shown.
 */
export function deniedByOthers(entry: Pick<AccessSearchEntry, 'rules'>, subject: string): boolean {
  const own = new Set(directRules(entry, subject));
  return entry.rules.some(
    (rule) => rule.source === 'permission' && rule.effect === 'deny' && !own.has(rule),
  );
}

/**
 * The permission row an allow or deny creates (PERM-02 body), built as the permission form
 * builds it: the subject with its type, the playbook by id, the action, allow or deny.
 */
export function grantInput(change: GrantChange, kind: SubjectKind): PermissionInput {
  const deny = change.kind === 'deny';
  const values = toPermissionFormValues({
    subject_type: kind,
    subject: change.subject,
    ...(kind === 'person' ? { person_id: change.subject } : {}),
    ...(kind === 'team' ? { team_id: change.subject } : {}),
    playbook_id: change.resourceId,
    action: change.action,
    deny,
    description: `${deny ? 'Denies' : 'Allows'} ${change.action} on ${change.resourceName}`,
  });
  return toPermissionInput(values);
}

/** Where a resource's name links; none for a type without a page. */
export function resourceHref(type: SearchResourceType, id: string): string | undefined {
  switch (type) {
    case 'playbook':
      return paths.playbook.getHref(id);
    case 'view':
      return paths.view.getHref(id);
    case 'connection':
      return paths.settingsConnections.getHref(id);
    case 'config':
      return paths.catalogItem.getHref(id);
    case 'component':
      return paths.topologyComponent.getHref(id);
    case 'canary':
      return paths.settingsCanary.getHref(id);
  }
}

/** Where a rule's permission links: its row on the permissions page, filtered to its subject. */
export function permissionHref(rule: AccessReviewRule): string | undefined {
  const permission = rule.permission;
  if (!permission?.id) return undefined;
  return paths.settingsPermission.getHref(permission.id, {
    subjectType: permission.subject_type,
    subject: permission.subject,
  });
}

/** How a subject reads in the picker and the page: its name, with an e-mail when it has one. */
export function subjectLabel(subject: PermissionSubject): string {
  const name = subject.name || subject.id;
  return subject.email && subject.email !== name ? `${name} (${subject.email})` : name;
}
