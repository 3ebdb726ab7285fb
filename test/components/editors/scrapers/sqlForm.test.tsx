import { screen } from '@testing-library/react';
import { SqlForm } from '../../../../src/features/editors/scrapers/forms/SqlForm';
import { REQUIRED } from '../../../../src/ui/form/fieldError';
import { connectionBox, renderScraperForm, textbox } from './renderScraperForm';

const prefix = 'spec.sql[0]';

describe('the SQL scraper form', () => {
  it('sends a filled form as a config-db sql scrape config', async () => {
    const { fill, expectSent } = renderScraperForm(SqlForm, { prefix });
    await fill({
      'Type (required)': 'Postgres::Role',
      'ID (required)': '$.rolname',
      'Connection (required)': { paste: 'connection://default/pg' },
      Username: 'reader',
      'Password from': { choose: 'secret' },
      'Password secret name (required)': 'pg',
      'Password secret key (required)': 'password',
      Driver: 'postgres',
      'Query (required)': 'SELECT * FROM pg_roles',
      Format: 'json',
      Items: '$.rows',
      'Timestamp Format': '2006-01-02',
      'Create Fields': ['$.created', '$.since'],
      'Delete Fields': ['$.dropped'],
    });
    await expectSent({
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
