import { array, boolean, enums, optional, string, type } from 'superstruct';
import type { Infer } from 'superstruct';
import { PersonSummaryStruct } from './lookups';
import { maybe, optionalText, optionalBoolean, changeTimes, namespacedName } from './fields';

/** Who a permission is for (spec 002 §3.2). */
export const PERMISSION_SUBJECT_TYPES = [
  'person',
  'team',
  'notification',
  'group',
  'playbook',
] as const;
export type PermissionSubjectType = (typeof PERMISSION_SUBJECT_TYPES)[number];

/** Selects resources by name (and namespace); `*` is every one. */
export const ResourceSelectorStruct = type({
  ...namespacedName,
});
export type ResourceSelector = Infer<typeof ResourceSelectorStruct>;

/** A permission's object chosen by selectors: scopes, views, or playbooks together with configs. */
export const ObjectSelectorStruct = type({
  playbooks: maybe(array(ResourceSelectorStruct)),
  connections: maybe(array(ResourceSelectorStruct)),
  configs: maybe(array(ResourceSelectorStruct)),
  components: maybe(array(ResourceSelectorStruct)),
  views: maybe(array(ResourceSelectorStruct)),
  scopes: maybe(array(ResourceSelectorStruct)),
});
export type ObjectSelector = Infer<typeof ObjectSelectorStruct>;

const text = () => optionalText();

/** Columns of the permissions table that the console reads and writes. */
const permissionColumns = {
  id: string(),
  ...namespacedName,
  description: text(),
  action: string(),
  deny: optionalBoolean(),
  subject: text(),
  subject_type: text(),
  object: text(),
  object_selector: maybe(ObjectSelectorStruct),
  config_id: text(),
  component_id: text(),
  canary_id: text(),
  playbook_id: text(),
  connection_id: text(),
  person_id: text(),
  team_id: text(),
  notification_id: text(),
  until: text(),
  source: text(),
  error: text(),
  ...changeTimes,
  updated_by: text(),
};

/** PERM-05: a row of the permissions table (the creator is an id). */
export const PermissionStruct = type({ ...permissionColumns, created_by: text() });
export type Permission = Infer<typeof PermissionStruct>;
export const PermissionsStruct = array(PermissionStruct);

/** A resolved subject or object of the summary: `{ id, name, … }`. */
const NamedStruct = type({
  id: optionalText(),
  ...namespacedName,
  title: optionalText(),
  icon: optionalText(),
  type: optionalText(),
  email: optionalText(),
});
export type NamedObject = Infer<typeof NamedStruct>;
const named = () => maybe(NamedStruct);

/** PERM-01: a row of `permissions_summary`, subject and object resolved, creator embedded. */
export const PermissionSummaryStruct = type({
  ...permissionColumns,
  created_by: maybe(PersonSummaryStruct),
  person: named(),
  team: named(),
  group: named(),
  notification: named(),
  playbook: named(),
  config_object: named(),
  component_object: named(),
  connection_object: named(),
  playbook_object: named(),
  canary_object: named(),
});
export type PermissionSummary = Infer<typeof PermissionSummaryStruct>;
export const PermissionSummariesStruct = array(PermissionSummaryStruct);

/** The resource columns: exactly one of them is set on a saved permission. */
export interface PermissionResourceInput {
  object: string | null;
  object_selector: ObjectSelector | null;
  config_id: string | null;
  component_id: string | null;
  connection_id: string | null;
  playbook_id: string | null;
  canary_id: string | null;
}

/** PERM-02 / PERM-03 body. */
export interface PermissionInput extends PermissionResourceInput {
  subject: string;
  subject_type: PermissionSubjectType;
  action: string;
  deny: boolean;
  description: string;
  until?: string | null;
  /** On create: the signed-in person's id. */
  created_by?: string;
  /** On update: the signed-in person's id. */
  updated_by?: string;
}

// ---------------------------------------------------------------- access review

/** One rule behind an access review's answer (the demo backend sends them as `rules`). */
export const AccessReviewRuleStruct = type({
  source: enums(['permission', 'role', 'scope', 'approvers']),
  effect: enums(['allow', 'deny']),
  description: string(),
  permission: optional(
    type({
      id: string(),
      name: optionalText(),
      namespace: optionalText(),
      action: string(),
      subject: string(),
      subject_type: string(),
    }),
  ),
  role: optional(string()),
});
export type AccessReviewRule = Infer<typeof AccessReviewRuleStruct>;

/** `POST /api/rbac/subject-access-reviews`: a result per subject. */
export const AccessReviewResponseStruct = type({
  action: string(),
  results: array(
    type({
      subject: string(),
      allowed: boolean(),
      error: optional(string()),
      rules: optional(array(AccessReviewRuleStruct)),
    }),
  ),
});
export type AccessReviewResponse = Infer<typeof AccessReviewResponseStruct>;
