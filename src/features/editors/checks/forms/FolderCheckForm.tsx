import { FormGroup } from '@blueprintjs/core';
import type { TypeFormProps } from '../../types';
import type { Choice } from '../../../../ui/form/ChoiceField';
import { ChoiceField } from '../../../../ui/form/ChoiceField';
import { NumberField } from '../../../../ui/form/NumberField';
import { TextField } from '../../../../ui/form/TextField';
import { at, CommonCheckFields } from './common';

/** A new folder check. */
export function folderDefaults(): Record<string, unknown> {
  return { name: '' };
}

/** The default ports of the connections that have one. */
export const SFTP_PORT = 22;
export const SMB_PORT = 445;

/** The fields of each connection, by its key in canary-checker's folder check. */
export const CONNECTION_FIELDS: Readonly<Record<string, readonly string[]>> = {
  awsConnection: ['accessKey', 'secretKey', 'region', 'endpoint', 'bucket'],
  gcpConnection: ['credentials', 'endpoint'],
  sftpConnection: ['host', 'port', 'username', 'password'],
  smbConnection: ['port', 'username', 'password', 'domain'],
};

/** Where the folder is read: each connection is its own object of canary-checker's spec. */
export function folderConnectionChoices(prefix: string): Choice[] {
  const connection = (value: string, label: string, key: string, initial: object): Choice => ({
    value,
    label,
    owns: (CONNECTION_FIELDS[key] ?? []).map((field) => at(prefix, `${key}.${field}`)),
    sets: { [at(prefix, key)]: initial },
  });
  return [
    connection('aws', 'AWS', 'awsConnection', {}),
    connection('gcp', 'GCP', 'gcpConnection', {}),
    connection('sftp', 'SFTP', 'sftpConnection', { port: SFTP_PORT }),
    connection('smb', 'SMB', 'smbConnection', { port: SMB_PORT }),
  ];
}

interface ConnectionFieldsProps extends TypeFormProps {
  connection: string;
}

/** The fields of the chosen connection. */
function ConnectionFields({ prefix, disabled, connection }: ConnectionFieldsProps) {
  const text = (key: string, name: string, label: string, secret = false) => (
    <TextField
      key={`${key}.${name}`}
      name={at(prefix, `${key}.${name}`)}
      label={label}
      type={secret ? 'password' : 'text'}
      autoComplete={secret ? 'new-password' : 'off'}
      disabled={disabled}
    />
  );
  const port = (key: string) => (
    <NumberField
      key={`${key}.port`}
      name={at(prefix, `${key}.port`)}
      label="Port"
      disabled={disabled}
    />
  );
  switch (connection) {
    case 'aws':
      return (
        <>
          {text('awsConnection', 'accessKey', 'Access key')}
          {text('awsConnection', 'secretKey', 'Secret key', true)}
          {text('awsConnection', 'region', 'Region')}
          {text('awsConnection', 'endpoint', 'Endpoint')}
          {text('awsConnection', 'bucket', 'Bucket')}
        </>
      );
    case 'gcp':
      return (
        <>
          {text('gcpConnection', 'credentials', 'Credentials', true)}
          {text('gcpConnection', 'endpoint', 'Endpoint')}
        </>
      );
    case 'sftp':
      return (
        <>
          {text('sftpConnection', 'host', 'Host')}
          {port('sftpConnection')}
          {text('sftpConnection', 'username', 'Username')}
          {text('sftpConnection', 'password', 'Password', true)}
        </>
      );
    case 'smb':
      return (
        <>
          {port('smbConnection')}
          {text('smbConnection', 'username', 'Username')}
          {text('smbConnection', 'password', 'Password', true)}
          {text('smbConnection', 'domain', 'Domain')}
        </>
      );
    default:
      return null;
  }
}

/**
 * The form of a folder check (spec 002 §3.8): the folder, the limits its files must keep
 * (ages as durations like `1h`, sizes like `10mb`), which files count, and where it is read.
 */
export function FolderCheckForm({ prefix, disabled }: TypeFormProps) {
  const text = (name: string, label: string, placeholder?: string) => (
    <TextField
      name={at(prefix, name)}
      label={label}
      placeholder={placeholder}
      disabled={disabled}
    />
  );
  const count = (name: string, label: string) => (
    <NumberField name={at(prefix, name)} label={label} disabled={disabled} />
  );
  return (
    <>
      <CommonCheckFields prefix={prefix} disabled={disabled} />
      <TextField
        name={at(prefix, 'path')}
        label="Path"
        placeholder="/data/backups or s3://bucket/path"
        required
        disabled={disabled}
      />
      {text('minAge', 'Min age', '1h')}
      {text('maxAge', 'Max age', '1d')}
      {count('minCount', 'Min count')}
      {count('maxCount', 'Max count')}
      {text('minSize', 'Min size', '10mb')}
      {text('maxSize', 'Max size', '1gb')}
      {text('availableSize', 'Available size', '1gb')}
      {text('totalSize', 'Total size', '10gb')}
      <FormGroup label="Filter" helperText="Only the files that match count">
        {text('filter.minAge', 'Filter min age', '1h')}
        {text('filter.maxAge', 'Filter max age', '1d')}
        {text('filter.minSize', 'Filter min size', '10mb')}
        {text('filter.maxSize', 'Filter max size', '1gb')}
        {text('filter.regex', 'Filter regex', '.*\\.tar\\.gz$')}
      </FormGroup>
      <ChoiceField label="Connection" choices={folderConnectionChoices(prefix)} disabled={disabled}>
        {(connection) => (
          <ConnectionFields prefix={prefix} disabled={disabled} connection={connection} />
        )}
      </ChoiceField>
    </>
  );
}
