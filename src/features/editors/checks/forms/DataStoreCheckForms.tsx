import type { TypeFormProps } from '../../types';
import type { FieldSpec } from '../../../../ui/form/FieldList';
import { field } from '../../../../ui/form/FieldList';
import { ConnectionField } from '../../../../widgets/ConnectionField';
import { CheckFields, CREDENTIAL_FIELDS } from './common';

export { redisDefaults, elasticsearchDefaults, mongoDefaults } from './defaults';

const REDIS_FIELDS: readonly FieldSpec[] = [
  field('text', 'addr', 'Address', { placeholder: 'host:6379', required: true }),
  field('number', 'db', 'Database'),
  ...CREDENTIAL_FIELDS,
];

/** The form of a Redis check. */
export function RedisCheckForm(props: TypeFormProps) {
  return <CheckFields {...props} fields={REDIS_FIELDS} />;
}

const ELASTICSEARCH_FIELDS: readonly FieldSpec[] = [
  field('text', 'url', 'URL', { required: true }),
  field('text', 'index', 'Index', { required: true }),
  field('text', 'query', 'Query', { required: true }),
  field('number', 'results', 'Results', { helperText: 'The number of hits expected' }),
];

/** The form of an Elasticsearch check: a query on an index, and how many hits to expect. */
export function ElasticsearchCheckForm(props: TypeFormProps) {
  return <CheckFields {...props} fields={ELASTICSEARCH_FIELDS} />;
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
  field('text', 'url', 'URL'),
];

/** The form of a MongoDB check: a connection by name, or a URL. */
export function MongoCheckForm(props: TypeFormProps) {
  return <CheckFields {...props} fields={MONGO_FIELDS} />;
}
