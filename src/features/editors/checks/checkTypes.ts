import { typeCatalogue } from '../typeCatalogue';
import type { TypeForms } from '../typeCatalogue';
import type { EditorType } from '../types';
import CATALOGUE from './checkTypes.json';
import { CHECK_FORMS } from './forms';

/**
 * The health checks' types (spec 002 §2.12), by canary-checker's spec keys, in the data file:
 * nine with a form (their Form and defaults come from `CHECK_FORMS`), the others code only.
 * GCS, SMB and SFTP are `folder` checks whose path names the protocol, with its connection
 * (canary-checker has no key of their own); SQL Query is a `postgres` check. A check entry
 * starts with a `name` (it mirrors the resource's name, spec 002 §3.8).
 */
const CHECKS = typeCatalogue(CATALOGUE, () => ({ name: '' }));

/** The file of the health-check spec's JSON schema (MISC-06). */
export const CHECK_SCHEMA = CHECKS.schema;

/** Every health-check type of the picker, sorted by label, with the forms of `forms`. */
export function checkTypes(forms: TypeForms = CHECK_FORMS): EditorType[] {
  return CHECKS.types(forms);
}

/** The ids of the types spec 002 §2.12 gives a form. */
export const CHECK_FORM_TYPE_IDS = CHECKS.formTypeIds;
