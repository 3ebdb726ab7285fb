import { useState } from 'react';
import type { FieldInputProps } from 'react-final-form';
import { Field } from 'react-final-form';
import { useFieldDisabled } from '../../../../../ui/form/FormFieldGroup';
import type { KeyValuePair } from '../../../../../ui/form/KeyValueField';
import {
  KeyValueEditor,
  fromPairs,
  toPairs,
  validatePairs,
} from '../../../../../ui/form/KeyValueField';
import { shownError } from '../../../../../ui/form/fieldError';

type StringMap = Record<string, string>;

/** Whether two string maps hold the same entries. */
export function sameMap(a: Readonly<StringMap>, b: Readonly<StringMap>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => b[key] === a[key]);
}

/** The map the form holds for the pairs: undefined when no pair has a key. */
export function mapOfPairs(pairs: readonly KeyValuePair[]): StringMap | undefined {
  const map = fromPairs(pairs);
  return Object.keys(map).length === 0 ? undefined : map;
}

interface MapEditorProps {
  input: FieldInputProps<StringMap | undefined>;
  label: string;
  helperText: string | undefined;
  error: string | undefined;
  disabled: boolean;
}

/**
 * The rows being edited stay here (a row without its key yet, a key typed twice) while the form
 * holds the map they make; a map set from outside (a reset) replaces the rows.
 */
function MapEditor({ input, label, helperText, error, disabled }: MapEditorProps) {
  const value = input.value || {};
  const [pairs, setPairs] = useState(() => toPairs(value));
  const shown = sameMap(fromPairs(pairs), value) ? pairs : toPairs(value);
  return (
    <KeyValueEditor
      label={label}
      pairs={shown}
      onChange={(next) => {
        setPairs(next);
        input.onChange(mapOfPairs(next));
      }}
      onBlur={() => input.onBlur()}
      helperText={helperText}
      error={validatePairs(shown) ?? error}
      disabled={disabled}
    />
  );
}

export interface MapFieldProps {
  /** The field holds a string map (`{ env: 'prod' }`), or nothing when empty. */
  name: string;
  /** The group's label ("Tags"); also names each row's inputs ("Tag 1 key"). */
  label: string;
  helperText?: string;
  disabled?: boolean;
}

/** A string map (tags, labels) edited as `key = value` rows, stored as the map itself. */
export function MapField({ name, label, helperText, disabled }: MapFieldProps) {
  const isDisabled = useFieldDisabled(disabled);
  return (
    <Field<StringMap | undefined> name={name}>
      {({ input, meta }) => (
        <MapEditor
          input={input}
          label={label}
          helperText={helperText}
          error={shownError(meta)}
          disabled={isDisabled}
        />
      )}
    </Field>
  );
}
