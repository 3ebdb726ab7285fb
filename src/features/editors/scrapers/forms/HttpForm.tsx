import type { FieldSpec } from '../../../../ui/form/FieldList';
import { field, FieldList } from '../../../../ui/form/FieldList';
import type { TypeFormProps } from '../../types';
import {
  connectionField,
  credentialFields,
  ITEM_NAME_FIELD,
  itemsField,
  TAGS_FIELD,
} from './common';
import { Collapsible } from '../../../../ui/form/Collapsible';

export { httpDefaults } from './defaults';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((method) => ({
  value: method,
  label: method,
}));

const HTTP_FIELDS: readonly FieldSpec[] = [
  field('text', 'url', 'URL', { placeholder: 'https://api.example.com/items', required: true }),
  field('text', 'type', 'Type', { placeholder: 'API::Item', required: true }),
  field('text', 'id', 'ID', { placeholder: '$.id', required: true }),
  field('text', 'format', 'Format', { placeholder: 'json' }),
  field('text', 'icon', 'Icon', { placeholder: 'http' }),
  TAGS_FIELD,
  field('tags', 'ignore', 'Ignore'),
  field('tags', 'paths', 'Paths'),
];

/** The HTTP scraper's fields behind "Advanced options". */
const ADVANCED_FIELDS: readonly FieldSpec[] = [
  ITEM_NAME_FIELD,
  connectionField(),
  field('select', 'method', 'Method', { options: HTTP_METHODS, placeholder: '' }),
  field('textarea', 'body', 'Body'),
  ...credentialFields(),
  itemsField('the answer'),
];

/** The HTTP scraper (config-db `http`): what a URL answers becomes config items. */
export function HttpForm({ prefix, disabled }: TypeFormProps) {
  return (
    <>
      <FieldList prefix={prefix} fields={HTTP_FIELDS} disabled={disabled} />
      <Collapsible title="Advanced options">
        <FieldList prefix={prefix} fields={ADVANCED_FIELDS} disabled={disabled} />
      </Collapsible>
    </>
  );
}
