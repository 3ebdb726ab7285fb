import type { FieldSpec } from '../../../../ui/form/FieldList';
import { field, FieldList } from '../../../../ui/form/FieldList';
import type { TypeFormProps } from '../../types';
import { connectionField, TAGS_FIELD, TOKEN_FIELD } from './common';

export { azureDevopsDefaults } from './defaults';

const AZURE_DEVOPS_FIELDS: readonly FieldSpec[] = [
  field('text', 'name', 'Name'),
  connectionField(),
  field('text', 'organization', 'Organization'),
  TOKEN_FIELD,
  field('tags', 'projects', 'Projects'),
  field('tags', 'pipelines', 'Pipelines'),
  TAGS_FIELD,
];

/** The Azure DevOps scraper (config-db `azureDevops`): the pipelines of an organization. */
export function AzureDevopsForm({ prefix, disabled }: TypeFormProps) {
  return <FieldList prefix={prefix} fields={AZURE_DEVOPS_FIELDS} disabled={disabled} />;
}
