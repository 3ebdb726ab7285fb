import '../../support/withEditableMonacoMock';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { TypedResourceEditor } from '../../../src/features/editors/TypedResourceEditor';
import { scraperTypes } from '../../../src/features/editors/scrapers/scraperTypes';
import type { TypedResourceValues } from '../../../src/features/editors/types';
import { server } from '../../support/msw';
import { renderApp } from '../../support/renderApp';
import { resourceSearch } from '../../support/resourceSearch';

/** The scraper types that have a form (all but Custom). */
const FORM_TYPES = scraperTypes()
  .filter((type) => type.Form !== undefined)
  .map((type) => type.label);

function renderScraperEditor(resource?: TypedResourceValues) {
  server.use(
    http.get('*/api/schemas/scrape_config.schema.json', () =>
      HttpResponse.json({ error: 'not found' }, { status: 404 }),
    ),
  );
  resourceSearch({ connections: [] });
  const save = jest.fn<Promise<unknown>, [TypedResourceValues]>(async () => ({}));
  const view = renderApp(
    <TypedResourceEditor family="scraper" save={save} {...(resource ? { resource } : {})} />,
  );
  return { ...view, save };
}

const entry = (name: string) => screen.getByRole('group', { name });
const textbox = (name: string, container: HTMLElement) =>
  within(container).getByRole('textbox', { name });
const code = async () =>
  (await screen.findByRole('textbox', { name: 'Code' })) as HTMLTextAreaElement;

describe('the retention of a scraper in its editor (spec 002 §3.7)', () => {
  it('is part of every scraper form', () => {
    // Every form type of spec 002 §2.11.
    expect(FORM_TYPES).toHaveLength(10);
  });

  it.each(FORM_TYPES)('%s shows the change and type retention lists', async (label) => {
    const { user } = renderScraperEditor();
    await user.click(await screen.findByRole('button', { name: label }));
    const form = await screen.findByRole('form', { name: label });
    expect(within(form).getByRole('group', { name: 'Change Retention' })).toBeInTheDocument();
    expect(within(form).getByRole('group', { name: 'Type Retention' })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Add change retention' })).toBeEnabled();
    expect(within(form).getByRole('button', { name: 'Add type retention' })).toBeEnabled();
  });

  it('goes from the form to the code and back, and is saved', async () => {
    const { user, save } = renderScraperEditor();
    await user.click(await screen.findByRole('button', { name: 'HTTP' }));
    await screen.findByRole('form', { name: 'HTTP' });
    await user.type(screen.getByRole('textbox', { name: 'Name (required)' }), 'api');

    await user.click(screen.getByRole('button', { name: 'Add change retention' }));
    const change = entry('Change retention 1');
    await user.type(textbox('Name (required)', change), 'diff');
    await user.type(textbox('Age', change), '7d');
    await user.type(textbox('Count', change), '100');
    await user.click(screen.getByRole('button', { name: 'Add type retention' }));
    const type = entry('Type retention 1');
    await user.type(textbox('Name (required)', type), 'Kubernetes::Pod');
    await user.type(textbox('Created Age', type), '30d');
    await user.type(textbox('Deleted Age', type), '1d');

    await user.click(screen.getByRole('tab', { name: 'Code' }));
    expect((await code()).value).toContain(
      [
        'retention:',
        '  changes:',
        '    - name: diff',
        '      age: 7d',
        '      count: 100',
        '  types:',
        '    - name: Kubernetes::Pod',
        '      createdAge: 30d',
        '      deletedAge: 1d',
      ].join('\n'),
    );

    const text = await code();
    await user.clear(text);
    await user.click(text);
    await user.paste(
      [
        'http:',
        '  - url: https://example.com/items',
        '    type: API::Item',
        '    id: $.id',
        'retention:',
        '  changes:',
        '    - name: Pulled',
        '      count: 5',
        '  types:',
        '    - name: AWS::EC2::Instance',
        '      updatedAge: 14d',
        '',
      ].join('\n'),
    );
    await user.click(screen.getByRole('tab', { name: 'Form' }));
    await waitFor(() =>
      expect(textbox('Name (required)', entry('Change retention 1'))).toHaveValue('Pulled'),
    );
    expect(textbox('Age', entry('Change retention 1'))).toHaveValue('');
    expect(textbox('Count', entry('Change retention 1'))).toHaveValue('5');
    expect(textbox('Name (required)', entry('Type retention 1'))).toHaveValue('AWS::EC2::Instance');
    expect(textbox('Updated Age', entry('Type retention 1'))).toHaveValue('14d');
    expect(textbox('Created Age', entry('Type retention 1'))).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]?.[0].spec).toEqual({
      http: [{ url: 'https://example.com/items', type: 'API::Item', id: '$.id' }],
      retention: {
        changes: [{ name: 'Pulled', count: 5 }],
        types: [{ name: 'AWS::EC2::Instance', updatedAge: '14d' }],
      },
    });
  });

  it('shows a stored scraper’s retention', async () => {
    renderScraperEditor({
      id: 's-1',
      name: 'cluster',
      spec: {
        kubernetes: [{ clusterName: 'prod' }],
        retention: { changes: [{ name: 'diff', age: '3d' }] },
      },
    });
    await screen.findByRole('form', { name: 'Kubernetes' });
    expect(textbox('Name (required)', entry('Change retention 1'))).toHaveValue('diff');
    expect(textbox('Age', entry('Change retention 1'))).toHaveValue('3d');
  });
});
