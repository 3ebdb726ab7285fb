import type { FieldSpec } from '../../../../ui/form/FieldList';
import { FieldList } from '../../../../ui/form/FieldList';
import type { TypeFormProps } from '../../types';
import { TAGS_FIELD } from './common';

/** A new Kubernetes File scrape config. */
export function kubernetesFileDefaults(): Record<string, unknown> {
  return { selector: {}, files: [] };
}

const KUBERNETES_FILE_FIELDS: readonly FieldSpec[] = [
  { kind: 'text', name: 'type', label: 'Type', placeholder: 'Pod::File', required: true },
  { kind: 'text', name: 'id', label: 'ID', placeholder: '$.id', required: true },
  { kind: 'text', name: 'selector.kind', label: 'Selector Kind', placeholder: 'Deployment' },
  { kind: 'text', name: 'selector.name', label: 'Selector Name' },
  { kind: 'text', name: 'selector.namespace', label: 'Selector Namespace' },
  {
    kind: 'text',
    name: 'selector.fieldSelector',
    label: 'Selector Field Selector',
    placeholder: 'status.phase=Running',
  },
  {
    kind: 'text',
    name: 'selector.labelSelector',
    label: 'Selector Label Selector',
    placeholder: 'app=web',
  },
  { kind: 'text', name: 'container', label: 'Container' },
  { kind: 'text', name: 'format', label: 'Format', placeholder: 'json' },
  {
    kind: 'objects',
    name: 'files',
    label: 'Files',
    itemLabel: 'File',
    newItem: () => ({ path: [] }),
    fields: [
      { kind: 'text', name: 'format', label: 'Format', placeholder: 'properties' },
      { kind: 'tags', name: 'path', label: 'Path', placeholder: '/app/config.properties' },
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
