import type { FieldSpec } from '../../../../ui/form/FieldList';
import { FieldList } from '../../../../ui/form/FieldList';
import type { TypeFormProps } from '../../types';
import { connectionField, TAGS_FIELD, TOKEN_FIELD } from './common';

/** A new Azure DevOps scrape config. */
export function azureDevopsDefaults(): Record<string, unknown> {
  return {};
}

const AZURE_DEVOPS_FIELDS: readonly FieldSpec[] = [
  { kind: 'text', name: 'name', label: 'Name' },
  connectionField(),
  { kind: 'text', name: 'organization', label: 'Organization' },
  TOKEN_FIELD,
  { kind: 'tags', name: 'projects', label: 'Projects' },
  { kind: 'tags', name: 'pipelines', label: 'Pipelines' },
  TAGS_FIELD,
];

/** The Azure DevOps scraper (config-db `azureDevops`): the pipelines of an organization. */
export function AzureDevopsForm({ prefix, disabled }: TypeFormProps) {
  return <FieldList prefix={prefix} fields={AZURE_DEVOPS_FIELDS} disabled={disabled} />;
}
