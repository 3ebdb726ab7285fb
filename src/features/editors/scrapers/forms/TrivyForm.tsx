import type { FieldSpec } from '../../../../ui/form/FieldList';
import { FieldList } from '../../../../ui/form/FieldList';
import type { SelectOption } from '../../../../ui/form/SelectField';
import type { TypeFormProps } from '../../types';
import { TAGS_FIELD } from './common';

const options = (...values: string[]): SelectOption[] =>
  values.map((value) => ({ value, label: value }));

/** Trivy's choices for the flags that take a list of known values. */
export const TRIVY_SEVERITIES = options('UNKNOWN', 'LOW', 'MEDIUM', 'HIGH', 'CRITICAL');
export const TRIVY_SCANNERS = options('vuln', 'misconfig', 'secret', 'license', 'rbac');
export const TRIVY_VULN_TYPES = options('os', 'library');
export const TRIVY_COMPONENTS = options('workload', 'infra');

/** A new Trivy scrape config: it scans the cluster it runs in. */
export function trivyDefaults(): Record<string, unknown> {
  return { kubernetes: {} };
}

const TRIVY_FIELDS: readonly FieldSpec[] = [
  { kind: 'text', name: 'version', label: 'Version', placeholder: '0.40.0' },
  { kind: 'tags', name: 'compliance', label: 'Compliance', placeholder: 'k8s-cis' },
  { kind: 'switch', name: 'ignoreUnfixed', label: 'Ignore Unfixed' },
  { kind: 'tags', name: 'ignoredLicenses', label: 'Ignored Licenses', placeholder: 'MIT' },
  { kind: 'switch', name: 'licenseFull', label: 'License Full' },
  { kind: 'multiselect', name: 'scanners', label: 'Scanners', options: TRIVY_SCANNERS },
  { kind: 'multiselect', name: 'severity', label: 'Severity', options: TRIVY_SEVERITIES },
  {
    kind: 'multiselect',
    name: 'vulnType',
    label: 'Vulnerability Types',
    options: TRIVY_VULN_TYPES,
  },
  { kind: 'text', name: 'timeout', label: 'Timeout', placeholder: '20m' },
  { kind: 'text', name: 'timestampFormat', label: 'Timestamp Format' },
  TAGS_FIELD,
  {
    kind: 'multiselect',
    name: 'kubernetes.components',
    label: 'Kubernetes Components',
    options: TRIVY_COMPONENTS,
  },
  { kind: 'text', name: 'kubernetes.context', label: 'Kubernetes Context' },
  { kind: 'text', name: 'kubernetes.kubeconfig', label: 'Kubernetes Kubeconfig' },
  { kind: 'text', name: 'kubernetes.namespace', label: 'Kubernetes Namespace' },
];

/** The Trivy scraper (config-db `trivy`): vulnerabilities and misconfigurations of a cluster. */
export function TrivyForm({ prefix, disabled }: TypeFormProps) {
  return <FieldList prefix={prefix} fields={TRIVY_FIELDS} disabled={disabled} />;
}
