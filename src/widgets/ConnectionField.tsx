import type { ReactNode } from 'react';
import { Field } from 'react-final-form';
import { useFieldDisabled } from '../ui/form/FormFieldGroup';
import { requiredValue, shownError } from '../ui/form/fieldError';
import { CONNECTION_PREFIX, ConnectionRefPicker } from './pickers';

export interface ConnectionFieldProps {
  /** The field holds `connection://{namespace}/{name}`, or (with `freeText`) what was typed. */
  name: string;
  /** Default "Connection". */
  label?: string;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /**
   * Keeps typed text that is not a saved connection (a connection string, a URL); default
   * false: only a saved connection can be chosen.
   */
  freeText?: boolean;
}

/**
 * The form field of a saved connection, wherever a spec takes one (scrapers, checks,
 * notification channels): searched by name as the user types (api.md MISC-03), stored as the
 * reference the backend resolves.
 */
export function ConnectionField({
  name,
  label = 'Connection',
  helperText,
  required = false,
  disabled,
  freeText = false,
}: ConnectionFieldProps) {
  const isDisabled = useFieldDisabled(disabled);
  return (
    <Field<string | undefined> name={name} validate={required ? requiredValue : undefined}>
      {({ input, meta }) => {
        const value = typeof input.value === 'string' ? input.value : '';
        const error = shownError(meta);
        return (
          <ConnectionRefPicker
            label={label}
            placeholder="Search connections"
            required={required}
            disabled={isDisabled}
            freeText={freeText}
            value={value || undefined}
            valueLabel={
              value.startsWith(CONNECTION_PREFIX) ? value.slice(CONNECTION_PREFIX.length) : value
            }
            onChange={(option) => input.onChange(option?.value || undefined)}
            onBlur={() => input.onBlur()}
            helperText={helperText}
            {...(error ? { error } : {})}
          />
        );
      }}
    </Field>
  );
}
