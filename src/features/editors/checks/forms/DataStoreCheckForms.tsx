import type { TypeFormProps } from '../../types';
import type { FieldSpec } from '../../../../ui/form/FieldList';
import { ConnectionField } from '../../../../widgets/ConnectionField';
import { CheckFields, CREDENTIAL_FIELDS } from './common';

/** A new Redis check: database 0. */
export function redisDefaults(): Record<string, unknown> {
  return { name: '', db: 0 };
}

const REDIS_FIELDS: readonly FieldSpec[] = [
  { kind: 'text', name: 'addr', label: 'Address', placeholder: 'host:6379', required: true },
  { kind: 'number', name: 'db', label: 'Database' },
  ...CREDENTIAL_FIELDS,
];

/** The form of a Redis check. */
export function RedisCheckForm(props: TypeFormProps) {
  return <CheckFields {...props} fields={REDIS_FIELDS} />;
}

/** A new Elasticsearch check. */
export function elasticsearchDefaults(): Record<string, unknown> {
  return { name: '' };
}

const ELASTICSEARCH_FIELDS: readonly FieldSpec[] = [
  { kind: 'text', name: 'url', label: 'URL', required: true },
  { kind: 'text', name: 'index', label: 'Index', required: true },
  { kind: 'text', name: 'query', label: 'Query', required: true },
  {
    kind: 'number',
    name: 'results',
    label: 'Results',
    helperText: 'The number of hits expected',
  },
];

/** The form of an Elasticsearch check: a query on an index, and how many hits to expect. */
export function ElasticsearchCheckForm(props: TypeFormProps) {
  return <CheckFields {...props} fields={ELASTICSEARCH_FIELDS} />;
}

/** A new MongoDB check. */
export function mongoDefaults(): Record<string, unknown> {
  return { name: '' };
}

const MONGO_FIELDS: readonly FieldSpec[] = [
  {
    kind: 'custom',
    name: 'connection',
    render: (name, disabled) => (
      <ConnectionField
        name={name}
        helperText="A saved connection, used instead of the URL"
        disabled={disabled}
      />
    ),
  },
  { kind: 'text', name: 'url', label: 'URL' },
];

/** The form of a MongoDB check: a connection by name, or a URL. */
export function MongoCheckForm(props: TypeFormProps) {
  return <CheckFields {...props} fields={MONGO_FIELDS} />;
}
