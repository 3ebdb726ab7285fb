import { FormGroup } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { createContext, useContext } from 'react';

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
