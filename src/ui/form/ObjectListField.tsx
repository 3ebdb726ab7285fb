import { Button, Card, FormGroup } from '@blueprintjs/core';
import type { MutableRefObject, ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-final-form';
import { FieldArray } from 'react-final-form-arrays';
import { useFieldDisabled } from './FormFieldGroup';
import { AddRowButton } from './RowButtons';

export interface ObjectListFieldProps {
  /** The field holding the array, e.g. `spec.kubernetes[0].watch`. */
  name: string;
  /** The list's label ("Watch"); also the accessible name of the list. */
  label: string;
  /**
   * What one entry is called ("Resource"): the add button reads "Add resource", each entry is a
   * group named "Resource 1" and its remove button "Remove resource 1".
   */
  itemLabel: string;
  /** A new entry's values. Default: an empty object. */
  newItem?: () => Item;
  helperText?: ReactNode;
  /** Disables the buttons (a form-wide disable applies as well). */
  disabled?: boolean;
  /** The fields of one entry, named under `entry` (`spec.kubernetes[0].watch[1]`). */
  children: (entry: string, index: number) => ReactNode;
}

type Item = Record<string, unknown>;

interface EntryProps {
  name: string;
  index: number;
  /** The entries added since the last removal, by index. */
  added: MutableRefObject<Map<number, Item>>;
  children: ReactNode;
}

/**
 * One entry of the list. A field mounting where the form's initial values hold something is
 * given that value by react-final-form; an entry added where a removed one was would bring the
 * removed one back. So an added entry sets its own values once its fields are mounted (effects
 * run children first).
 */
function Entry({ name, index, added, children }: EntryProps) {
  const form = useForm();
  useEffect(() => {
    const item = added.current.get(index);
    if (item !== undefined) form.change(name, item);
  }, [form, name, index, added]);
  return <>{children}</>;
}

/**
 * A list of objects (`[{ apiVersion, kind }, ...]`) edited entry by entry, with Add and Remove.
 * The surrounding react-final-form `<Form>` must have final-form-arrays' mutators.
 */
export function ObjectListField({
  name,
  label,
  itemLabel,
  newItem = () => ({}),
  helperText,
  disabled,
  children,
}: ObjectListFieldProps) {
  const isDisabled = useFieldDisabled(disabled);
  const noun = itemLabel.toLowerCase();
  const added = useRef(new Map<number, Item>());
  return (
    <FieldArray name={name}>
      {({ fields }) => (
        <FormGroup label={label} helperText={helperText}>
          <div role="group" aria-label={label}>
            {fields.map((entry, index) => (
              <Card
                key={entry}
                compact
                role="group"
                aria-label={`${itemLabel} ${index + 1}`}
                className="mc-object-list-entry"
              >
                <Entry name={entry} index={index} added={added}>
                  {children(entry, index)}
                </Entry>
                <Button
                  variant="minimal"
                  intent="danger"
                  icon="trash"
                  text="Remove"
                  aria-label={`Remove ${noun} ${index + 1}`}
                  disabled={isDisabled}
                  onClick={() => {
                    added.current.clear();
                    fields.remove(index);
                  }}
                />
              </Card>
            ))}
            <AddRowButton
              noun={noun}
              disabled={isDisabled}
              onClick={() => {
                const item = newItem();
                added.current.set(fields.length ?? 0, item);
                fields.push(item);
              }}
            />
          </div>
        </FormGroup>
      )}
    </FieldArray>
  );
}
