import type { FieldSpec } from '../../../../ui/form/FieldList';
import { field, FieldList } from '../../../../ui/form/FieldList';
import type { TypeFormProps } from '../../types';

export { DEFAULT_MAX_IN_FLIGHT, kubernetesDefaults } from './defaults';

export const KUBERNETES_SCOPES = [
  { value: 'namespace', label: 'Namespace' },
  { value: 'cluster', label: 'Cluster' },
] as const;

/** What the Kubernetes scraper leaves out: names, kinds and namespaces as patterns, and labels. */
const EXCLUSION_FIELDS: readonly FieldSpec[] = [
  field('tags', 'exclusions.name', 'Excluded Names', { placeholder: 'Names or patterns' }),
  field('tags', 'exclusions.kind', 'Excluded Kinds', { placeholder: 'Kinds or patterns' }),
  field('tags', 'exclusions.namespace', 'Excluded Namespaces', {
    placeholder: 'Namespaces or patterns',
  }),
  field('map', 'exclusions.labels', 'Excluded Labels'),
];

const KUBERNETES_FIELDS: readonly FieldSpec[] = [
  field('text', 'clusterName', 'Cluster Name', { required: true }),
  field('envVar', 'kubeconfig', 'Kubeconfig', {
    placeholder: "The path of a kubeconfig file; the scraper's own cluster when empty",
  }),
  field('text', 'namespace', 'Namespace', { placeholder: 'All namespaces when empty' }),
  field('select', 'scope', 'Scope', { options: KUBERNETES_SCOPES, placeholder: '' }),
  field('text', 'since', 'Since', { placeholder: '1h' }),
  field('text', 'selector', 'Selector', { placeholder: 'app=frontend' }),
  field('text', 'fieldSelector', 'Field Selector', { placeholder: 'status.phase=Running' }),
  field('number', 'maxInflight', 'Max In Flight'),
  {
    kind: 'objects',
    name: 'watch',
    label: 'Watch',
    itemLabel: 'Resource',
    newItem: () => ({ apiVersion: '', kind: '' }),
    helperText: 'Resources watched for changes as they happen',
    fields: [
      field('text', 'apiVersion', 'API Version', { placeholder: 'apps/v1', required: true }),
      field('text', 'kind', 'Kind', { placeholder: 'Deployment', required: true }),
    ],
  },
  ...EXCLUSION_FIELDS,
];

/** The Kubernetes scraper (config-db `kubernetes`): one cluster's objects, watched or listed. */
export function KubernetesForm({ prefix, disabled }: TypeFormProps) {
  return <FieldList prefix={prefix} fields={KUBERNETES_FIELDS} disabled={disabled} />;
}
