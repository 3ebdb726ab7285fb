import type { FieldKinds, FieldSpec } from '../../../../ui/form/FieldListOf';
import { field, FieldListOf } from '../../../../ui/form/FieldListOf';
import { NumberField } from '../../../../ui/form/NumberField';
import { TextField } from '../../../../ui/form/TextField';

export interface RetentionFieldsProps {
  /** Where the scrape config's spec is in the form's values: its `retention` is edited. */
  prefix: string;
  disabled?: boolean;
}

/** The name of the change or config type an entry keeps. */
const TYPE_NAME: FieldSpec = field('text', 'name', 'Name', { required: true });

/**
 * The kinds of field the retention uses: the section loads their code alone, not every kit
 * field's (the selects, tags and icon pickers and their menus).
 */
const RETENTION_KINDS: Partial<FieldKinds> = { text: TextField, number: NumberField };

const RETENTION_FIELDS: readonly FieldSpec[] = [
  {
    kind: 'objects',
    name: 'retention.changes',
    label: 'Change Retention',
    itemLabel: 'Change retention',
    fields: [
      TYPE_NAME,
      field('text', 'age', 'Age', { placeholder: '7d' }),
      field('number', 'count', 'Count'),
    ],
  },
  {
    kind: 'objects',
    name: 'retention.types',
    label: 'Type Retention',
    itemLabel: 'Type retention',
    fields: [
      TYPE_NAME,
      field('text', 'createdAge', 'Created Age', { placeholder: '30d' }),
      field('text', 'updatedAge', 'Updated Age', { placeholder: '30d' }),
      field('text', 'deletedAge', 'Deleted Age', { placeholder: '7d' }),
    ],
  },
];

/**
 * How long a scraper keeps what it found (spec 002 §3.7): `retention.changes` (per change
 * type: its name, the age and the count of changes kept) and `retention.types` (per config
 * type: its name and the ages after which created, updated and deleted items go).
 */
export function RetentionFields({ prefix, disabled }: RetentionFieldsProps) {
  return (
    <FieldListOf
      kinds={RETENTION_KINDS}
      prefix={prefix}
      fields={RETENTION_FIELDS}
      disabled={disabled}
    />
  );
}
