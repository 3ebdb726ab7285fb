import { InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import type { FieldInputProps } from 'react-final-form';
import type { FieldChromeProps } from './FormFieldGroup';
import { KitField } from './FormFieldGroup';
import { NOT_A_NUMBER, requiredMessage } from './fieldError';

const NUMERIC = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/**
 * What a number field holds for the text typed: undefined when empty, a number when numeric
 * (an integer unless `decimals`), else the text itself, which validation then rejects.
 */
export function parseNumber(text: string, decimals = false): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (!NUMERIC.test(trimmed)) return text;
  const value = Number(trimmed);
  return decimals ? value : Math.trunc(value);
}

/** Spec 002 §5.3: required and empty, or not a number. */
export function validateNumber(
  value: unknown,
  required: boolean | string = false,
): string | undefined {
  if (value === undefined || value === null || value === '') return requiredMessage(required);
  return typeof value === 'number' && Number.isFinite(value) ? undefined : NOT_A_NUMBER;
}

export interface NumberFieldProps extends FieldChromeProps {
  name: string;
  /** Keeps decimals; integers are parsed otherwise. Default false. */
  decimals?: boolean;
  placeholder?: string;
  /** A rule on the number itself (range, ...), run once it is a number. */
  validate?: (value: number, allValues: object) => string | undefined;
}

interface NumberInputProps {
  id: string;
  input: FieldInputProps<number | string | undefined>;
  decimals: boolean;
  placeholder: string | undefined;
  disabled: boolean;
  error: string | undefined;
}

/**
 * The text box keeps what the user types ("12." on the way to "12.5") while the form holds
 * the parsed number; a value set from outside (a reset) replaces the text.
 */
function NumberInput({ id, input, decimals, placeholder, disabled, error }: NumberInputProps) {
  const value = input.value;
  const [text, setText] = useState(() =>
    value === undefined || value === '' ? '' : String(value),
  );
  const parsed = parseNumber(text, decimals);
  const shown =
    parsed === value || (parsed === undefined && value === '') ? text : String(value ?? '');
  return (
    <InputGroup
      id={id}
      name={input.name}
      value={shown}
      onValueChange={(next) => {
        setText(next);
        input.onChange(parseNumber(next, decimals));
      }}
      onBlur={() => input.onBlur()}
      onFocus={() => input.onFocus()}
      inputMode={decimals ? 'decimal' : 'numeric'}
      placeholder={placeholder}
      disabled={disabled}
      intent={error ? 'danger' : 'none'}
      aria-invalid={error ? true : undefined}
    />
  );
}

/** A number: the value is a number (or undefined), with spec 002 §5.3's messages. */
export function NumberField({
  required = false,
  decimals = false,
  placeholder,
  validate,
  ...field
}: NumberFieldProps) {
  return (
    <KitField<number | string | undefined>
      {...field}
      required={required}
      validateAll={(value, allValues) =>
        validateNumber(value, required) ??
        (typeof value === 'number' && validate ? validate(value, allValues) : undefined)
      }
    >
      {({ input, id, disabled, error }) => (
        <NumberInput
          id={id}
          input={input}
          decimals={decimals}
          placeholder={placeholder}
          disabled={disabled}
          error={error}
        />
      )}
    </KitField>
  );
}
