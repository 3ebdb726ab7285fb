import type { FieldSpec } from '../../../../ui/form/FieldList';
import { field, FieldList } from '../../../../ui/form/FieldList';
import type { SelectOption } from '../../../../ui/form/SelectField';
import type { TypeFormProps } from '../../types';
import { TAGS_FIELD } from './common';

export { trivyDefaults } from './defaults';

const options = (...values: string[]): SelectOption[] =>
  values.map((value) => ({ value, label: value }));

/** Trivy's choices for the flags that take a list of known values. */
export const TRIVY_SEVERITIES = options('UNKNOWN', 'LOW', 'MEDIUM', 'HIGH', 'CRITICAL');
export const TRIVY_SCANNERS = options('vuln', 'misconfig', 'secret', 'license', 'rbac');
export const TRIVY_VULN_TYPES = options('os', 'library');
export const TRIVY_COMPONENTS = options('workload', 'infra');

const TRIVY_FIELDS: readonly FieldSpec[] = [
  field('text', 'version', 'Version', { placeholder: '0.40.0' }),
  field('tags', 'compliance', 'Compliance', { placeholder: 'k8s-cis' }),
  field('switch', 'ignoreUnfixed', 'Ignore Unfixed'),
  field('tags', 'ignoredLicenses', 'Ignored Licenses', { placeholder: 'MIT' }),
  field('switch', 'licenseFull', 'License Full'),
  field('multiselect', 'scanners', 'Scanners', { options: TRIVY_SCANNERS }),
  field('multiselect', 'severity', 'Severity', { options: TRIVY_SEVERITIES }),
  field('multiselect', 'vulnType', 'Vulnerability Types', { options: TRIVY_VULN_TYPES }),
  field('text', 'timeout', 'Timeout', { placeholder: '20m' }),
  field('text', 'timestampFormat', 'Timestamp Format'),
  TAGS_FIELD,
  field('multiselect', 'kubernetes.components', 'Kubernetes Components', {
    options: TRIVY_COMPONENTS,
  }),
  field('text', 'kubernetes.context', 'Kubernetes Context'),
  field('text', 'kubernetes.kubeconfig', 'Kubernetes Kubeconfig'),
  field('text', 'kubernetes.namespace', 'Kubernetes Namespace'),
];

/** The Trivy scraper (config-db `trivy`): vulnerabilities and misconfigurations of a cluster. */
export function TrivyForm({ prefix, disabled }: TypeFormProps) {
  return <FieldList prefix={prefix} fields={TRIVY_FIELDS} disabled={disabled} />;
}
