import { InputGroup, TextArea } from '@blueprintjs/core';
import type { HTMLInputAutoCompleteAttribute } from 'react';
import type { FieldChromeProps, KitControl } from './FormFieldGroup';
import { KitField } from './FormFieldGroup';
import type { Validator } from './fieldError';

export interface TextFieldProps extends FieldChromeProps {
  name: string;
  type?: 'text' | 'email' | 'url' | 'password';
  placeholder?: string;
  autoFocus?: boolean;
  autoComplete?: HTMLInputAutoCompleteAttribute;
  /** The id of a `<datalist>` of suggestions. */
  list?: string;
  /** A rule beyond "required"; runs on change and blur. */
  validate?: Validator<string | undefined>;
}

/** A text control's props from its field: the value ('' for none), id, state and intent. */
function textControl({ input, id, disabled, invalid }: KitControl<string | undefined>) {
  return { ...input, value: input.value ?? '', id, disabled, ...invalid };
}

/** A one-line text input. */
export function TextField({
  type = 'text',
  placeholder,
  autoFocus,
  autoComplete,
  list,
  ...field
}: TextFieldProps) {
  return (
    <KitField<string | undefined> {...field}>
      {(control) => (
        <InputGroup
          {...textControl(control)}
          type={type}
          placeholder={placeholder}
          autoFocus={autoFocus}
          autoComplete={autoComplete}
          list={list}
        />
      )}
    </KitField>
  );
}

export interface TextAreaFieldProps extends FieldChromeProps {
  name: string;
  placeholder?: string;
  rows?: number;
  validate?: Validator<string | undefined>;
}

/** A multi-line text input. */
export function TextAreaField({ placeholder, rows = 3, ...field }: TextAreaFieldProps) {
  return (
    <KitField<string | undefined> {...field}>
      {(control) => (
        <TextArea {...textControl(control)} rows={rows} fill placeholder={placeholder} />
      )}
    </KitField>
  );
}
