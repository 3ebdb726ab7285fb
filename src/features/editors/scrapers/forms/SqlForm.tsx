import type { FieldSpec } from '../../../../ui/form/FieldList';
import { field, FieldList } from '../../../../ui/form/FieldList';
import type { TypeFormProps } from '../../types';
import { connectionField, credentialFields, itemsField, TIMESTAMP_FIELDS } from './common';

export { sqlDefaults } from './defaults';

const SQL_FIELDS: readonly FieldSpec[] = [
  field('text', 'type', 'Type', { placeholder: 'Postgres::Role', required: true }),
  field('text', 'id', 'ID', { placeholder: '$.id', required: true }),
  connectionField({ required: true }),
  ...credentialFields('auth.'),
  field('text', 'driver', 'Driver', { placeholder: 'postgres, mysql or sqlserver' }),
  field('textarea', 'query', 'Query', { rows: 6, required: true }),
  field('text', 'format', 'Format', { placeholder: 'json' }),
  itemsField('each result'),
  ...TIMESTAMP_FIELDS,
];

/** The SQL scraper (config-db `sql`): each row a query returns becomes a config item. */
export function SqlForm({ prefix, disabled }: TypeFormProps) {
  return <FieldList prefix={prefix} fields={SQL_FIELDS} disabled={disabled} />;
}
