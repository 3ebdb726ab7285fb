import { ConnectionField as KitConnectionField } from '../../../../widgets/ConnectionField';
import type { FieldSpec } from '../../../../ui/form/FieldList';
import { field } from '../../../../ui/form/FieldList';

/**
 * The fields every scrape config shares (config-db's base scraper): how the items found are
 * dated. `createFields` and `deleteFields` are JSONPath expressions, the first non-empty wins.
 */
export const TIMESTAMP_FIELDS: readonly FieldSpec[] = [
  field('text', 'timestampFormat', 'Timestamp Format', {
    placeholder: '2006-01-02T15:04:05Z07:00',
    helperText: 'A Go time layout; RFC 3339 when empty',
  }),
  field('tags', 'createFields', 'Create Fields', {
    placeholder: '$.createdAt',
    helperText: 'JSONPath expressions giving the created time',
  }),
  field('tags', 'deleteFields', 'Delete Fields', {
    placeholder: '$.deletedAt',
    helperText: 'JSONPath expressions giving the deleted time',
  }),
];

/** Items: the JSONPath expression that selects the config items in what is read (`of`). */
export function itemsField(of: string): FieldSpec {
  return field('text', 'items', 'Items', {
    placeholder: '$.items',
    helperText: `A JSONPath expression selecting the items of ${of}`,
  });
}

/** The tags given to every config item the scraper finds. */
export const TAGS_FIELD: FieldSpec = field('map', 'tags', 'Tags');

/**
 * The connection holding the credentials: a saved one picked by name (stored as
 * `connection://{namespace}/{name}`), or a connection string typed in.
 */
export function connectionField({ required = false } = {}): FieldSpec {
  return {
    kind: 'custom',
    name: 'connection',
    render: (name, disabled) => (
      <KitConnectionField name={name} required={required} disabled={disabled} freeText />
    ),
  };
}

/** A plain name and a secret password, each a value or a reference (`auth.` for SQL's). */
export function credentialFields(under = ''): FieldSpec[] {
  return [
    field('envVar', `${under}username`, 'Username'),
    field('envVar', `${under}password`, 'Password', { secret: true }),
  ];
}

/** A personal access token, a value or a reference (GitHub, Azure DevOps). */
export const TOKEN_FIELD: FieldSpec = field(
  'envVar',
  'personalAccessToken',
  'Personal Access Token',
  { secret: true },
);

/** The name of the items found, a literal or a JSONPath expression. */
export const ITEM_NAME_FIELD: FieldSpec = field('text', 'name', 'Name', { placeholder: '$.name' });
