import { screen, within } from '@testing-library/react';
import { KubernetesFileForm } from '../../../../src/features/editors/scrapers/forms/KubernetesFileForm';
import { REQUIRED } from '../../../../src/ui/form/fieldError';
import { PRESS } from '../../../support/fillFields';
import { entry, renderScraperForm, textbox } from './renderScraperForm';

const prefix = 'spec.kubernetesFile[0]';

describe('the Kubernetes File scraper form', () => {
  it('sends a filled form as a config-db kubernetesFile scrape config', async () => {
    const { fill, expectSent } = renderScraperForm(KubernetesFileForm, {
      prefix,
      initialValues: { spec: { kubernetesFile: [{ selector: {}, files: [] }] } },
    });
    await fill({
      'Type (required)': 'App::Properties',
      'ID (required)': '$.id',
      'Selector Kind': 'Deployment',
      'Selector Name': 'web',
      'Selector Namespace': 'shop',
      'Selector Field Selector': 'status.phase=Running',
      'Selector Label Selector': 'app=web',
      Container: 'app',
      Format: 'json',
      'Add file': PRESS,
    });
    await fill(
      { Format: 'properties', Path: ['/app/a.properties', '/app/b.properties'] },
      entry('File 1'),
    );
    await fill({ 'Add Tag': PRESS, 'Tag 1 key': 'team', 'Tag 1 value': 'shop' });
    await expectSent({
      type: 'App::Properties',
      id: '$.id',
      selector: {
        kind: 'Deployment',
        name: 'web',
        namespace: 'shop',
        fieldSelector: 'status.phase=Running',
        labelSelector: 'app=web',
      },
      container: 'app',
      format: 'json',
      files: [{ format: 'properties', path: ['/app/a.properties', '/app/b.properties'] }],
      tags: { team: 'shop' },
    });
  });

  it('requires the type and id', async () => {
    const { user, submit, onSubmit } = renderScraperForm(KubernetesFileForm, { prefix });
    await user.click(textbox('Type (required)'));
    await user.tab();
    expect(screen.getAllByText(REQUIRED)).toHaveLength(1);
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(textbox('ID (required)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText(REQUIRED)).toHaveLength(2);
  });

  it('adds and removes files', async () => {
    const { fill, expectSent } = renderScraperForm(KubernetesFileForm, {
      prefix,
      initialValues: {
        spec: {
          kubernetesFile: [
            {
              type: 'T',
              id: 'x',
              files: [
                { format: 'json', path: ['/a.json'] },
                { format: 'yaml', path: ['/b.yaml'] },
              ],
            },
          ],
        },
      },
    });
    expect(within(entry('File 2')).getByText('/b.yaml')).toBeInTheDocument();
    await fill({ 'Remove file 2': PRESS });
    expect(screen.queryByRole('group', { name: 'File 2' })).toBeNull();
    await fill({ 'Add file': PRESS });
    expect(textbox('Format', entry('File 2'))).toHaveValue('');
    await fill({ Path: ['/c.ini'] }, entry('File 2'));
    await expectSent({
      type: 'T',
      id: 'x',
      files: [{ format: 'json', path: ['/a.json'] }, { path: ['/c.ini'] }],
    });
  });
});
