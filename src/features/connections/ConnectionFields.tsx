import { ChoiceField } from '../../ui/form/ChoiceField';
import { EnvVarField } from '../../ui/form/EnvVarField';
import { KeyValueMapField } from '../../ui/form/KeyValueMapField';
import { NumberField } from '../../ui/form/NumberField';
import { SelectField, SwitchField } from '../../ui/form/SelectField';
import { TextAreaField, TextField } from '../../ui/form/TextField';
import type { ConnectionField, ConnectionType } from './model/connectionTypes';
import { connectionAuthChoices } from './model/connectionTypes';

/** The words of the fields. */
export const CONNECTION_FIELDS = {
  authentication: 'Authentication',
} as const;

/** Fields whose plain value is masked while typed. */
const MASKED_KEYS: ReadonlySet<string> = new Set([
  'password',
  'certificate',
  'bearer',
  'clientSecret',
]);

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
    case 'select':
      return (
        <SelectField {...common} options={field.options ?? []} helperText={field.helperText} />
      );
    case 'number':
      return (
        <NumberField {...common} placeholder={field.placeholder} helperText={field.helperText} />
      );
    case 'map':
      return (
        <KeyValueMapField name={field.key} label={field.label} helperText={field.helperText} />
      );
    default:
      return (
        <TextField {...common} placeholder={field.placeholder} helperText={field.helperText} />
      );
  }
}

/**
 * The "Authentication" choice of a type whose credentials are optional (None, Basic, ...), and
 * the chosen method's fields. Choosing None clears them, so none is saved; a stored connection
 * opens on the method its values hold.
 */
function AuthenticationFields({ entry }: { entry: ConnectionType }) {
  const choices = connectionAuthChoices(entry);
  return (
    <ChoiceField label={CONNECTION_FIELDS.authentication} choices={choices}>
      {(chosen) =>
        entry.fields
          .filter((field) => field.auth === chosen)
          .map((field) => <FieldControl key={field.key} field={field} />)
      }
    </ChoiceField>
  );
}

export interface ConnectionFieldsProps {
  entry: ConnectionType;
}

/**
 * The fields of a connection of one type: name and namespace (both required), then the type's
 * own in the catalogue's order, with the authentication methods' fields under one choice where
 * the first of them stands. Secret values are a value, a Secret key or a ConfigMap key.
 */
export function ConnectionFields({ entry }: ConnectionFieldsProps) {
  const firstAuth = entry.fields.find((field) => field.auth !== undefined);
  return (
    <>
      <TextField name="name" label="Name" required autoFocus />
      <TextField name="namespace" label="Namespace" required />
      {entry.fields.map((field) => {
        if (field === firstAuth) return <AuthenticationFields key="auth" entry={entry} />;
        if (field.auth !== undefined) return null;
        return <FieldControl key={field.key} field={field} />;
      })}
    </>
  );
}
