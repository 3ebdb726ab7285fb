import type { FieldSpec } from '../../../../ui/form/FieldList';
import { FieldList } from '../../../../ui/form/FieldList';
import type { TypeFormProps } from '../../types';
import { connectionField, credentialFields, itemsField, TIMESTAMP_FIELDS } from './common';

/** A new SQL scrape config. */
export function sqlDefaults(): Record<string, unknown> {
  return {};
}

const SQL_FIELDS: readonly FieldSpec[] = [
  { kind: 'text', name: 'type', label: 'Type', placeholder: 'Postgres::Role', required: true },
  { kind: 'text', name: 'id', label: 'ID', placeholder: '$.id', required: true },
  connectionField({ required: true }),
  ...credentialFields('auth.'),
  { kind: 'text', name: 'driver', label: 'Driver', placeholder: 'postgres, mysql or sqlserver' },
  { kind: 'textarea', name: 'query', label: 'Query', rows: 6, required: true },
  { kind: 'text', name: 'format', label: 'Format', placeholder: 'json' },
  itemsField('each result'),
  ...TIMESTAMP_FIELDS,
];

/** The SQL scraper (config-db `sql`): each row a query returns becomes a config item. */
export function SqlForm({ prefix, disabled }: TypeFormProps) {
  return <FieldList prefix={prefix} fields={SQL_FIELDS} disabled={disabled} />;
}
