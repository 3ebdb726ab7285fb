import type { TypeFormProps } from '../../types';
import { KeyValueMapField } from '../../../../ui/form/KeyValueMapField';
import { TagsField } from '../../../../ui/form/TagsField';
import { TextField } from '../../../../ui/form/TextField';
import { at, CommonCheckFields } from './common';

/** A new Alert Manager check. */
export function alertManagerDefaults(): Record<string, unknown> {
  return { name: '' };
}

/** The form of an Alert Manager check: which firing alerts make it fail. */
export function AlertManagerCheckForm({ prefix, disabled }: TypeFormProps) {
  return (
    <>
      <CommonCheckFields prefix={prefix} disabled={disabled} />
      <TextField
        name={at(prefix, 'host')}
        label="Host"
        placeholder="http://alertmanager:9093"
        required
        disabled={disabled}
      />
      <TagsField
        name={at(prefix, 'alerts')}
        label="Alerts"
        helperText="The alert names to look for; Enter adds one"
        disabled={disabled}
      />
      <KeyValueMapField
        name={at(prefix, 'filters')}
        label="Filters"
        helperText="Labels an alert must have"
        disabled={disabled}
      />
      <TagsField
        name={at(prefix, 'ignore')}
        label="Ignore"
        helperText="Alert names to leave out; Enter adds one"
        disabled={disabled}
      />
    </>
  );
}
