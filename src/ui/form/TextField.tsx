import { InputGroup, TextArea } from '@blueprintjs/core';
import type { HTMLInputAutoCompleteAttribute } from 'react';
import { useId } from 'react';
import { Field } from 'react-final-form';
import type { FieldChromeProps } from './FormFieldGroup';
import { FormFieldGroup, useFieldDisabled } from './FormFieldGroup';
import { firstError, requiredRule, shownError } from './fieldError';

export interface TextFieldProps extends FieldChromeProps {
  name: string;
  type?: 'text' | 'email' | 'url' | 'password';
  placeholder?: string;
  autoFocus?: boolean;
  autoComplete?: HTMLInputAutoCompleteAttribute;
  /** The id of a `<datalist>` of suggestions. */
  list?: string;
  /** A rule beyond "required"; runs on change and blur. */
  validate?: (value: string | undefined, allValues: object) => string | undefined;
}

/** A one-line text input. */
export function TextField({
  name,
  label,
  required,
  helperText,
  disabled,
  type = 'text',
  placeholder,
  autoFocus,
  autoComplete,
  list,
  validate,
}: TextFieldProps) {
  const id = useId();
  const isDisabled = useFieldDisabled(disabled);
  return (
    <Field<string> name={name} validate={firstError(validate, requiredRule(required))}>
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
            <InputGroup
              {...input}
              value={input.value ?? ''}
              id={id}
              type={type}
              placeholder={placeholder}
              autoFocus={autoFocus}
              autoComplete={autoComplete}
              list={list}
              disabled={isDisabled}
              intent={error ? 'danger' : 'none'}
              aria-invalid={error ? true : undefined}
            />
          </FormFieldGroup>
        );
      }}
    </Field>
  );
}

export interface TextAreaFieldProps extends FieldChromeProps {
  name: string;
  placeholder?: string;
  rows?: number;
  validate?: (value: string | undefined, allValues: object) => string | undefined;
}

/** A multi-line text input. */
export function TextAreaField({
  name,
  label,
  required,
  helperText,
  disabled,
  placeholder,
  rows = 3,
  validate,
}: TextAreaFieldProps) {
  const id = useId();
  const isDisabled = useFieldDisabled(disabled);
  return (
    <Field<string> name={name} validate={firstError(validate, requiredRule(required))}>
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
            <TextArea
              {...input}
              value={input.value ?? ''}
              id={id}
              rows={rows}
              fill
              placeholder={placeholder}
              disabled={isDisabled}
              intent={error ? 'danger' : 'none'}
              aria-invalid={error ? true : undefined}
            />
          </FormFieldGroup>
        );
      }}
    </Field>
  );
}
