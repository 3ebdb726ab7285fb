import type { FieldSpec } from '../../../../ui/form/FieldList';
import { FieldList } from '../../../../ui/form/FieldList';
import type { TypeFormProps } from '../../types';
import {
  connectionField,
  credentialFields,
  ITEM_NAME_FIELD,
  itemsField,
  TAGS_FIELD,
} from './common';
import { Collapsible } from '../../../../ui/form/Collapsible';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((method) => ({
  value: method,
  label: method,
}));

/** A new HTTP scrape config. */
export function httpDefaults(): Record<string, unknown> {
  return {};
}

const HTTP_FIELDS: readonly FieldSpec[] = [
  {
    kind: 'text',
    name: 'url',
    label: 'URL',
    placeholder: 'https://api.example.com/items',
    required: true,
  },
  { kind: 'text', name: 'type', label: 'Type', placeholder: 'API::Item', required: true },
  { kind: 'text', name: 'id', label: 'ID', placeholder: '$.id', required: true },
  { kind: 'text', name: 'format', label: 'Format', placeholder: 'json' },
  { kind: 'text', name: 'icon', label: 'Icon', placeholder: 'http' },
  TAGS_FIELD,
  { kind: 'tags', name: 'ignore', label: 'Ignore' },
  { kind: 'tags', name: 'paths', label: 'Paths' },
];

/** The HTTP scraper's fields behind "Advanced options". */
const ADVANCED_FIELDS: readonly FieldSpec[] = [
  ITEM_NAME_FIELD,
  connectionField(),
  { kind: 'select', name: 'method', label: 'Method', options: HTTP_METHODS, placeholder: '' },
  { kind: 'textarea', name: 'body', label: 'Body' },
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
