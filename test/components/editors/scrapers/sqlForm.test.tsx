import { screen } from '@testing-library/react';
import { SqlForm } from '../../../../src/features/editors/scrapers/forms/SqlForm';
import { REQUIRED } from '../../../../src/ui/form/fieldError';
import {
  connectionBox,
  fillConnection,
  renderScraperForm,
  textbox,
  typeTags,
} from './renderScraperForm';

const prefix = 'spec.sql[0]';

describe('the SQL scraper form', () => {
  it('sends a filled form as a config-db sql scrape config', async () => {
    const { user, submit, submitted } = renderScraperForm(SqlForm, { prefix });
    await user.type(textbox('Type (required)'), 'Postgres::Role');
    await user.type(textbox('ID (required)'), '$.rolname');
    await fillConnection(user, 'Connection (required)', 'connection://default/pg');
    await user.type(textbox('Username'), 'reader');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Password from' }), 'secret');
    await user.type(textbox('Password secret name (required)'), 'pg');
    await user.type(textbox('Password secret key (required)'), 'password');
    await user.type(textbox('Driver'), 'postgres');
    await user.type(textbox('Query (required)'), 'SELECT * FROM pg_roles');
    await user.type(textbox('Format'), 'json');
    await user.type(textbox('Items'), '$.rows');
    await user.type(textbox('Timestamp Format'), '2006-01-02');
    await typeTags(user, textbox('Create Fields'), ['$.created', '$.since']);
    await typeTags(user, textbox('Delete Fields'), ['$.dropped']);
    await submit();
    expect(submitted()).toEqual({
      spec: {
        sql: [
          {
            type: 'Postgres::Role',
            id: '$.rolname',
            connection: 'connection://default/pg',
            auth: {
              username: { value: 'reader' },
              password: { valueFrom: { secretKeyRef: { name: 'pg', key: 'password' } } },
            },
            driver: 'postgres',
            query: 'SELECT * FROM pg_roles',
            format: 'json',
            items: '$.rows',
            timestampFormat: '2006-01-02',
            createFields: ['$.created', '$.since'],
            deleteFields: ['$.dropped'],
          },
        ],
      },
    });
  });

  it('requires the type, id, connection and query', async () => {
    const { submit, onSubmit } = renderScraperForm(SqlForm, { prefix });
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    for (const name of ['Type', 'ID', 'Query']) {
      expect(textbox(`${name} (required)`)).toHaveAttribute('aria-invalid', 'true');
    }
    expect(connectionBox('Connection (required)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText(REQUIRED)).toHaveLength(4);
  });

  it('masks a password given as a value', async () => {
    renderScraperForm(SqlForm, {
      prefix,
      initialValues: { spec: { sql: [{ auth: { password: { value: 's3cret' } } }] } },
    });
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Password')).toHaveValue('s3cret');
  });
});
