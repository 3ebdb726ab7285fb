import { screen } from '@testing-library/react';
import {
  FolderCheckForm,
  folderDefaults,
} from '../../../../src/features/editors/checks/forms/FolderCheckForm';
import { REQUIRED } from '../../../../src/ui/form/fieldError';
import { renderCheckForm } from './renderCheckForm';

const PREFIX = 'spec.folder[0]';
const textbox = (name: string) => screen.getByRole('textbox', { name });
const connection = () => screen.getByRole('combobox', { name: 'Connection' });

describe('the folder check form', () => {
  it('submits the limits and the filter in canary-checker’s shape', async () => {
    const { fill, expectSent } = renderCheckForm(FolderCheckForm, {
      prefix: PREFIX,
      entry: folderDefaults(),
    });
    await fill({
      'Check name (required)': 'backups',
      'Path (required)': '/data/backups',
      'Max age': '1d',
      'Min count': '3',
      'Max count': '30',
      'Min size': '10mb',
      'Available size': '1gb',
      'Filter regex': '.*\\.tar\\.gz$',
      'Filter max age': '7d',
    });
    await expectSent({
      name: 'backups',
      path: '/data/backups',
      maxAge: '1d',
      minCount: 3,
      maxCount: 30,
      minSize: '10mb',
      availableSize: '1gb',
      filter: { regex: '.*\\.tar\\.gz$', maxAge: '7d' },
    });
  });

  it('requires the path', async () => {
    const { fill, submit, onSubmit } = renderCheckForm(FolderCheckForm, {
      prefix: PREFIX,
      entry: folderDefaults(),
    });
    await fill({ 'Check name (required)': 'backups' });
    await submit();
    expect(screen.getByText(REQUIRED)).toBeInTheDocument();
    expect(textbox('Path (required)')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps one connection: switching drops the other’s values and sets the default port', async () => {
    const { user, fill, expectSent } = renderCheckForm(FolderCheckForm, {
      prefix: PREFIX,
      entry: { name: 'b', path: 's3://bucket/backups' },
    });
    expect(connection()).toHaveValue('');
    await user.selectOptions(connection(), 'AWS');
    await fill({
      'Access key': 'AKIA1',
      'Secret key': 'shh',
      Region: 'eu-west-1',
      Bucket: 'bucket',
    });
    await expectSent({
      name: 'b',
      path: 's3://bucket/backups',
      awsConnection: {
        accessKey: 'AKIA1',
        secretKey: 'shh',
        region: 'eu-west-1',
        bucket: 'bucket',
      },
    });

    await user.selectOptions(connection(), 'SFTP');
    expect(screen.queryByRole('textbox', { name: 'Access key' })).toBeNull();
    expect(textbox('Port')).toHaveValue('22');
    await fill({ Host: 'files.example.com', Username: 'backup' });
    await expectSent({
      name: 'b',
      path: 's3://bucket/backups',
      sftpConnection: { host: 'files.example.com', port: 22, username: 'backup' },
    });

    await user.selectOptions(connection(), 'SMB');
    expect(textbox('Port')).toHaveValue('445');
    expect(textbox('Username')).toHaveValue('');
    await fill({ Domain: 'CORP' });
    await expectSent({
      name: 'b',
      path: 's3://bucket/backups',
      smbConnection: { port: 445, domain: 'CORP' },
    });

    await user.selectOptions(connection(), 'None');
    expect(screen.queryByRole('textbox', { name: 'Domain' })).toBeNull();
    await expectSent({ name: 'b', path: 's3://bucket/backups' });
  });

  it('opens a loaded check on its connection, with its fields', async () => {
    renderCheckForm(FolderCheckForm, {
      prefix: PREFIX,
      entry: { name: 'b', path: 'gcs://b', gcpConnection: { endpoint: 'https://gcs' } },
    });
    expect(connection()).toHaveValue('gcp');
    expect(textbox('Endpoint')).toHaveValue('https://gcs');
    expect(screen.getByLabelText('Credentials')).toHaveValue('');
  });
});
