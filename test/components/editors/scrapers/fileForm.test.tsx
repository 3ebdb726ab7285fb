import { screen } from '@testing-library/react';
import { FileForm } from '../../../../src/features/editors/scrapers/forms/FileForm';
import { REQUIRED } from '../../../../src/ui/form/fieldError';
import {
  fillConnection,
  removeTag,
  renderScraperForm,
  textbox,
  typeTags,
} from './renderScraperForm';

const prefix = 'spec.file[0]';

describe('the File scraper form', () => {
  it('sends a filled form as a config-db file scrape config', async () => {
    const { user, submit, submitted } = renderScraperForm(FileForm, { prefix });
    await user.type(textbox('Name'), '$.metadata.name');
    await fillConnection(user, 'Connection', 'connection://default/git');
    await user.type(textbox('Type'), 'App::Config');
    await user.type(textbox('URL'), 'github.com/acme/config');
    await user.type(textbox('ID'), '$.id');
    await user.click(screen.getByRole('button', { name: 'Add Tag' }));
    await user.type(textbox('Tag 1 key'), 'team');
    await user.type(textbox('Tag 1 value'), 'core');
    await typeTags(user, textbox('Paths'), ['apps/*.yaml']);
    await typeTags(user, textbox('Ignore'), ['apps/test-*.yaml', 'apps/tmp.yaml']);
    await user.type(textbox('Format (required)'), 'yaml');
    await user.type(textbox('Icon (required)'), 'git');
    await user.type(textbox('Items'), '$.apps');
    await user.type(textbox('Timestamp Format'), '2006-01-02');
    await typeTags(user, textbox('Create Fields'), ['$.created']);
    await submit();
    expect(submitted()).toEqual({
      spec: {
        file: [
          {
            name: '$.metadata.name',
            connection: 'connection://default/git',
            type: 'App::Config',
            url: 'github.com/acme/config',
            id: '$.id',
            tags: { team: 'core' },
            paths: ['apps/*.yaml'],
            ignore: ['apps/test-*.yaml', 'apps/tmp.yaml'],
            format: 'yaml',
            icon: 'git',
            items: '$.apps',
            timestampFormat: '2006-01-02',
            createFields: ['$.created'],
          },
        ],
      },
    });
  });

  it('requires the format and the icon', async () => {
    const { user, submit, onSubmit } = renderScraperForm(FileForm, { prefix });
    await user.click(textbox('Format (required)'));
    await user.tab();
    expect(screen.getAllByText(REQUIRED)).toHaveLength(1);
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(textbox('Icon (required)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText(REQUIRED)).toHaveLength(2);
  });

  it('removes a tag and a path', async () => {
    const { user, submit, submitted } = renderScraperForm(FileForm, {
      prefix,
      initialValues: {
        spec: {
          file: [
            {
              format: 'json',
              icon: 'file',
              paths: ['a.json', 'b.json'],
              tags: { env: 'prod', team: 'core' },
            },
          ],
        },
      },
    });
    expect(textbox('Tag 2 key')).toHaveValue('team');
    await user.click(screen.getByRole('button', { name: 'Remove tag 1' }));
    await removeTag(user, 'a.json');
    await submit();
    expect(submitted()).toEqual({
      spec: {
        file: [{ format: 'json', icon: 'file', paths: ['b.json'], tags: { team: 'core' } }],
      },
    });
  });
});
