import { TextAreaField, TextField } from '../../../../ui/form/TextField';
import type { TypeFormProps } from '../../types';
import { ConnectionField, TimestampFields, ItemsField } from './common';
import { EnvVarField } from '../../../../ui/form/EnvVarField';

/** A new SQL scrape config. */
export function sqlDefaults(): Record<string, unknown> {
  return {};
}

/** The SQL scraper (config-db `sql`): each row a query returns becomes a config item. */
export function SqlForm({ prefix, disabled }: TypeFormProps) {
  return (
    <>
      <TextField
        name={`${prefix}.type`}
        label="Type"
        placeholder="Postgres::Role"
        required
        disabled={disabled}
      />
      <TextField name={`${prefix}.id`} label="ID" placeholder="$.id" required disabled={disabled} />
      <ConnectionField prefix={prefix} disabled={disabled} required />
      <EnvVarField name={`${prefix}.auth.username`} label="Username" disabled={disabled} />
      <EnvVarField name={`${prefix}.auth.password`} label="Password" secret disabled={disabled} />
      <TextField
        name={`${prefix}.driver`}
        label="Driver"
        placeholder="postgres, mysql or sqlserver"
        disabled={disabled}
      />
      <TextAreaField name={`${prefix}.query`} label="Query" rows={6} required disabled={disabled} />
      <TextField name={`${prefix}.format`} label="Format" placeholder="json" disabled={disabled} />
      <ItemsField prefix={prefix} disabled={disabled} of="each result" />
      <TimestampFields prefix={prefix} disabled={disabled} />
    </>
  );
}
