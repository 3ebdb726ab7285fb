import { SelectField } from '../../../../ui/form/SelectField';
import { TagsField } from '../../../../ui/form/TagsField';
import { TextAreaField, TextField } from '../../../../ui/form/TextField';
import type { TypeFormProps } from '../../types';
import { ConnectionField, ScraperTagsField, ItemsField } from './common';
import { Collapsible } from '../../../../ui/form/Collapsible';
import { EnvVarField } from '../../../../ui/form/EnvVarField';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((method) => ({
  value: method,
  label: method,
}));

/** A new HTTP scrape config. */
export function httpDefaults(): Record<string, unknown> {
  return {};
}

/** The HTTP scraper (config-db `http`): what a URL answers becomes config items. */
export function HttpForm({ prefix, disabled }: TypeFormProps) {
  return (
    <>
      <TextField
        name={`${prefix}.url`}
        label="URL"
        placeholder="https://api.example.com/items"
        required
        disabled={disabled}
      />
      <TextField
        name={`${prefix}.type`}
        label="Type"
        placeholder="API::Item"
        required
        disabled={disabled}
      />
      <TextField name={`${prefix}.id`} label="ID" placeholder="$.id" required disabled={disabled} />
      <TextField name={`${prefix}.format`} label="Format" placeholder="json" disabled={disabled} />
      <TextField name={`${prefix}.icon`} label="Icon" placeholder="http" disabled={disabled} />
      <ScraperTagsField prefix={prefix} disabled={disabled} />
      <TagsField name={`${prefix}.ignore`} label="Ignore" disabled={disabled} />
      <TagsField name={`${prefix}.paths`} label="Paths" disabled={disabled} />
      <Collapsible title="Advanced options">
        <TextField name={`${prefix}.name`} label="Name" placeholder="$.name" disabled={disabled} />
        <ConnectionField prefix={prefix} disabled={disabled} />
        <SelectField
          name={`${prefix}.method`}
          label="Method"
          options={HTTP_METHODS}
          placeholder=""
          disabled={disabled}
        />
        <TextAreaField name={`${prefix}.body`} label="Body" disabled={disabled} />
        <EnvVarField name={`${prefix}.username`} label="Username" disabled={disabled} />
        <EnvVarField name={`${prefix}.password`} label="Password" secret disabled={disabled} />
        <ItemsField prefix={prefix} disabled={disabled} of="the answer" />
      </Collapsible>
    </>
  );
}
