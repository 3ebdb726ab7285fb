import type { ComponentProps, ComponentType, ReactNode } from 'react';
import { Fragment } from 'react';
import type { EnvVarField } from './EnvVarField';
import type { IconField } from './IconField';
import type { KeyValueMapField } from './KeyValueMapField';
import type { NameValueListField } from './NameValueListField';
import type { NumberField } from './NumberField';
import type { ObjectListFieldProps } from './ObjectListField';
import { ObjectListField } from './ObjectListField';
import type { SelectField, SwitchField } from './SelectField';
import type { MultiSelectField, TagsField } from './TagsField';
import type { TextAreaField, TextField } from './TextField';

/** The kit fields a field list may be made of, by the kind its entries name. */
export interface FieldKinds {
  text: typeof TextField;
  textarea: typeof TextAreaField;
  number: typeof NumberField;
  select: typeof SelectField;
  switch: typeof SwitchField;
  tags: typeof TagsField;
  multiselect: typeof MultiSelectField;
  envVar: typeof EnvVarField;
  map: typeof KeyValueMapField;
  nameValues: typeof NameValueListField;
  icon: typeof IconField;
}

/** The kinds of field a list may hold. */
export type FieldKind = keyof FieldKinds;

/** A field the kit does not have (one bound to the API, a list of objects): drawn by `render`. */
export interface CustomFieldSpec {
  kind: 'custom';
  name: string;
  /** The field, given its full name and the list's `disabled`. */
  render: (name: string, disabled: boolean | undefined) => ReactNode;
}

/** A list of objects, each entry's fields said as a field list under the entry. */
export interface ObjectsFieldSpec extends Omit<ObjectListFieldProps, 'children' | 'disabled'> {
  kind: 'objects';
  /** The fields of one entry, named under it. */
  fields: readonly FieldSpec[];
}

/**
 * One field of a list: its kind, its name under the list's prefix, and the props of its kit
 * field (label, placeholder, help, options, ...); `disabled` is the list's.
 */
export type FieldSpec =
  | {
      [K in FieldKind]: { kind: K } & Omit<ComponentProps<FieldKinds[K]>, 'disabled'>;
    }[FieldKind]
  | CustomFieldSpec
  | ObjectsFieldSpec;

/** A kit field's props beyond its kind, name and label. */
type MoreProps<K extends FieldKind> = Omit<
  ComponentProps<FieldKinds[K]>,
  'name' | 'label' | 'disabled'
>;

/**
 * A field spec said in one line: `field('text', 'url', 'URL', { required: true })`; the last
 * argument may be left out unless the kind needs more (a select's options).
 */
export function field<K extends FieldKind>(
  kind: K,
  name: string,
  label: string,
  ...[more]: Partial<MoreProps<K>> extends MoreProps<K> ? [MoreProps<K>?] : [MoreProps<K>]
): FieldSpec {
  return { kind, name, label, ...more } as FieldSpec;
}

/** The full name of a field under `prefix`: `fieldPath('spec.http[0]', 'url')`; no prefix, the name. */
export function fieldPath(prefix: string, name: string): string {
  return prefix === '' ? name : `${prefix}.${name}`;
}

export interface FieldListProps {
  /** Where the fields are in the form's values (`spec.aws[0]`); the names as they are without. */
  prefix?: string;
  /** The fields, in the order they are shown. */
  fields: readonly FieldSpec[];
  disabled?: boolean;
}

export interface FieldListOfProps extends FieldListProps {
  /** The kit fields of the kinds `fields` name (every kind they name must be there). */
  kinds: Partial<FieldKinds>;
}

/**
 * A run of kit fields said as data, drawn by the kit fields given in `kinds`: a list that names
 * only a few kinds loads only their code (`FieldList` has every kind).
 */
export function FieldListOf({ kinds, prefix = '', fields, disabled }: FieldListOfProps) {
  return (
    <>
      {fields.map((field) => {
        const name = fieldPath(prefix, field.name);
        if (field.kind === 'custom') {
          return <Fragment key={name}>{field.render(name, disabled)}</Fragment>;
        }
        if (field.kind === 'objects') {
          const { kind: _objects, fields: entryFields, ...list } = field;
          return (
            <ObjectListField key={name} {...list} name={name} disabled={disabled}>
              {(entry) => (
                <FieldListOf
                  kinds={kinds}
                  prefix={entry}
                  fields={entryFields}
                  disabled={disabled}
                />
              )}
            </ObjectListField>
          );
        }
        const { kind, ...props } = field;
        const Field = kinds[kind] as
          ComponentType<{ name: string; disabled?: boolean }> | undefined;
        if (!Field) throw new Error(`A field list was given no field of kind ${kind}`);
        return <Field key={name} {...props} name={name} disabled={disabled} />;
      })}
    </>
  );
}
