import { screen } from '@testing-library/react';
import { GithubActionsForm } from '../../../../src/features/editors/scrapers/forms/GithubActionsForm';
import { REQUIRED } from '../../../../src/ui/form/fieldError';
import { PRESS } from '../../../support/fillFields';
import { renderScraperForm, textbox } from './renderScraperForm';

const prefix = 'spec.githubActions[0]';

describe('the GitHub Actions scraper form', () => {
  it('sends a filled form as a config-db githubActions scrape config', async () => {
    const { fill, expectSent } = renderScraperForm(GithubActionsForm, { prefix });
    await fill({
      Name: 'ci',
      Connection: { paste: 'connection://default/github' },
      'Owner (required)': 'acme',
      'Repository (required)': 'shop',
      'Personal Access Token': 'ghp_x',
      Workflows: ['build.yml', 'release.yml'],
      'Add Tag': PRESS,
      'Tag 1 key': 'team',
      'Tag 1 value': 'shop',
    });
    await expectSent({
      name: 'ci',
      connection: 'connection://default/github',
      owner: 'acme',
      repository: 'shop',
      personalAccessToken: { value: 'ghp_x' },
      workflows: ['build.yml', 'release.yml'],
      tags: { team: 'shop' },
    });
  });

  it('requires the owner and the repository', async () => {
    const { submit, onSubmit } = renderScraperForm(GithubActionsForm, { prefix });
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(textbox('Owner (required)')).toHaveAttribute('aria-invalid', 'true');
    expect(textbox('Repository (required)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText(REQUIRED)).toHaveLength(2);
  });
});
