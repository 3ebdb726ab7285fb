import type { FieldSpec } from '../../../../ui/form/FieldList';
import { FieldList } from '../../../../ui/form/FieldList';
import type { TypeFormProps } from '../../types';

/** Spec 002 §9: how many requests the Kubernetes scraper keeps in flight by default. */
export const DEFAULT_MAX_IN_FLIGHT = 64;

export const KUBERNETES_SCOPES = [
  { value: 'namespace', label: 'Namespace' },
  { value: 'cluster', label: 'Cluster' },
] as const;

/** A new Kubernetes scrape config. */
export function kubernetesDefaults(): Record<string, unknown> {
  return { maxInflight: DEFAULT_MAX_IN_FLIGHT };
}

/** What the Kubernetes scraper leaves out: names, kinds and namespaces as patterns, and labels. */
const EXCLUSION_FIELDS: readonly FieldSpec[] = [
  {
    kind: 'tags',
    name: 'exclusions.name',
    label: 'Excluded Names',
    placeholder: 'Names or patterns',
  },
  {
    kind: 'tags',
    name: 'exclusions.kind',
    label: 'Excluded Kinds',
    placeholder: 'Kinds or patterns',
  },
  {
    kind: 'tags',
    name: 'exclusions.namespace',
    label: 'Excluded Namespaces',
    placeholder: 'Namespaces or patterns',
  },
  { kind: 'map', name: 'exclusions.labels', label: 'Excluded Labels' },
];

const KUBERNETES_FIELDS: readonly FieldSpec[] = [
  { kind: 'text', name: 'clusterName', label: 'Cluster Name', required: true },
  {
    kind: 'envVar',
    name: 'kubeconfig',
    label: 'Kubeconfig',
    placeholder: "The path of a kubeconfig file; the scraper's own cluster when empty",
  },
  { kind: 'text', name: 'namespace', label: 'Namespace', placeholder: 'All namespaces when empty' },
  { kind: 'select', name: 'scope', label: 'Scope', options: KUBERNETES_SCOPES, placeholder: '' },
  { kind: 'text', name: 'since', label: 'Since', placeholder: '1h' },
  { kind: 'text', name: 'selector', label: 'Selector', placeholder: 'app=frontend' },
  {
    kind: 'text',
    name: 'fieldSelector',
    label: 'Field Selector',
    placeholder: 'status.phase=Running',
  },
  { kind: 'number', name: 'maxInflight', label: 'Max In Flight' },
  {
    kind: 'objects',
    name: 'watch',
    label: 'Watch',
    itemLabel: 'Resource',
    newItem: () => ({ apiVersion: '', kind: '' }),
    helperText: 'Resources watched for changes as they happen',
    fields: [
      {
        kind: 'text',
        name: 'apiVersion',
        label: 'API Version',
        placeholder: 'apps/v1',
        required: true,
      },
      { kind: 'text', name: 'kind', label: 'Kind', placeholder: 'Deployment', required: true },
    ],
  },
  ...EXCLUSION_FIELDS,
];

/** The Kubernetes scraper (config-db `kubernetes`): one cluster's objects, watched or listed. */
export function KubernetesForm({ prefix, disabled }: TypeFormProps) {
  return <FieldList prefix={prefix} fields={KUBERNETES_FIELDS} disabled={disabled} />;
}
