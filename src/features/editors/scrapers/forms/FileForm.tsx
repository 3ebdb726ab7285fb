import { TagsField } from '../../../../ui/form/TagsField';
import { TextField } from '../../../../ui/form/TextField';
import type { TypeFormProps } from '../../types';
import { ConnectionField, ScraperTagsField, TimestampFields, ItemsField } from './common';

/** A new File scrape config. */
export function fileDefaults(): Record<string, unknown> {
  return {};
}

/** The File scraper (config-db `file`): files read from a path, a glob or a URL. */
export function FileForm({ prefix, disabled }: TypeFormProps) {
  return (
    <>
      <TextField name={`${prefix}.name`} label="Name" placeholder="$.name" disabled={disabled} />
      <ConnectionField prefix={prefix} disabled={disabled} />
      <TextField
        name={`${prefix}.type`}
        label="Type"
        placeholder="File::Config"
        disabled={disabled}
      />
      <TextField
        name={`${prefix}.url`}
        label="URL"
        placeholder="github.com/org/repo"
        disabled={disabled}
      />
      <TextField name={`${prefix}.id`} label="ID" placeholder="$.id" disabled={disabled} />
      <ScraperTagsField prefix={prefix} disabled={disabled} />
      <TagsField
        name={`${prefix}.paths`}
        label="Paths"
        placeholder="config/*.yaml"
        disabled={disabled}
      />
      <TagsField
        name={`${prefix}.ignore`}
        label="Ignore"
        placeholder="config/test-*.yaml"
        disabled={disabled}
      />
      <TextField
        name={`${prefix}.format`}
        label="Format"
        placeholder="json"
        required
        disabled={disabled}
      />
      <TextField
        name={`${prefix}.icon`}
        label="Icon"
        placeholder="file"
        required
        disabled={disabled}
      />
      <ItemsField prefix={prefix} disabled={disabled} of="each file" />
      <TimestampFields prefix={prefix} disabled={disabled} />
    </>
  );
}
