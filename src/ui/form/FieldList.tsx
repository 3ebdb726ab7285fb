import { EnvVarField } from './EnvVarField';
import type { FieldKinds, FieldListProps } from './FieldListOf';
import { FieldListOf } from './FieldListOf';
import { IconField } from './IconField';
import { KeyValueMapField } from './KeyValueMapField';
import { NameValueListField } from './NameValueListField';
import { NumberField } from './NumberField';
import { SelectField, SwitchField } from './SelectField';
import { MultiSelectField, TagsField } from './TagsField';
import { TextAreaField, TextField } from './TextField';

export type {
  CustomFieldSpec,
  FieldKind,
  FieldListProps,
  FieldSpec,
  ObjectsFieldSpec,
} from './FieldListOf';
export { field, fieldPath } from './FieldListOf';

/** Every kit field a field list may be made of, by the kind its entries name. */
const FIELD_KINDS: FieldKinds = {
  text: TextField,
  textarea: TextAreaField,
  number: NumberField,
  select: SelectField,
  switch: SwitchField,
  tags: TagsField,
  multiselect: MultiSelectField,
  envVar: EnvVarField,
  map: KeyValueMapField,
  nameValues: NameValueListField,
  icon: IconField,
};

/** A run of kit fields said as data: each entry drawn by the kit field of its kind, in order. */
export function FieldList(props: FieldListProps) {
  return <FieldListOf kinds={FIELD_KINDS} {...props} />;
}
