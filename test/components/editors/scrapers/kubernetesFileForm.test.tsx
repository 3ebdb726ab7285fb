import { screen, within } from '@testing-library/react';
import { KubernetesFileForm } from '../../../../src/features/editors/scrapers/forms/KubernetesFileForm';
import { REQUIRED } from '../../../../src/ui/form/fieldError';
import { entry, renderScraperForm, textbox, typeTags } from './renderScraperForm';

const prefix = 'spec.kubernetesFile[0]';

describe('the Kubernetes File scraper form', () => {
  it('sends a filled form as a config-db kubernetesFile scrape config', async () => {
    const { user, submit, submitted } = renderScraperForm(KubernetesFileForm, {
      prefix,
      initialValues: { spec: { kubernetesFile: [{ selector: {}, files: [] }] } },
    });
    await user.type(textbox('Type (required)'), 'App::Properties');
    await user.type(textbox('ID (required)'), '$.id');
    await user.type(textbox('Selector Kind'), 'Deployment');
    await user.type(textbox('Selector Name'), 'web');
    await user.type(textbox('Selector Namespace'), 'shop');
    await user.type(textbox('Selector Field Selector'), 'status.phase=Running');
    await user.type(textbox('Selector Label Selector'), 'app=web');
    await user.type(textbox('Container'), 'app');
    await user.type(textbox('Format'), 'json');
    await user.click(screen.getByRole('button', { name: 'Add file' }));
    await user.type(textbox('Format', entry('File 1')), 'properties');
    await typeTags(user, textbox('Path', entry('File 1')), [
      '/app/a.properties',
      '/app/b.properties',
    ]);
    await user.click(screen.getByRole('button', { name: 'Add Tag' }));
    await user.type(textbox('Tag 1 key'), 'team');
    await user.type(textbox('Tag 1 value'), 'shop');
    await submit();
    expect(submitted()).toEqual({
      spec: {
        kubernetesFile: [
          {
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
          },
        ],
      },
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
    const { user, submit, submitted } = renderScraperForm(KubernetesFileForm, {
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
    await user.click(screen.getByRole('button', { name: 'Remove file 2' }));
    expect(screen.queryByRole('group', { name: 'File 2' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add file' }));
    expect(textbox('Format', entry('File 2'))).toHaveValue('');
    await typeTags(user, textbox('Path', entry('File 2')), ['/c.ini']);
    await submit();
    expect(submitted()).toEqual({
      spec: {
        kubernetesFile: [
          {
            type: 'T',
            id: 'x',
            files: [{ format: 'json', path: ['/a.json'] }, { path: ['/c.ini'] }],
          },
        ],
      },
    });
  });
});
