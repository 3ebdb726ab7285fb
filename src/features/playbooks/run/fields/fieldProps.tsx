import type { ReactNode } from 'react';
import type { PlaybookParameter } from '../../../../api/schemas/playbooks';
import { FormFieldGroup } from '../../../../ui/form/FormFieldGroup';
import { parameterLabel } from '../../model/parameters';

/** What every parameter field is given by the run dialog. */
export interface ParameterFieldProps {
  parameter: PlaybookParameter;
  /** The control's id (the label points at it). */
  id: string;
  /** What the form holds (see model/parameters.ts): a boolean for a checkbox, else text. */
  value: string | boolean;
  /** The validator's message, when it is to be shown. */
  error: string | undefined;
  disabled: boolean;
  onChange: (value: string | boolean) => void;
  /** The user left the field. */
  onBlur: () => void;
}

/** The value as text (a checkbox's boolean never reaches a text field). */
export const textOf = (value: string | boolean): string => (typeof value === 'string' ? value : '');

/** `intent` and `aria-invalid` of a control showing an error. */
export function invalidProps(error: string | undefined) {
  return {
    intent: error ? ('danger' as const) : ('none' as const),
    'aria-invalid': error ? (true as const) : undefined,
  };
}

/** A parameter's label (with "(required)"), its control, and its description or error under it. */
export function ParameterChrome({
  parameter,
  id,
  error,
  children,
}: Pick<ParameterFieldProps, 'parameter' | 'id' | 'error'> & { children: ReactNode }) {
  return (
    <FormFieldGroup
      id={id}
      label={parameterLabel(parameter)}
      required={parameter.required === true}
      helperText={parameter.description ?? undefined}
      error={error}
    >
      {children}
    </FormFieldGroup>
  );
}
