import { Classes, FormGroup, InputGroup } from '@blueprintjs/core';
import { Field } from 'react-final-form';
import type { FieldMetaState } from 'react-final-form';
import type { FieldChromeProps } from './FormFieldGroup';
import { useFieldDisabled } from './FormFieldGroup';
import { AddRowButton, RemoveRowButton } from './RowButtons';
import { shownError } from './fieldError';

export interface KeyValuePair {
  key: string;
  value: string;
}

/** Pairs of a map, in key order. */
export function toPairs(
  record: Readonly<Record<string, string>> | null | undefined,
): KeyValuePair[] {
  return Object.entries(record ?? {})
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => ({ key, value }));
}

/** The map of the pairs with a key (trimmed); a later pair of the same key wins. */
export function fromPairs(pairs: readonly KeyValuePair[]): Record<string, string> {
  const record: Record<string, string> = {};
  for (const { key, value } of pairs) {
    if (key.trim() !== '') record[key.trim()] = value;
  }
  return record;
}

/** What a field's rows editor shows around the rows: label, help, the error once shown. */
export interface EditorChrome {
  label: string;
  onBlur: () => void;
  helperText: string | undefined;
  error: string | undefined;
  disabled: boolean;
}

/** A rows editor's chrome from its field: text help only, the error once it is shown. */
export function editorChrome(
  { label, helperText }: Pick<FieldChromeProps, 'label' | 'helperText'>,
  meta: FieldMetaState<unknown>,
  onBlur: () => void,
  disabled: boolean,
): EditorChrome {
  return {
    label,
    onBlur,
    helperText: typeof helperText === 'string' ? helperText : undefined,
    error: shownError(meta),
    disabled,
  };
}

/** "A value needs a key" / "Each key once": the first problem of the pairs, or undefined. */
export function validatePairs(pairs: readonly KeyValuePair[] | undefined): string | undefined {
  const keys = new Set<string>();
  for (const { key, value } of pairs ?? []) {
    const trimmed = key.trim();
    if (trimmed === '' && value.trim() !== '') return 'A value needs a key';
    if (trimmed !== '' && keys.has(trimmed)) return `The key ${trimmed} is given twice`;
    keys.add(trimmed);
  }
  return undefined;
}

export interface KeyValueEditorProps {
  /** The group's label ("Labels", "Tags"): also names each row's inputs. */
  label: string;
  pairs: readonly KeyValuePair[];
  onChange: (pairs: KeyValuePair[]) => void;
  onBlur?: () => void;
  helperText?: string | undefined;
  error?: string | undefined;
  disabled?: boolean;
}

/** `key = value` rows with Add and Remove: the control of `KeyValueField`, usable alone. */
export function KeyValueEditor({
  label,
  pairs,
  onChange,
  onBlur,
  helperText,
  error,
  disabled = false,
}: KeyValueEditorProps) {
  const singular = label.replace(/s$/, '');
  const update = (index: number, change: Partial<KeyValuePair>) =>
    onChange(pairs.map((pair, i) => (i === index ? { ...pair, ...change } : pair)));
  return (
    <FormGroup label={label} helperText={error ?? helperText} intent={error ? 'danger' : 'none'}>
      <div role="group" aria-label={label} className="mc-key-values" onBlur={onBlur}>
        {pairs.map((pair, index) => (
          <div key={index} className="mc-key-value-row">
            <InputGroup
              aria-label={`${singular} ${index + 1} key`}
              placeholder="key"
              value={pair.key}
              disabled={disabled}
              onValueChange={(key) => update(index, { key })}
            />
            <span className={Classes.TEXT_MUTED}>=</span>
            <InputGroup
              aria-label={`${singular} ${index + 1} value`}
              placeholder="value"
              value={pair.value}
              disabled={disabled}
              onValueChange={(value) => update(index, { value })}
            />
            <RemoveRowButton
              noun={singular}
              index={index}
              disabled={disabled}
              onClick={() => onChange(pairs.filter((_, i) => i !== index))}
            />
          </div>
        ))}
        <AddRowButton
          noun={singular}
          disabled={disabled}
          onClick={() => onChange([...pairs, { key: '', value: '' }])}
        />
      </div>
    </FormGroup>
  );
}

export interface KeyValueFieldProps extends Omit<FieldChromeProps, 'required'> {
  /** The field holds `KeyValuePair[]` (convert with `toPairs` / `fromPairs`). */
  name: string;
}

/** Labels, tags and other string maps, edited as rows of pairs. */
export function KeyValueField({ name, label, helperText, disabled }: KeyValueFieldProps) {
  const isDisabled = useFieldDisabled(disabled);
  return (
    <Field<KeyValuePair[]> name={name} validate={validatePairs}>
      {({ input, meta }) => (
        <KeyValueEditor
          {...editorChrome({ label, helperText }, meta, () => input.onBlur(), isDisabled)}
          pairs={input.value || []}
          onChange={(pairs) => input.onChange(pairs)}
        />
      )}
    </Field>
  );
}
