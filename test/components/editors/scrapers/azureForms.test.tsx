import { screen } from '@testing-library/react';
import { AzureDevopsForm } from '../../../../src/features/editors/scrapers/forms/AzureDevopsForm';
import { AzureForm } from '../../../../src/features/editors/scrapers/forms/AzureForm';
import { REQUIRED } from '../../../../src/ui/form/fieldError';
import {
  connectionBox,
  fillConnection,
  renderScraperForm,
  textbox,
  typeTags,
} from './renderScraperForm';

describe('the Azure scraper form', () => {
  const prefix = 'spec.azure[0]';

  it('sends a filled form as a config-db azure scrape config', async () => {
    const { user, submit, submitted } = renderScraperForm(AzureForm, { prefix });
    await fillConnection(user, 'Connection (required)', 'connection://default/azure');
    await user.type(textbox('Subscription ID'), 'a1b2');
    await user.click(screen.getByRole('button', { name: 'Add Tag' }));
    await user.type(textbox('Tag 1 key'), 'cloud');
    await user.type(textbox('Tag 1 value'), 'azure');
    await typeTags(user, textbox('Create Fields'), ['$.properties.createdTime']);
    await typeTags(user, textbox('Delete Fields'), ['$.properties.deletedTime']);
    await submit();
    expect(submitted()).toEqual({
      spec: {
        azure: [
          {
            connection: 'connection://default/azure',
            subscriptionID: 'a1b2',
            tags: { cloud: 'azure' },
            createFields: ['$.properties.createdTime'],
            deleteFields: ['$.properties.deletedTime'],
          },
        ],
      },
    });
  });

  it('requires the connection once it is left empty', async () => {
    const { user, submit, onSubmit } = renderScraperForm(AzureForm, { prefix });
    await user.click(connectionBox('Connection (required)'));
    await user.tab();
    expect(screen.getByText(REQUIRED)).toBeInTheDocument();
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says a tag value needs a key', async () => {
    const { user } = renderScraperForm(AzureForm, { prefix });
    await user.click(screen.getByRole('button', { name: 'Add Tag' }));
    await user.type(textbox('Tag 1 value'), 'azure');
    expect(screen.getByText('A value needs a key')).toBeInTheDocument();
  });
});

describe('the Azure DevOps scraper form', () => {
  const prefix = 'spec.azureDevops[0]';

  it('sends a filled form as a config-db azureDevops scrape config', async () => {
    const { user, submit, submitted } = renderScraperForm(AzureDevopsForm, { prefix });
    await user.type(textbox('Name'), 'pipelines');
    await fillConnection(user, 'Connection', 'connection://default/ado');
    await user.type(textbox('Organization'), 'acme');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Personal Access Token from' }),
      'configMap',
    );
    await user.type(textbox('Personal Access Token config map name (required)'), 'ado');
    await user.type(textbox('Personal Access Token config map key (required)'), 'token');
    await typeTags(user, textbox('Projects'), ['shop']);
    await typeTags(user, textbox('Pipelines'), ['build', 'deploy']);
    await submit();
    expect(submitted()).toEqual({
      spec: {
        azureDevops: [
          {
            name: 'pipelines',
            connection: 'connection://default/ado',
            organization: 'acme',
            personalAccessToken: {
              valueFrom: { configMapKeyRef: { name: 'ado', key: 'token' } },
            },
            projects: ['shop'],
            pipelines: ['build', 'deploy'],
          },
        ],
      },
    });
  });

  it('requires a reference’s name and key', async () => {
    const { user, submit, onSubmit } = renderScraperForm(AzureDevopsForm, { prefix });
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Personal Access Token from' }),
      'secret',
    );
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getAllByText(REQUIRED)).toHaveLength(2);
  });
});
