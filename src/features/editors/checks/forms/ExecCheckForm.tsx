import type { TypeFormProps } from '../../types';
import { TextAreaField } from '../../../../ui/form/TextField';
import { at, CommonCheckFields } from './common';

/** A new exec check. */
export function execDefaults(): Record<string, unknown> {
  return { name: '', script: '' };
}

/** The form of an exec check: the script run (bash on Linux, PowerShell on Windows). */
export function ExecCheckForm({ prefix, disabled }: TypeFormProps) {
  return (
    <>
      <CommonCheckFields prefix={prefix} disabled={disabled} />
      <TextAreaField
        name={at(prefix, 'script')}
        label="Script"
        rows={8}
        required
        helperText="The check passes when the script exits with 0"
        disabled={disabled}
      />
    </>
  );
}
