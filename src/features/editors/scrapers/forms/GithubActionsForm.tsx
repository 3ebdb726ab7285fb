import type { FieldSpec } from '../../../../ui/form/FieldList';
import { FieldList } from '../../../../ui/form/FieldList';
import type { TypeFormProps } from '../../types';
import { connectionField, TAGS_FIELD, TOKEN_FIELD } from './common';

/** A new GitHub Actions scrape config. */
export function githubActionsDefaults(): Record<string, unknown> {
  return {};
}

const GITHUB_ACTIONS_FIELDS: readonly FieldSpec[] = [
  { kind: 'text', name: 'name', label: 'Name' },
  connectionField(),
  { kind: 'text', name: 'owner', label: 'Owner', placeholder: 'flanksource', required: true },
  {
    kind: 'text',
    name: 'repository',
    label: 'Repository',
    placeholder: 'config-db',
    required: true,
  },
  TOKEN_FIELD,
  { kind: 'tags', name: 'workflows', label: 'Workflows', placeholder: 'build.yml' },
  TAGS_FIELD,
];

/** The GitHub Actions scraper (config-db `githubActions`): a repository's workflow runs. */
export function GithubActionsForm({ prefix, disabled }: TypeFormProps) {
  return <FieldList prefix={prefix} fields={GITHUB_ACTIONS_FIELDS} disabled={disabled} />;
}
