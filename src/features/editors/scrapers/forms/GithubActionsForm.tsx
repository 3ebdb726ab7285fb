import { TagsField } from '../../../../ui/form/TagsField';
import { TextField } from '../../../../ui/form/TextField';
import type { TypeFormProps } from '../../types';
import { ConnectionField, ScraperTagsField } from './common';
import { EnvVarField } from '../../../../ui/form/EnvVarField';

/** A new GitHub Actions scrape config. */
export function githubActionsDefaults(): Record<string, unknown> {
  return {};
}

/** The GitHub Actions scraper (config-db `githubActions`): a repository's workflow runs. */
export function GithubActionsForm({ prefix, disabled }: TypeFormProps) {
  return (
    <>
      <TextField name={`${prefix}.name`} label="Name" disabled={disabled} />
      <ConnectionField prefix={prefix} disabled={disabled} />
      <TextField
        name={`${prefix}.owner`}
        label="Owner"
        placeholder="flanksource"
        required
        disabled={disabled}
      />
      <TextField
        name={`${prefix}.repository`}
        label="Repository"
        placeholder="config-db"
        required
        disabled={disabled}
      />
      <EnvVarField
        name={`${prefix}.personalAccessToken`}
        label="Personal Access Token"
        secret
        disabled={disabled}
      />
      <TagsField
        name={`${prefix}.workflows`}
        label="Workflows"
        placeholder="build.yml"
        disabled={disabled}
      />
      <ScraperTagsField prefix={prefix} disabled={disabled} />
    </>
  );
}
