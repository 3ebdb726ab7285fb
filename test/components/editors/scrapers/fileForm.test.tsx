import { screen } from '@testing-library/react';
import { FileForm } from '../../../../src/features/editors/scrapers/forms/FileForm';
import { REQUIRED } from '../../../../src/ui/form/fieldError';
import { PRESS } from '../../../support/fillFields';
import { removeTag, renderScraperForm, textbox } from './renderScraperForm';

const prefix = 'spec.file[0]';

describe('the File scraper form', () => {
  it('sends a filled form as a config-db file scrape config', async () => {
    const { fill, expectSent } = renderScraperForm(FileForm, { prefix });
    await fill({
      Name: '$.metadata.name',
      Connection: { paste: 'connection://default/git' },
      Type: 'App::Config',
      URL: 'github.com/acme/config',
      ID: '$.id',
      'Add Tag': PRESS,
      'Tag 1 key': 'team',
      'Tag 1 value': 'core',
      Paths: ['apps/*.yaml'],
      Ignore: ['apps/test-*.yaml', 'apps/tmp.yaml'],
      'Format (required)': 'yaml',
      'Icon (required)': 'git',
      Items: '$.apps',
      'Timestamp Format': '2006-01-02',
      'Create Fields': ['$.created'],
    });
    await expectSent({
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
    const { user, fill, expectSent } = renderScraperForm(FileForm, {
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
    await fill({ 'Remove tag 1': PRESS });
    await removeTag(user, 'a.json');
    await expectSent({ format: 'json', icon: 'file', paths: ['b.json'], tags: { team: 'core' } });
  });
});
