import type { ReactNode } from 'react';
import type { PlaybookParameter } from '../../../../api/schemas/playbooks';
import { FormFieldGroup } from '../../../../ui/form/FormFieldGroup';
import type { PickerOption } from '../../../../ui/ResourcePicker';
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

/** What a picker parameter gives its picker: its label, the chosen id, the error and the flags. */
export function pickerProps({
  parameter,
  value,
  error,
  disabled,
  onChange,
}: Pick<ParameterFieldProps, 'parameter' | 'value' | 'error' | 'disabled' | 'onChange'>) {
  return {
    label: parameterLabel(parameter),
    value: textOf(value) || undefined,
    onChange: (option: PickerOption | undefined) => onChange(option?.value ?? ''),
    error,
    required: parameter.required === true,
    disabled,
  };
}

/** A picker parameter: the picker (which labels itself), then the description; leaving it is the blur. */
export function PickerChrome({
  parameter,
  onBlur,
  children,
}: Pick<ParameterFieldProps, 'parameter' | 'onBlur'> & { children: ReactNode }) {
  return (
    <div onBlur={onBlur}>
      {children}
      {parameter.description && <p className="mc-run-description">{parameter.description}</p>}
    </div>
  );
}
