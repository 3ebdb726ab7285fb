import { screen } from '@testing-library/react';
import { AzureDevopsForm } from '../../../../src/features/editors/scrapers/forms/AzureDevopsForm';
import { AzureForm } from '../../../../src/features/editors/scrapers/forms/AzureForm';
import { REQUIRED } from '../../../../src/ui/form/fieldError';
import { PRESS } from '../../../support/fillFields';
import { connectionBox, renderScraperForm } from './renderScraperForm';

describe('the Azure scraper form', () => {
  const prefix = 'spec.azure[0]';

  it('sends a filled form as a config-db azure scrape config', async () => {
    const { fill, expectSent } = renderScraperForm(AzureForm, { prefix });
    await fill({
      'Connection (required)': { paste: 'connection://default/azure' },
      'Subscription ID': 'a1b2',
      'Add Tag': PRESS,
      'Tag 1 key': 'cloud',
      'Tag 1 value': 'azure',
      'Create Fields': ['$.properties.createdTime'],
      'Delete Fields': ['$.properties.deletedTime'],
    });
    await expectSent({
      connection: 'connection://default/azure',
      subscriptionID: 'a1b2',
      tags: { cloud: 'azure' },
      createFields: ['$.properties.createdTime'],
      deleteFields: ['$.properties.deletedTime'],
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
    const { fill } = renderScraperForm(AzureForm, { prefix });
    await fill({ 'Add Tag': PRESS, 'Tag 1 value': 'azure' });
    expect(screen.getByText('A value needs a key')).toBeInTheDocument();
  });
});

describe('the Azure DevOps scraper form', () => {
  const prefix = 'spec.azureDevops[0]';

  it('sends a filled form as a config-db azureDevops scrape config', async () => {
    const { fill, expectSent } = renderScraperForm(AzureDevopsForm, { prefix });
    await fill({
      Name: 'pipelines',
      Connection: { paste: 'connection://default/ado' },
      Organization: 'acme',
      'Personal Access Token from': { choose: 'configMap' },
      'Personal Access Token config map name (required)': 'ado',
      'Personal Access Token config map key (required)': 'token',
      Projects: ['shop'],
      Pipelines: ['build', 'deploy'],
    });
    await expectSent({
      name: 'pipelines',
      connection: 'connection://default/ado',
      organization: 'acme',
      personalAccessToken: { valueFrom: { configMapKeyRef: { name: 'ado', key: 'token' } } },
      projects: ['shop'],
      pipelines: ['build', 'deploy'],
    });
  });

  it('requires a reference’s name and key', async () => {
    const { fill, submit, onSubmit } = renderScraperForm(AzureDevopsForm, { prefix });
    await fill({ 'Personal Access Token from': { choose: 'secret' } });
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getAllByText(REQUIRED)).toHaveLength(2);
  });
});
