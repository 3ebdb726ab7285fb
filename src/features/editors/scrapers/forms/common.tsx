import { ConnectionField as KitConnectionField } from '../../../../widgets/ConnectionField';
import { TagsField } from '../../../../ui/form/TagsField';
import { TextField } from '../../../../ui/form/TextField';
import type { TypeFormProps } from '../../types';
import { KeyValueMapField } from '../../../../ui/form/KeyValueMapField';

/** The JSONPath fields of the dates of an item: the first expression that is not empty wins. */
const DATE_FIELDS = [
  { key: 'createFields', label: 'Create Fields', path: '$.createdAt', time: 'created' },
  { key: 'deleteFields', label: 'Delete Fields', path: '$.deletedAt', time: 'deleted' },
] as const;

/**
 * The fields every scrape config shares (config-db's base scraper): how the items found are
 * dated. `createFields` and `deleteFields` are JSONPath expressions, the first non-empty wins.
 */
export function TimestampFields({ prefix, disabled }: TypeFormProps) {
  return (
    <>
      <TextField
        name={`${prefix}.timestampFormat`}
        label="Timestamp Format"
        placeholder="2006-01-02T15:04:05Z07:00"
        helperText="A Go time layout; RFC 3339 when empty"
        disabled={disabled}
      />
      {DATE_FIELDS.map(({ key, label, path, time }) => (
        <TagsField
          key={key}
          name={`${prefix}.${key}`}
          label={label}
          placeholder={path}
          helperText={`JSONPath expressions giving the ${time} time`}
          disabled={disabled}
        />
      ))}
    </>
  );
}

/** Items: the JSONPath expression that selects the config items in what is read (`of`). */
export function ItemsField({ prefix, disabled, of }: TypeFormProps & { of: string }) {
  return (
    <TextField
      name={`${prefix}.items`}
      label="Items"
      placeholder="$.items"
      helperText={`A JSONPath expression selecting the items of ${of}`}
      disabled={disabled}
    />
  );
}

/** The tags given to every config item the scraper finds. */
export function ScraperTagsField({ prefix, disabled }: TypeFormProps) {
  return <KeyValueMapField name={`${prefix}.tags`} label="Tags" disabled={disabled} />;
}

/**
 * The connection holding the credentials: a saved one picked by name (stored as
 * `connection://{namespace}/{name}`), or a connection string typed in.
 */
export function ConnectionField({
  prefix,
  disabled,
  required = false,
}: TypeFormProps & { required?: boolean }) {
  return (
    <KitConnectionField
      name={`${prefix}.connection`}
      required={required}
      disabled={disabled}
      freeText
    />
  );
}
