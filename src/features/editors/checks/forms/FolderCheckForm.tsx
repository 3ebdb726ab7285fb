import { FormGroup } from '@blueprintjs/core';
import type { TypeFormProps } from '../../types';
import type { Choice } from '../../../../ui/form/ChoiceField';
import { ChoiceField } from '../../../../ui/form/ChoiceField';
import type { FieldSpec } from '../../../../ui/form/FieldList';
import { field, FieldList } from '../../../../ui/form/FieldList';
import { at, CheckFields } from './common';

export { folderDefaults } from './defaults';

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

/** A field of a connection: `secret` ones are masked and never filled in by the browser. */
function connectionText(key: string, name: string, label: string, secret = false): FieldSpec {
  return field('text', `${key}.${name}`, label, {
    type: secret ? 'password' : 'text',
    autoComplete: secret ? 'new-password' : 'off',
  });
}

/** The port of a connection. */
function connectionPort(key: string): FieldSpec {
  return field('number', `${key}.port`, 'Port');
}

/** The fields of each connection, by the choice's value, in the order they are shown. */
const CONNECTION_FORMS: Readonly<Record<string, readonly FieldSpec[]>> = {
  aws: [
    connectionText('awsConnection', 'accessKey', 'Access key'),
    connectionText('awsConnection', 'secretKey', 'Secret key', true),
    connectionText('awsConnection', 'region', 'Region'),
    connectionText('awsConnection', 'endpoint', 'Endpoint'),
    connectionText('awsConnection', 'bucket', 'Bucket'),
  ],
  gcp: [
    connectionText('gcpConnection', 'credentials', 'Credentials', true),
    connectionText('gcpConnection', 'endpoint', 'Endpoint'),
  ],
  sftp: [
    connectionText('sftpConnection', 'host', 'Host'),
    connectionPort('sftpConnection'),
    connectionText('sftpConnection', 'username', 'Username'),
    connectionText('sftpConnection', 'password', 'Password', true),
  ],
  smb: [
    connectionPort('smbConnection'),
    connectionText('smbConnection', 'username', 'Username'),
    connectionText('smbConnection', 'password', 'Password', true),
    connectionText('smbConnection', 'domain', 'Domain'),
  ],
};

/** A text field of the folder's limits, with an example value. */
function limit(name: string, label: string, placeholder: string): FieldSpec {
  return field('text', name, label, { placeholder });
}

const FOLDER_FIELDS: readonly FieldSpec[] = [
  field('text', 'path', 'Path', {
    placeholder: '/data/backups or s3://bucket/path',
    required: true,
  }),
  limit('minAge', 'Min age', '1h'),
  limit('maxAge', 'Max age', '1d'),
  field('number', 'minCount', 'Min count'),
  field('number', 'maxCount', 'Max count'),
  limit('minSize', 'Min size', '10mb'),
  limit('maxSize', 'Max size', '1gb'),
  limit('availableSize', 'Available size', '1gb'),
  limit('totalSize', 'Total size', '10gb'),
];

const FILTER_FIELDS: readonly FieldSpec[] = [
  limit('filter.minAge', 'Filter min age', '1h'),
  limit('filter.maxAge', 'Filter max age', '1d'),
  limit('filter.minSize', 'Filter min size', '10mb'),
  limit('filter.maxSize', 'Filter max size', '1gb'),
  limit('filter.regex', 'Filter regex', '.*\\.tar\\.gz$'),
];

/**
 * The form of a folder check (spec 002 §3.8): the folder, the limits its files must keep
 * (ages as durations like `1h`, sizes like `10mb`), which files count, and where it is read.
 */
export function FolderCheckForm({ prefix, disabled }: TypeFormProps) {
  return (
    <>
      <CheckFields prefix={prefix} disabled={disabled} fields={FOLDER_FIELDS} />
      <FormGroup label="Filter" helperText="Only the files that match count">
        <FieldList prefix={prefix} fields={FILTER_FIELDS} disabled={disabled} />
      </FormGroup>
      <ChoiceField label="Connection" choices={folderConnectionChoices(prefix)} disabled={disabled}>
        {(connection) => (
          <FieldList
            prefix={prefix}
            fields={CONNECTION_FORMS[connection] ?? []}
            disabled={disabled}
          />
        )}
      </ChoiceField>
    </>
  );
}
