import { SwitchField } from '../../../../ui/form/SelectField';
import type { SelectOption } from '../../../../ui/form/SelectField';
import { MultiSelectField, TagsField } from '../../../../ui/form/TagsField';
import { TextField } from '../../../../ui/form/TextField';
import type { TypeFormProps } from '../../types';
import { ScraperTagsField } from './common';

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

/** The Trivy scraper (config-db `trivy`): vulnerabilities and misconfigurations of a cluster. */
export function TrivyForm({ prefix, disabled }: TypeFormProps) {
  return (
    <>
      <TextField
        name={`${prefix}.version`}
        label="Version"
        placeholder="0.40.0"
        disabled={disabled}
      />
      <TagsField
        name={`${prefix}.compliance`}
        label="Compliance"
        placeholder="k8s-cis"
        disabled={disabled}
      />
      <SwitchField name={`${prefix}.ignoreUnfixed`} label="Ignore Unfixed" disabled={disabled} />
      <TagsField
        name={`${prefix}.ignoredLicenses`}
        label="Ignored Licenses"
        placeholder="MIT"
        disabled={disabled}
      />
      <SwitchField name={`${prefix}.licenseFull`} label="License Full" disabled={disabled} />
      <MultiSelectField
        name={`${prefix}.scanners`}
        label="Scanners"
        options={TRIVY_SCANNERS}
        disabled={disabled}
      />
      <MultiSelectField
        name={`${prefix}.severity`}
        label="Severity"
        options={TRIVY_SEVERITIES}
        disabled={disabled}
      />
      <MultiSelectField
        name={`${prefix}.vulnType`}
        label="Vulnerability Types"
        options={TRIVY_VULN_TYPES}
        disabled={disabled}
      />
      <TextField name={`${prefix}.timeout`} label="Timeout" placeholder="20m" disabled={disabled} />
      <TextField name={`${prefix}.timestampFormat`} label="Timestamp Format" disabled={disabled} />
      <ScraperTagsField prefix={prefix} disabled={disabled} />
      <MultiSelectField
        name={`${prefix}.kubernetes.components`}
        label="Kubernetes Components"
        options={TRIVY_COMPONENTS}
        disabled={disabled}
      />
      <TextField
        name={`${prefix}.kubernetes.context`}
        label="Kubernetes Context"
        disabled={disabled}
      />
      <TextField
        name={`${prefix}.kubernetes.kubeconfig`}
        label="Kubernetes Kubeconfig"
        disabled={disabled}
      />
      <TextField
        name={`${prefix}.kubernetes.namespace`}
        label="Kubernetes Namespace"
        disabled={disabled}
      />
    </>
  );
}
