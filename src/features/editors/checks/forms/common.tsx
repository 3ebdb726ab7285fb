import type { TypeFormProps } from '../../types';
import type { FieldSpec } from '../../../../ui/form/FieldList';
import { field, fieldPath, FieldList } from '../../../../ui/form/FieldList';

/** The full name of a field of the check edited under `prefix`: `at('spec.http[0]', 'url')`. */
export const at = fieldPath;

/**
 * The labels of the fields every check has: told apart from the resource's own Name and Icon
 * above the form (the check's name follows the resource's while they are equal).
 */
export const COMMON_CHECK_LABELS = {
  name: 'Check name',
  icon: 'Check icon',
  description: 'Description',
} as const;

export { newCheck } from './defaults';

/**
 * The fields every health check has (spec 002 §3.8): name, icon and description. The schedule
 * belongs to the canary, and is the editor's.
 */
export const COMMON_CHECK_FIELDS: readonly FieldSpec[] = [
  field('text', 'name', COMMON_CHECK_LABELS.name, { required: true }),
  field('icon', 'icon', COMMON_CHECK_LABELS.icon),
  field('text', 'description', COMMON_CHECK_LABELS.description),
];

/** A username and a password (HTTP's authentication methods, Redis). */
export const CREDENTIAL_FIELDS: readonly FieldSpec[] = [
  field('text', 'username', 'Username', { autoComplete: 'off' }),
  field('text', 'password', 'Password', { type: 'password', autoComplete: 'new-password' }),
];

/** A check's form said as data: the common fields, then `fields`, all under `prefix`. */
export function CheckFields({
  prefix,
  disabled,
  fields,
}: TypeFormProps & { fields: readonly FieldSpec[] }) {
  return (
    <FieldList prefix={prefix} fields={[...COMMON_CHECK_FIELDS, ...fields]} disabled={disabled} />
  );
}
