import { TagsField } from '../../../../ui/form/TagsField';
import { TextField } from '../../../../ui/form/TextField';
import type { TypeFormProps } from '../../types';
import { ConnectionField, ScraperTagsField } from './common';
import { EnvVarField } from '../../../../ui/form/EnvVarField';

/** A new Azure DevOps scrape config. */
export function azureDevopsDefaults(): Record<string, unknown> {
  return {};
}

/** The Azure DevOps scraper (config-db `azureDevops`): the pipelines of an organization. */
export function AzureDevopsForm({ prefix, disabled }: TypeFormProps) {
  return (
    <>
      <TextField name={`${prefix}.name`} label="Name" disabled={disabled} />
      <ConnectionField prefix={prefix} disabled={disabled} />
      <TextField name={`${prefix}.organization`} label="Organization" disabled={disabled} />
      <EnvVarField
        name={`${prefix}.personalAccessToken`}
        label="Personal Access Token"
        secret
        disabled={disabled}
      />
      <TagsField name={`${prefix}.projects`} label="Projects" disabled={disabled} />
      <TagsField name={`${prefix}.pipelines`} label="Pipelines" disabled={disabled} />
      <ScraperTagsField prefix={prefix} disabled={disabled} />
    </>
  );
}
