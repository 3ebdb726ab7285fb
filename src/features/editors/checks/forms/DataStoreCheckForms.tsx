import type { TypeFormProps } from '../../types';
import { NumberField } from '../../../../ui/form/NumberField';
import { TextField } from '../../../../ui/form/TextField';
import { ConnectionField } from '../../../../widgets/ConnectionField';
import { at, CommonCheckFields, CredentialFields } from './common';

/** A new Redis check: database 0. */
export function redisDefaults(): Record<string, unknown> {
  return { name: '', db: 0 };
}

/** The form of a Redis check. */
export function RedisCheckForm({ prefix, disabled }: TypeFormProps) {
  return (
    <>
      <CommonCheckFields prefix={prefix} disabled={disabled} />
      <TextField
        name={at(prefix, 'addr')}
        label="Address"
        placeholder="host:6379"
        required
        disabled={disabled}
      />
      <NumberField name={at(prefix, 'db')} label="Database" disabled={disabled} />
      <CredentialFields prefix={prefix} disabled={disabled} />
    </>
  );
}

/** A new Elasticsearch check. */
export function elasticsearchDefaults(): Record<string, unknown> {
  return { name: '' };
}

/** The form of an Elasticsearch check: a query on an index, and how many hits to expect. */
export function ElasticsearchCheckForm({ prefix, disabled }: TypeFormProps) {
  return (
    <>
      <CommonCheckFields prefix={prefix} disabled={disabled} />
      <TextField name={at(prefix, 'url')} label="URL" required disabled={disabled} />
      <TextField name={at(prefix, 'index')} label="Index" required disabled={disabled} />
      <TextField name={at(prefix, 'query')} label="Query" required disabled={disabled} />
      <NumberField
        name={at(prefix, 'results')}
        label="Results"
        helperText="The number of hits expected"
        disabled={disabled}
      />
    </>
  );
}

/** A new MongoDB check. */
export function mongoDefaults(): Record<string, unknown> {
  return { name: '' };
}

/** The form of a MongoDB check: a connection by name, or a URL. */
export function MongoCheckForm({ prefix, disabled }: TypeFormProps) {
  return (
    <>
      <CommonCheckFields prefix={prefix} disabled={disabled} />
      <ConnectionField
        name={at(prefix, 'connection')}
        helperText="A saved connection, used instead of the URL"
        disabled={disabled}
      />
      <TextField name={at(prefix, 'url')} label="URL" disabled={disabled} />
    </>
  );
}
