import type { Intent } from '@blueprintjs/core';
import { FormGroup } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { createContext, useContext, useId } from 'react';
import type { FieldInputProps } from 'react-final-form';
import { Field } from 'react-final-form';
import type { Validator } from './fieldError';
import { firstError, requiredRule, shownError } from './fieldError';

/** Set by `FormDialog` (read-only records, a submission under way): every kit field follows it. */
export const FormDisabledContext = createContext(false);

/** Whether a kit field is disabled: by its own prop or by the form around it. */
export function useFieldDisabled(disabled: boolean | undefined): boolean {
  return useContext(FormDisabledContext) || disabled === true;
}

/** What every kit field takes besides its name. */
export interface FieldChromeProps {
  /** The label above the control; also its accessible name. */
  label: string;
  /**
   * Marks the label "(required)" and fails an empty value with "This field is required", or
   * with this text when it is one ("Name is required").
   */
  required?: boolean | string;
  /** A hint under the control, replaced by the error while there is one. */
  helperText?: ReactNode;
  /** Disables the control (a form-wide disable applies as well). */
  disabled?: boolean;
}

export interface FormFieldGroupProps {
  /** The id of the control the label points at. */
  id: string;
  label: string;
  required?: boolean | string | undefined;
  helperText?: ReactNode;
  /** The error to show, from `shownError`. */
  error: string | undefined;
  children: ReactNode;
}

/** Label, control and the helper text or error under it, in the console's one layout. */
export function FormFieldGroup({
  id,
  label,
  required,
  helperText,
  error,
  children,
}: FormFieldGroupProps) {
  return (
    <FormGroup
      label={label}
      labelFor={id}
      labelInfo={required ? '(required)' : undefined}
      helperText={error ?? helperText}
      intent={error ? 'danger' : 'none'}
    >
      {children}
    </FormGroup>
  );
}

/** What a kit field's control is given by `KitField`. */
export interface KitControl<Value> {
  input: FieldInputProps<Value>;
  /** The control's id (the label points at it). */
  id: string;
  /** The error to show now (one rule for every field: see `shownError`). */
  error: string | undefined;
  disabled: boolean;
  /** `intent` and `aria-invalid` of a control showing `error`. */
  invalid: { intent: Intent; 'aria-invalid': true | undefined };
}

export interface KitFieldProps<Value> extends FieldChromeProps {
  name: string;
  /** The field's own rule; with `required`, an empty value also fails (`requiredRule`). */
  validate?: Validator<Value>;
  /** Replaces the required rule and `validate` (a field whose emptiness has its own message). */
  validateAll?: Validator<Value>;
  children: (control: KitControl<Value>) => ReactNode;
}

/**
 * A react-final-form field in the kit's chrome: the label (with "(required)"), the control
 * `children` renders, and the helper text or the error under it, shown by the one rule.
 */
export function KitField<Value>({
  name,
  label,
  required,
  helperText,
  disabled,
  validate,
  validateAll,
  children,
}: KitFieldProps<Value>) {
  const id = useId();
  const isDisabled = useFieldDisabled(disabled);
  const rule = validateAll ?? firstError<Value>(validate, requiredRule(required));
  return (
    <Field<Value> name={name} validate={rule}>
      {({ input, meta }) => {
        const error = shownError(meta);
        return (
          <FormFieldGroup
            id={id}
            label={label}
            required={required}
            helperText={helperText}
            error={error}
          >
            {children({
              input,
              id,
              error,
              disabled: isDisabled,
              invalid: {
                intent: error ? 'danger' : 'none',
                'aria-invalid': error ? true : undefined,
              },
            })}
          </FormFieldGroup>
        );
      }}
    </Field>
  );
}
