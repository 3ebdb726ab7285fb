import type { FieldSpec } from '../../../../ui/form/FieldList';
import { field, FieldList } from '../../../../ui/form/FieldList';
import type { TypeFormProps } from '../../types';
import { connectionField, TAGS_FIELD, TOKEN_FIELD } from './common';

export { githubActionsDefaults } from './defaults';

const GITHUB_ACTIONS_FIELDS: readonly FieldSpec[] = [
  field('text', 'name', 'Name'),
  connectionField(),
  field('text', 'owner', 'Owner', { placeholder: 'flanksource', required: true }),
  field('text', 'repository', 'Repository', { placeholder: 'config-db', required: true }),
  TOKEN_FIELD,
  field('tags', 'workflows', 'Workflows', { placeholder: 'build.yml' }),
  TAGS_FIELD,
];

/** The GitHub Actions scraper (config-db `githubActions`): a repository's workflow runs. */
export function GithubActionsForm({ prefix, disabled }: TypeFormProps) {
  return <FieldList prefix={prefix} fields={GITHUB_ACTIONS_FIELDS} disabled={disabled} />;
}
