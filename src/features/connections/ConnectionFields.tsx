import { EnvVarField } from '../../ui/form/EnvVarField';
import { SwitchField } from '../../ui/form/SelectField';
import { TextAreaField, TextField } from '../../ui/form/TextField';
import type { ConnectionField, ConnectionType } from './model/connectionTypes';

/** Fields whose plain value is masked while typed. */
const MASKED_KEYS: ReadonlySet<string> = new Set(['password', 'certificate']);

function FieldControl({ field }: { field: ConnectionField }) {
  const common = {
    name: field.key,
    label: field.label,
    required: field.required ?? false,
  };
  switch (field.control) {
    case 'secret':
      return (
        <EnvVarField
          {...common}
          secret={MASKED_KEYS.has(field.key)}
          placeholder={field.placeholder}
        />
      );
    case 'switch':
      return <SwitchField name={field.key} label={field.label} />;
    case 'multiline':
      return <TextAreaField {...common} helperText={field.helperText} />;
    default:
      return (
        <TextField {...common} placeholder={field.placeholder} helperText={field.helperText} />
      );
  }
}

export interface ConnectionFieldsProps {
  entry: ConnectionType;
}

/**
 * The fields of a connection of one type: name and namespace (both required), then the type's
 * own in the catalogue's order. Secret values are a value, a Secret key or a ConfigMap key.
 */
export function ConnectionFields({ entry }: ConnectionFieldsProps) {
  return (
    <>
      <TextField name="name" label="Name" required autoFocus />
      <TextField name="namespace" label="Namespace" required />
      {entry.fields.map((field) => (
        <FieldControl key={field.key} field={field} />
      ))}
    </>
  );
}
