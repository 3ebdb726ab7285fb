import type { FieldSpec } from '../../../../ui/form/FieldList';
import { FieldList } from '../../../../ui/form/FieldList';
import type { TypeFormProps } from '../../types';
import {
  connectionField,
  ITEM_NAME_FIELD,
  itemsField,
  TAGS_FIELD,
  TIMESTAMP_FIELDS,
} from './common';

/** A new File scrape config. */
export function fileDefaults(): Record<string, unknown> {
  return {};
}

const FILE_FIELDS: readonly FieldSpec[] = [
  ITEM_NAME_FIELD,
  connectionField(),
  { kind: 'text', name: 'type', label: 'Type', placeholder: 'File::Config' },
  { kind: 'text', name: 'url', label: 'URL', placeholder: 'github.com/org/repo' },
  { kind: 'text', name: 'id', label: 'ID', placeholder: '$.id' },
  TAGS_FIELD,
  { kind: 'tags', name: 'paths', label: 'Paths', placeholder: 'config/*.yaml' },
  { kind: 'tags', name: 'ignore', label: 'Ignore', placeholder: 'config/test-*.yaml' },
  { kind: 'text', name: 'format', label: 'Format', placeholder: 'json', required: true },
  { kind: 'text', name: 'icon', label: 'Icon', placeholder: 'file', required: true },
  itemsField('each file'),
  ...TIMESTAMP_FIELDS,
];

/** The File scraper (config-db `file`): files read from a path, a glob or a URL. */
export function FileForm({ prefix, disabled }: TypeFormProps) {
  return <FieldList prefix={prefix} fields={FILE_FIELDS} disabled={disabled} />;
}
