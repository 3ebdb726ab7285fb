import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useId } from 'react';
import { useField, useForm } from 'react-final-form';
import { useFieldDisabled } from './FormFieldGroup';
import { TextField } from './TextField';

/** Where a value of a scrape config comes from (an `EnvVar` of the backend). */
export type EnvVarSource = 'value' | 'secret' | 'configMap';

export const ENV_VAR_SOURCES: ReadonlyArray<{ value: EnvVarSource; label: string }> = [
  { value: 'value', label: 'Value' },
  { value: 'secret', label: 'Secret' },
  { value: 'configMap', label: 'ConfigMap' },
];

/** The key under `valueFrom` of each source read from a cluster object. */
const REF_KEYS = { secret: 'secretKeyRef', configMap: 'configMapKeyRef' } as const;

/** The source an `EnvVar` value uses: a secret or config map reference, else a plain value. */
export function envVarSource(value: unknown): EnvVarSource {
  if (typeof value !== 'object' || value === null) return 'value';
  const from = (value as { valueFrom?: unknown }).valueFrom;
  if (typeof from !== 'object' || from === null) return 'value';
  if (REF_KEYS.secret in from) return 'secret';
  if (REF_KEYS.configMap in from) return 'configMap';
  return 'value';
}

/** A fresh `EnvVar` of a source: nothing for a plain value, an empty reference otherwise. */
export function emptyEnvVar(source: EnvVarSource): Record<string, unknown> | undefined {
  return source === 'value' ? undefined : { valueFrom: { [REF_KEYS[source]]: {} } };
}

export interface EnvVarFieldProps {
  /** The field holds an `EnvVar`: `{ value }` or `{ valueFrom: { secretKeyRef: { name, key } } }`. */
  name: string;
  label: string;
  /** A plain value is required (and a reference's name and key). */
  required?: boolean;
  /** Masks a plain value. */
  secret?: boolean;
  placeholder?: string;
  disabled?: boolean;
}

/**
 * A value given in the spec, or read from a Secret or ConfigMap of the cluster. Changing the
 * source clears what the other source held.
 */
export function EnvVarField({
  name,
  label,
  required = false,
  secret = false,
  placeholder,
  disabled,
}: EnvVarFieldProps) {
  const id = useId();
  const form = useForm();
  const isDisabled = useFieldDisabled(disabled);
  const { input } = useField<unknown>(name, { subscription: { value: true } });
  const source = envVarSource(input.value);
  return (
    <div className="mc-env-var-field">
      <FormGroup label={`${label} from`} labelFor={id} inline>
        <HTMLSelect
          id={id}
          value={source}
          disabled={isDisabled}
          options={[...ENV_VAR_SOURCES]}
          onChange={(event) =>
            form.change(name, emptyEnvVar(event.currentTarget.value as EnvVarSource))
          }
        />
      </FormGroup>
      {source === 'value' ? (
        <TextField
          name={`${name}.value`}
          label={label}
          type={secret ? 'password' : 'text'}
          required={required}
          placeholder={placeholder}
          disabled={disabled}
        />
      ) : (
        <>
          <TextField
            name={`${name}.valueFrom.${REF_KEYS[source]}.name`}
            label={`${label} ${source === 'secret' ? 'secret' : 'config map'} name`}
            required
            disabled={disabled}
          />
          <TextField
            name={`${name}.valueFrom.${REF_KEYS[source]}.key`}
            label={`${label} ${source === 'secret' ? 'secret' : 'config map'} key`}
            required
            disabled={disabled}
          />
        </>
      )}
    </div>
  );
}
