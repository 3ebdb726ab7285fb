import { array, boolean, enums, number, string, type } from 'superstruct';
import type { Infer } from 'superstruct';
import { SEARCH_RESOURCE_TYPES } from '../../../contracts/accessSearch';
import { optionalText } from './fields';
import { AccessReviewRuleStruct } from './permissions';

/** The kinds of subject `permission_subjects` lists (duty's view). */
export const PERMISSION_SUBJECT_KINDS = [
  'role',
  'permission_subject_group',
  'team',
  'person',
  'access_token_person',
  'playbook',
] as const;
export type PermissionSubjectKind = (typeof PERMISSION_SUBJECT_KINDS)[number];

/** A row of `permission_subjects`: who permissions can name. */
export const PermissionSubjectStruct = type({
  id: string(),
  name: optionalText(),
  type: string(),
  email: optionalText(),
  owner: optionalText(),
  icon: optionalText(),
});
export type PermissionSubject = Infer<typeof PermissionSubjectStruct>;
export const PermissionSubjectsStruct = array(PermissionSubjectStruct);

/** One action on one resource of a subject access search. */
export const AccessSearchEntryStruct = type({
  resource_type: enums(SEARCH_RESOURCE_TYPES),
  id: string(),
  name: string(),
  action: string(),
  allowed: boolean(),
  direct: boolean(),
  rules: array(AccessReviewRuleStruct),
});
export type AccessSearchEntry = Infer<typeof AccessSearchEntryStruct>;

/** `POST /api/rbac/subject-access-search`: a page of entries with the totals. */
export const AccessSearchResponseStruct = type({
  subject: string(),
  actions: array(string()),
  resource_types: array(enums(SEARCH_RESOURCE_TYPES)),
  total: number(),
  resource_total: number(),
  limit: number(),
  offset: number(),
  results: array(AccessSearchEntryStruct),
});
export type AccessSearchResponse = Infer<typeof AccessSearchResponseStruct>;
