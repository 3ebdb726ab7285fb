import { ConnectionField as KitConnectionField } from '../../../../widgets/ConnectionField';
import { TagsField } from '../../../../ui/form/TagsField';
import { TextField } from '../../../../ui/form/TextField';
import type { TypeFormProps } from '../../types';
import { KeyValueMapField } from '../../../../ui/form/KeyValueMapField';

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
      <TagsField
        name={`${prefix}.createFields`}
        label="Create Fields"
        placeholder="$.createdAt"
        helperText="JSONPath expressions giving the created time"
        disabled={disabled}
      />
      <TagsField
        name={`${prefix}.deleteFields`}
        label="Delete Fields"
        placeholder="$.deletedAt"
        helperText="JSONPath expressions giving the deleted time"
        disabled={disabled}
      />
    </>
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
