import { NumberField } from '../../../../ui/form/NumberField';
import { TextField } from '../../../../ui/form/TextField';
import { ObjectListField } from '../../../../ui/form/ObjectListField';

export interface RetentionFieldsProps {
  /** Where the scrape config's spec is in the form's values: its `retention` is edited. */
  prefix: string;
  disabled?: boolean;
}

/**
 * How long a scraper keeps what it found (spec 002 §3.7): `retention.changes` (per change
 * type: its name, the age and the count of changes kept) and `retention.types` (per config
 * type: its name and the ages after which created, updated and deleted items go).
 */
export function RetentionFields({ prefix, disabled }: RetentionFieldsProps) {
  return (
    <>
      <ObjectListField
        name={`${prefix}.retention.changes`}
        label="Change Retention"
        itemLabel="Change retention"
        disabled={disabled}
      >
        {(entry) => (
          <>
            <TextField name={`${entry}.name`} label="Name" required disabled={disabled} />
            <TextField name={`${entry}.age`} label="Age" placeholder="7d" disabled={disabled} />
            <NumberField name={`${entry}.count`} label="Count" disabled={disabled} />
          </>
        )}
      </ObjectListField>
      <ObjectListField
        name={`${prefix}.retention.types`}
        label="Type Retention"
        itemLabel="Type retention"
        disabled={disabled}
      >
        {(entry) => (
          <>
            <TextField name={`${entry}.name`} label="Name" required disabled={disabled} />
            <TextField
              name={`${entry}.createdAge`}
              label="Created Age"
              placeholder="30d"
              disabled={disabled}
            />
            <TextField
              name={`${entry}.updatedAge`}
              label="Updated Age"
              placeholder="30d"
              disabled={disabled}
            />
            <TextField
              name={`${entry}.deletedAge`}
              label="Deleted Age"
              placeholder="7d"
              disabled={disabled}
            />
          </>
        )}
      </ObjectListField>
    </>
  );
}
