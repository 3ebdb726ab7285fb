import { screen } from '@testing-library/react';
import { HttpForm } from '../../../../src/features/editors/scrapers/forms/HttpForm';
import { REQUIRED } from '../../../../src/ui/form/fieldError';
import { renderScraperForm, textbox } from './renderScraperForm';

const prefix = 'spec.http[0]';

describe('the HTTP scraper form', () => {
  it('sends a filled form, with its advanced options, as a config-db http scrape config', async () => {
    const { user, fill, expectSent } = renderScraperForm(HttpForm, { prefix });
    await fill({
      'URL (required)': 'https://api.example.com/items',
      'Type (required)': 'API::Item',
      'ID (required)': '$.id',
      Format: 'json',
      Icon: 'http',
      Paths: ['$.items'],
    });
    expect(screen.queryByRole('combobox', { name: 'Method' })).toBeNull();
    const advanced = screen.getByRole('button', { name: 'Advanced options' });
    expect(advanced).toHaveAttribute('aria-expanded', 'false');
    await user.click(advanced);
    expect(advanced).toHaveAttribute('aria-expanded', 'true');
    await screen.findByRole('combobox', { name: 'Method' });
    await fill({
      Method: { choose: 'POST' },
      Body: '{{"all": true}',
      Username: 'api',
      Password: 'pw',
    });
    await expectSent({
      url: 'https://api.example.com/items',
      type: 'API::Item',
      id: '$.id',
      format: 'json',
      icon: 'http',
      paths: ['$.items'],
      method: 'POST',
      body: '{"all": true}',
      username: { value: 'api' },
      password: { value: 'pw' },
    });
  });

  it('requires the url, type and id', async () => {
    const { submit, onSubmit } = renderScraperForm(HttpForm, { prefix });
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    for (const name of ['URL', 'Type', 'ID']) {
      expect(textbox(`${name} (required)`)).toHaveAttribute('aria-invalid', 'true');
    }
    expect(screen.getAllByText(REQUIRED)).toHaveLength(3);
  });

  it('keeps what was changed in the advanced options while they are hidden', async () => {
    const { user, expectSent } = renderScraperForm(HttpForm, {
      prefix,
      initialValues: {
        spec: { http: [{ url: 'https://a', type: 'T', id: 'x', method: 'PUT' }] },
      },
    });
    const advanced = screen.getByRole('button', { name: 'Advanced options' });
    await user.click(advanced);
    const method = await screen.findByRole('combobox', { name: 'Method' });
    expect(method).toHaveValue('PUT');
    await user.selectOptions(method, 'DELETE');
    await user.click(advanced);
    await user.click(advanced);
    expect(await screen.findByRole('combobox', { name: 'Method' })).toHaveValue('DELETE');
    await user.click(advanced);
    await expectSent({ url: 'https://a', type: 'T', id: 'x', method: 'DELETE' });
  });
});
