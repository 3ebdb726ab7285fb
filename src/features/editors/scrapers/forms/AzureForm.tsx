import type { FieldSpec } from '../../../../ui/form/FieldList';
import { field, FieldList } from '../../../../ui/form/FieldList';
import type { TypeFormProps } from '../../types';
import { connectionField, TAGS_FIELD, TIMESTAMP_FIELDS } from './common';

export { azureDefaults } from './defaults';

const AZURE_FIELDS: readonly FieldSpec[] = [
  connectionField({ required: true }),
  field('text', 'subscriptionID', 'Subscription ID'),
  TAGS_FIELD,
  ...TIMESTAMP_FIELDS,
];

/** The Azure scraper (config-db `azure`): a subscription's resources. */
export function AzureForm({ prefix, disabled }: TypeFormProps) {
  return <FieldList prefix={prefix} fields={AZURE_FIELDS} disabled={disabled} />;
}
