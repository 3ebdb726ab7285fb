import type {
  ObjectSelector,
  Permission,
  PermissionInput,
  PermissionResourceInput,
  PermissionSummary,
} from '../../../api/schemas/permissions';
import type { ResourceFields, ResourceKind, SubjectKind } from './inference';
import {
  DEFAULT_RESOURCE_KIND,
  actionsFor,
  inferResourceKind,
  inferSubjectKind,
  playbookObjectSelector,
} from './inference';

/** The permission form's values; `resourceKind` is the form's own and is not sent. */
export interface PermissionFormValues extends ResourceFields {
  subject_type: SubjectKind;
  person_id?: string;
  team_id?: string;
  notification_id?: string;
  /** The group's name or the playbook's id. */
  subject?: string;
  resourceKind: ResourceKind;
  action: string;
  deny: boolean;
  description: string;
}

/** What the form is opened with: a summary row, the table row, or both merged. */
export type PermissionSource = Partial<Permission> & Partial<PermissionSummary>;

/**
 * What a new permission starts with: its columns, and the resource kind chosen when no column
 * names a resource yet (Expose a playbook: Playbook, nothing picked).
 */
export type PermissionPreset = PermissionSource & { resourceKind?: ResourceKind };

export const PERMISSION_MESSAGES = {
  subjectRequired: 'Subject is required',
  resourceRequired: 'Resource is required',
  actionRequired: 'Action is required',
} as const;

export interface PermissionFormErrors {
  subject?: string;
  resource?: string;
  action?: string;
}

const text = (value: string | null | undefined): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** Whether the catalog columns name a config (the default kind, also inferred from none). */
function hasResourceColumn(source: PermissionSource): boolean {
  return text(source.config_id) !== undefined || (source.object_selector?.configs?.length ?? 0) > 0;
}

/**
 * The form's starting values for a permission, or for a new one (Person, Catalog, unless the
 * preset names a resource kind and no column names a resource).
 */
export function toPermissionFormValues(source: PermissionPreset = {}): PermissionFormValues {
  const kind = inferSubjectKind(source);
  const subject = text(source.subject);
  const inferred = inferResourceKind(source);
  const namesResource = inferred !== DEFAULT_RESOURCE_KIND || hasResourceColumn(source);
  const values: PermissionFormValues = {
    subject_type: kind,
    resourceKind: !namesResource && source.resourceKind ? source.resourceKind : inferred,
    action: source.action ?? '',
    deny: source.deny ?? false,
    description: source.description ?? '',
  };
  if (kind === 'person') values.person_id = text(source.person_id) ?? subject;
  else if (kind === 'team') values.team_id = text(source.team_id) ?? subject;
  else if (kind === 'notification')
    values.notification_id = text(source.notification_id) ?? subject;
  else values.subject = subject;
  const resource: ResourceFields = {
    object: text(source.object),
    object_selector: source.object_selector ?? undefined,
    config_id: text(source.config_id),
    component_id: text(source.component_id),
    connection_id: text(source.connection_id),
    playbook_id: text(source.playbook_id),
    canary_id: text(source.canary_id),
  };
  for (const [key, value] of Object.entries(resource)) {
    if (value !== undefined) Object.assign(values, { [key]: value });
  }
  return values;
}

/** Field changes of choosing a subject kind: the person, team and notification ids are cleared. */
export function subjectKindChanges(kind: SubjectKind): Partial<PermissionFormValues> {
  return {
    subject_type: kind,
    person_id: undefined,
    team_id: undefined,
    notification_id: undefined,
    subject: undefined,
  };
}

/** Field changes of choosing a resource kind: every resource field is cleared. */
export function resourceKindChanges(
  kind: ResourceKind,
  action: string,
): Partial<PermissionFormValues> {
  return {
    resourceKind: kind,
    object: undefined,
    object_selector: undefined,
    config_id: undefined,
    component_id: undefined,
    connection_id: undefined,
    playbook_id: undefined,
    canary_id: undefined,
    // An action the new kind does not offer (a playbook action on a config) is dropped.
    ...(actionsFor(kind).includes(action) ? {} : { action: '' }),
  };
}

/** Field changes of picking a playbook: that playbook on every config. */
export function playbookPickChanges(playbookName: string): Partial<PermissionFormValues> {
  return { object_selector: playbookObjectSelector(playbookName), playbook_id: undefined };
}

/** The subject the form names: the id (or group name) of the chosen kind. */
export function subjectOf(values: PermissionFormValues): string | undefined {
  switch (values.subject_type) {
    case 'person':
      return text(values.person_id);
    case 'team':
      return text(values.team_id);
    case 'notification':
      return text(values.notification_id);
    default:
      return text(values.subject)?.trim();
  }
}

function selectorWith(
  selector: ObjectSelector | null | undefined,
  key: keyof ObjectSelector,
): ObjectSelector | null {
  return selector && (selector[key]?.length ?? 0) > 0 ? selector : null;
}

/** The resource columns for the chosen kind; the others are null. */
export function resourceOf(values: PermissionFormValues): PermissionResourceInput {
  const none: PermissionResourceInput = {
    object: null,
    object_selector: null,
    config_id: null,
    component_id: null,
    connection_id: null,
    playbook_id: null,
    canary_id: null,
  };
  const selector = values.object_selector;
  switch (values.resourceKind) {
    case 'global':
      return { ...none, object: text(values.object) ?? null };
    case 'scope':
      return { ...none, object_selector: selectorWith(selector, 'scopes') };
    case 'view':
      return { ...none, object_selector: selectorWith(selector, 'views') };
    case 'canary':
      return { ...none, canary_id: text(values.canary_id) ?? null };
    case 'playbook': {
      const picked = selectorWith(selector, 'playbooks');
      return picked
        ? { ...none, object_selector: picked }
        : { ...none, playbook_id: text(values.playbook_id) ?? null };
    }
    case 'catalog': {
      const id = text(values.config_id);
      return id
        ? { ...none, config_id: id }
        : { ...none, object_selector: selectorWith(selector, 'configs') };
    }
    case 'component': {
      const id = text(values.component_id);
      return id
        ? { ...none, component_id: id }
        : { ...none, object_selector: selectorWith(selector, 'components') };
    }
    case 'connection': {
      const id = text(values.connection_id);
      return id
        ? { ...none, connection_id: id }
        : { ...none, object_selector: selectorWith(selector, 'connections') };
    }
  }
}

function hasResource(values: PermissionFormValues): boolean {
  return Object.values(resourceOf(values)).some((value) => value !== null);
}

/** The errors of the form, or an empty object when it can be saved. */
export function validatePermission(values: PermissionFormValues): PermissionFormErrors {
  const errors: PermissionFormErrors = {};
  if (!subjectOf(values)) errors.subject = PERMISSION_MESSAGES.subjectRequired;
  if (!hasResource(values)) errors.resource = PERMISSION_MESSAGES.resourceRequired;
  if (!text(values.action)) errors.action = PERMISSION_MESSAGES.actionRequired;
  return errors;
}

/** The PERM-02 / PERM-03 body (without `created_by` / `updated_by`). */
export function toPermissionInput(
  values: PermissionFormValues,
  until?: string | null,
): PermissionInput {
  return {
    subject: subjectOf(values) ?? '',
    subject_type: values.subject_type,
    ...resourceOf(values),
    action: values.action,
    deny: values.deny,
    description: values.description.trim(),
    ...(until ? { until } : {}),
  };
}

/** Field changes of naming views: the views of that name (`*` for every view), in a namespace. */
export function viewSelectorChanges(
  name: string,
  namespace: string,
): Partial<PermissionFormValues> {
  const trimmed = name.trim();
  const ns = namespace.trim();
  return {
    object_selector:
      trimmed === '' && ns === ''
        ? undefined
        : { views: [{ name: trimmed, ...(ns ? { namespace: ns } : {}) }] },
  };
}

/** The example a warning about an unrestricted run shows: the same permission, narrowed. */
export const NARROWED_RUN_EXAMPLE = `subject: everyone
action: playbook:run
object:
  playbooks:
    - name: restart-deployment
      namespace: default
  configs:
    - tagSelector: environment=staging`;

/** The warning's words. */
export const UNRESTRICTED_RUN_WARNING = {
  title: 'Anyone can run these playbooks on any resource',
  body:
    'This permission lets every user run the playbooks it selects, on every config, component ' +
    'and check. Narrow it to the playbooks and resources meant, for example:',
} as const;

/** The global objects that cover every playbook. */
const RUN_OBJECTS: ReadonlySet<string> = new Set(['playbooks', 'playbook', '*']);

/** The subjects that stand for every user. */
const EVERYONE_SUBJECTS: ReadonlySet<string> = new Set(['*', 'everyone']);

/** Whether an action list grants running playbooks (`playbook:run`, `playbook:*`, `*`). */
function grantsRun(action: string): boolean {
  return action
    .split(',')
    .map((part) => part.trim())
    .some((part) => part === 'playbook:run' || part === 'playbook:*' || part === '*');
}

/**
 * Whether the permission lets anyone run playbooks unrestricted: an allow whose subject is
 * everyone (`*` or the `everyone` group), whose action grants `playbook:run`, on every
 * playbook (a global object), on one playbook by id, or on selected playbooks without a config
 * or component selector narrowing where they run (`*` without a namespace narrows nothing).
 */
export function runsUnrestricted(values: PermissionFormValues): boolean {
  if (values.deny) return false;
  const subject = subjectOf(values);
  if (!subject || !EVERYONE_SUBJECTS.has(subject)) return false;
  if (!grantsRun(values.action)) return false;
  const resource = resourceOf(values);
  if (resource.object !== null) return RUN_OBJECTS.has(resource.object);
  if (resource.playbook_id !== null) return true;
  const selector = resource.object_selector;
  if (!selector?.playbooks?.length) return false;
  const narrowed = [selector.configs, selector.components].some((entries) =>
    (entries ?? []).some((entry) => entry.name !== '*' || entry.namespace),
  );
  return !narrowed;
}

/** Permissions defined by a Kubernetes resource are shown, not edited. */
export function isReadOnlyPermission(permission: Pick<PermissionSource, 'source'> | undefined) {
  return permission?.source === 'KubernetesCRD';
}

/** Only permissions made in the console may be deleted there (no source means the console). */
export function isDeletablePermission(permission: Pick<PermissionSource, 'source'> | undefined) {
  return permission !== undefined && (permission.source ?? 'UI') === 'UI';
}
