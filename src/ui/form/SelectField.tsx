import { HTMLSelect, Switch } from '@blueprintjs/core';
import { Field } from 'react-final-form';
import type { FieldChromeProps } from './FormFieldGroup';
import { KitField, useFieldDisabled } from './FormFieldGroup';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends FieldChromeProps {
  name: string;
  options: readonly SelectOption[];
  /** A first, empty choice ("Select a role"); without it the first option is preselected. */
  placeholder?: string;
}

/**
 * One choice of a short list. A value that is not among the options (a role the console does
 * not know yet) is kept and shown as it is, never silently replaced.
 */
export function SelectField({ options, placeholder, ...field }: SelectFieldProps) {
  return (
    <KitField<string | undefined> {...field}>
      {({ input, id, disabled, invalid }) => {
        const value = input.value ?? '';
        const known = value === '' || options.some((option) => option.value === value);
        return (
          <HTMLSelect
            id={id}
            name={input.name}
            value={value}
            disabled={disabled}
            aria-invalid={invalid['aria-invalid']}
            onChange={(event) => input.onChange(event.currentTarget.value)}
            onBlur={() => input.onBlur()}
            onFocus={() => input.onFocus()}
            options={[
              ...(placeholder !== undefined ? [{ value: '', label: placeholder }] : []),
              ...(known ? [] : [{ value, label: value }]),
              ...options,
            ]}
          />
        );
      }}
    </KitField>
  );
}

export interface SwitchFieldProps {
  name: string;
  label: string;
  helperText?: string;
  disabled?: boolean;
}

/** A boolean as a switch. */
export function SwitchField({ name, label, disabled }: SwitchFieldProps) {
  const isDisabled = useFieldDisabled(disabled);
  return (
    <Field<boolean> name={name} type="checkbox">
      {({ input }) => (
        <Switch
          name={input.name}
          label={label}
          checked={input.checked ?? false}
          disabled={isDisabled}
          onChange={(event) => input.onChange(event.currentTarget.checked)}
        />
      )}
    </Field>
  );
}
