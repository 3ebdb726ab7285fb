import { useState } from 'react';
import { Field } from 'react-final-form';
import type { FieldChromeProps } from './FormFieldGroup';
import { useFieldDisabled } from './FormFieldGroup';
import type { EditorChrome, KeyValuePair } from './KeyValueField';
import { editorChrome, fromPairs, KeyValueEditor, toPairs, validatePairs } from './KeyValueField';

type StringMap = Record<string, string>;

/** Whether two maps hold the same pairs, whatever their key order. */
export function sameMap(a: Readonly<StringMap>, b: Readonly<StringMap>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => b[key] === a[key]);
}

/** The map the form holds for the rows: those with a key, or nothing when none has one. */
export function mapOfPairs(pairs: readonly KeyValuePair[]): StringMap | undefined {
  const map = fromPairs(pairs);
  return Object.keys(map).length === 0 ? undefined : map;
}

interface MapEditorProps extends EditorChrome {
  value: StringMap | undefined;
  onChange: (value: StringMap | undefined) => void;
}

/**
 * The rows are held here (a row being typed has no key yet, and the map cannot hold it); the
 * form holds the map of the rows with a key, or nothing when there is none. A map set from
 * outside (a reset, the YAML view) replaces the rows.
 */
function MapEditor({ value, onChange, ...chrome }: MapEditorProps) {
  const current = value ?? {};
  const [pairs, setPairs] = useState<KeyValuePair[]>(() => toPairs(current));
  const shown = sameMap(fromPairs(pairs), current) ? pairs : toPairs(current);
  const rowsError = validatePairs(shown);
  return (
    <KeyValueEditor
      {...chrome}
      pairs={shown}
      onChange={(next) => {
        setPairs(next);
        onChange(mapOfPairs(next));
      }}
      error={chrome.error ?? rowsError}
    />
  );
}

export interface KeyValueMapFieldProps extends Omit<FieldChromeProps, 'required'> {
  /** The field holds a `Record<string, string>` (absent when it has no pair). */
  name: string;
}

/**
 * A string map (filters, selectors) edited as `key = value` rows: unlike `KeyValueField`, the
 * form holds the map itself, as a spec stores it.
 */
export function KeyValueMapField({ name, label, helperText, disabled }: KeyValueMapFieldProps) {
  const isDisabled = useFieldDisabled(disabled);
  return (
    <Field<StringMap | undefined> name={name}>
      {({ input, meta }) => (
        <MapEditor
          {...editorChrome({ label, helperText }, meta, () => input.onBlur(), isDisabled)}
          value={input.value || undefined}
          onChange={(map) => input.onChange(map)}
        />
      )}
    </Field>
  );
}
