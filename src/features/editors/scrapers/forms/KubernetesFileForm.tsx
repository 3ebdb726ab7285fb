import type { FieldSpec } from '../../../../ui/form/FieldList';
import { field, FieldList } from '../../../../ui/form/FieldList';
import type { TypeFormProps } from '../../types';
import { TAGS_FIELD } from './common';

export { kubernetesFileDefaults } from './defaults';

const KUBERNETES_FILE_FIELDS: readonly FieldSpec[] = [
  field('text', 'type', 'Type', { placeholder: 'Pod::File', required: true }),
  field('text', 'id', 'ID', { placeholder: '$.id', required: true }),
  field('text', 'selector.kind', 'Selector Kind', { placeholder: 'Deployment' }),
  field('text', 'selector.name', 'Selector Name'),
  field('text', 'selector.namespace', 'Selector Namespace'),
  field('text', 'selector.fieldSelector', 'Selector Field Selector', {
    placeholder: 'status.phase=Running',
  }),
  field('text', 'selector.labelSelector', 'Selector Label Selector', { placeholder: 'app=web' }),
  field('text', 'container', 'Container'),
  field('text', 'format', 'Format', { placeholder: 'json' }),
  {
    kind: 'objects',
    name: 'files',
    label: 'Files',
    itemLabel: 'File',
    newItem: () => ({ path: [] }),
    fields: [
      field('text', 'format', 'Format', { placeholder: 'properties' }),
      field('tags', 'path', 'Path', { placeholder: '/app/config.properties' }),
    ],
  },
  TAGS_FIELD,
];

/**
 * The Kubernetes File scraper (config-db `kubernetesFile`): files read inside the pods the
 * selector picks.
 */
export function KubernetesFileForm({ prefix, disabled }: TypeFormProps) {
  return <FieldList prefix={prefix} fields={KUBERNETES_FILE_FIELDS} disabled={disabled} />;
}
