import type { TypeFormProps } from '../../types';
import { IconField } from '../../../../ui/form/IconField';
import { TextField } from '../../../../ui/form/TextField';

/** The full name of a field of the check edited under `prefix`: `at('spec.http[0]', 'url')`. */
export function at(prefix: string, name: string): string {
  return prefix === '' ? name : `${prefix}.${name}`;
}

/**
 * The labels of the fields every check has: told apart from the resource's own Name and Icon
 * above the form (the check's name follows the resource's while they are equal).
 */
export const COMMON_CHECK_LABELS = {
  name: 'Check name',
  icon: 'Check icon',
  description: 'Description',
} as const;

/**
 * The fields every health check has (spec 002 §3.8): name, icon and description. The schedule
 * belongs to the canary, and is the editor's.
 */
export function CommonCheckFields({ prefix, disabled }: TypeFormProps) {
  return (
    <>
      <TextField
        name={at(prefix, 'name')}
        label={COMMON_CHECK_LABELS.name}
        required
        disabled={disabled}
      />
      <IconField name={at(prefix, 'icon')} label={COMMON_CHECK_LABELS.icon} disabled={disabled} />
      <TextField
        name={at(prefix, 'description')}
        label={COMMON_CHECK_LABELS.description}
        disabled={disabled}
      />
    </>
  );
}

/** A username and a password at `prefix` (HTTP's authentication methods, Redis). */
export function CredentialFields({ prefix, disabled }: TypeFormProps) {
  return (
    <>
      <TextField
        name={at(prefix, 'username')}
        label="Username"
        autoComplete="off"
        disabled={disabled}
      />
      <TextField
        name={at(prefix, 'password')}
        label="Password"
        type="password"
        autoComplete="new-password"
        disabled={disabled}
      />
    </>
  );
}
