import { screen } from '@testing-library/react';
import { GithubActionsForm } from '../../../../src/features/editors/scrapers/forms/GithubActionsForm';
import { REQUIRED } from '../../../../src/ui/form/fieldError';
import { fillConnection, renderScraperForm, textbox, typeTags } from './renderScraperForm';

const prefix = 'spec.githubActions[0]';

describe('the GitHub Actions scraper form', () => {
  it('sends a filled form as a config-db githubActions scrape config', async () => {
    const { user, submit, submitted } = renderScraperForm(GithubActionsForm, { prefix });
    await user.type(textbox('Name'), 'ci');
    await fillConnection(user, 'Connection', 'connection://default/github');
    await user.type(textbox('Owner (required)'), 'acme');
    await user.type(textbox('Repository (required)'), 'shop');
    await user.type(screen.getByLabelText('Personal Access Token'), 'ghp_x');
    await typeTags(user, textbox('Workflows'), ['build.yml', 'release.yml']);
    await user.click(screen.getByRole('button', { name: 'Add Tag' }));
    await user.type(textbox('Tag 1 key'), 'team');
    await user.type(textbox('Tag 1 value'), 'shop');
    await submit();
    expect(submitted()).toEqual({
      spec: {
        githubActions: [
          {
            name: 'ci',
            connection: 'connection://default/github',
            owner: 'acme',
            repository: 'shop',
            personalAccessToken: { value: 'ghp_x' },
            workflows: ['build.yml', 'release.yml'],
            tags: { team: 'shop' },
          },
        ],
      },
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
