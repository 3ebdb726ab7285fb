import { Classes, FormGroup, InputGroup } from '@blueprintjs/core';
import { Field } from 'react-final-form';
import { FieldArray } from 'react-final-form-arrays';
import { useFieldDisabled } from './FormFieldGroup';
import { AddRowButton, RemoveRowButton } from './RowButtons';

/** One row of a `NameValueListField`. */
export interface NameValue {
  name?: string;
  value?: string;
}

export interface NameValueListFieldProps {
  /** The field holds `{ name, value }[]` (HTTP headers, environment variables). */
  name: string;
  /** The group's label ("Headers"): also names each row's inputs ("Header 1 name"). */
  label: string;
  helperText?: string;
  disabled?: boolean;
}

interface PartInputProps {
  /** The row's field name (`headers[0]`). */
  row: string;
  part: keyof NameValue;
  /** The row's label (`Header 1`), followed by the part. */
  label: string;
  disabled: boolean;
}

/** The input of a row's name or value: labelled `Header 1 name`, the part as placeholder. */
function PartInput({ row, part, label, disabled }: PartInputProps) {
  return (
    <Field<string | undefined> name={`${row}.${part}`}>
      {({ input }) => (
        <InputGroup
          {...input}
          value={input.value ?? ''}
          aria-label={`${label} ${part}`}
          placeholder={part}
          disabled={disabled}
        />
      )}
    </Field>
  );
}

/**
 * An ordered list of `{ name, value }` rows with Add and Remove, kept as a list (a name may
 * repeat, as HTTP headers do). The surrounding form needs final-form-arrays' mutators.
 */
export function NameValueListField({ name, label, helperText, disabled }: NameValueListFieldProps) {
  const isDisabled = useFieldDisabled(disabled);
  const singular = label.replace(/s$/, '');
  return (
    <FieldArray name={name}>
      {({ fields }) => (
        <FormGroup label={label} helperText={helperText}>
          <div role="group" aria-label={label} className="mc-key-values">
            {fields.map((row, index) => (
              <div key={row} className="mc-key-value-row">
                <PartInput
                  row={row}
                  part="name"
                  label={`${singular} ${index + 1}`}
                  disabled={isDisabled}
                />
                <span className={Classes.TEXT_MUTED}>:</span>
                <PartInput
                  row={row}
                  part="value"
                  label={`${singular} ${index + 1}`}
                  disabled={isDisabled}
                />
                <RemoveRowButton
                  noun={singular}
                  index={index}
                  disabled={isDisabled}
                  onClick={() => fields.remove(index)}
                />
              </div>
            ))}
            <AddRowButton
              noun={singular}
              disabled={isDisabled}
              onClick={() => fields.push({ name: '', value: '' })}
            />
          </div>
        </FormGroup>
      )}
    </FieldArray>
  );
}
