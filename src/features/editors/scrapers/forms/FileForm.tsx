import type { FieldSpec } from '../../../../ui/form/FieldList';
import { field, FieldList } from '../../../../ui/form/FieldList';
import type { TypeFormProps } from '../../types';
import {
  connectionField,
  ITEM_NAME_FIELD,
  itemsField,
  TAGS_FIELD,
  TIMESTAMP_FIELDS,
} from './common';

export { fileDefaults } from './defaults';

const FILE_FIELDS: readonly FieldSpec[] = [
  ITEM_NAME_FIELD,
  connectionField(),
  field('text', 'type', 'Type', { placeholder: 'File::Config' }),
  field('text', 'url', 'URL', { placeholder: 'github.com/org/repo' }),
  field('text', 'id', 'ID', { placeholder: '$.id' }),
  TAGS_FIELD,
  field('tags', 'paths', 'Paths', { placeholder: 'config/*.yaml' }),
  field('tags', 'ignore', 'Ignore', { placeholder: 'config/test-*.yaml' }),
  field('text', 'format', 'Format', { placeholder: 'json', required: true }),
  field('text', 'icon', 'Icon', { placeholder: 'file', required: true }),
  itemsField('each file'),
  ...TIMESTAMP_FIELDS,
];

/** The File scraper (config-db `file`): files read from a path, a glob or a URL. */
export function FileForm({ prefix, disabled }: TypeFormProps) {
  return <FieldList prefix={prefix} fields={FILE_FIELDS} disabled={disabled} />;
}
