import { NumberField } from '../../../../ui/form/NumberField';
import { SelectField } from '../../../../ui/form/SelectField';
import { TagsField } from '../../../../ui/form/TagsField';
import { TextField } from '../../../../ui/form/TextField';
import type { TypeFormProps } from '../../types';
import { EnvVarField } from '../../../../ui/form/EnvVarField';
import { KeyValueMapField } from '../../../../ui/form/KeyValueMapField';
import { ObjectListField } from '../../../../ui/form/ObjectListField';

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

/** The Kubernetes scraper (config-db `kubernetes`): one cluster's objects, watched or listed. */
export function KubernetesForm({ prefix, disabled }: TypeFormProps) {
  return (
    <>
      <TextField name={`${prefix}.clusterName`} label="Cluster Name" required disabled={disabled} />
      <EnvVarField
        name={`${prefix}.kubeconfig`}
        label="Kubeconfig"
        placeholder="The path of a kubeconfig file; the scraper's own cluster when empty"
        disabled={disabled}
      />
      <TextField
        name={`${prefix}.namespace`}
        label="Namespace"
        placeholder="All namespaces when empty"
        disabled={disabled}
      />
      <SelectField
        name={`${prefix}.scope`}
        label="Scope"
        options={KUBERNETES_SCOPES}
        placeholder=""
        disabled={disabled}
      />
      <TextField name={`${prefix}.since`} label="Since" placeholder="1h" disabled={disabled} />
      <TextField
        name={`${prefix}.selector`}
        label="Selector"
        placeholder="app=frontend"
        disabled={disabled}
      />
      <TextField
        name={`${prefix}.fieldSelector`}
        label="Field Selector"
        placeholder="status.phase=Running"
        disabled={disabled}
      />
      <NumberField name={`${prefix}.maxInflight`} label="Max In Flight" disabled={disabled} />
      <ObjectListField
        name={`${prefix}.watch`}
        label="Watch"
        itemLabel="Resource"
        newItem={() => ({ apiVersion: '', kind: '' })}
        helperText="Resources watched for changes as they happen"
        disabled={disabled}
      >
        {(entry) => (
          <>
            <TextField
              name={`${entry}.apiVersion`}
              label="API Version"
              placeholder="apps/v1"
              required
              disabled={disabled}
            />
            <TextField
              name={`${entry}.kind`}
              label="Kind"
              placeholder="Deployment"
              required
              disabled={disabled}
            />
          </>
        )}
      </ObjectListField>
      <TagsField
        name={`${prefix}.exclusions.name`}
        label="Excluded Names"
        placeholder="Names or patterns"
        disabled={disabled}
      />
      <TagsField
        name={`${prefix}.exclusions.kind`}
        label="Excluded Kinds"
        placeholder="Kinds or patterns"
        disabled={disabled}
      />
      <TagsField
        name={`${prefix}.exclusions.namespace`}
        label="Excluded Namespaces"
        placeholder="Namespaces or patterns"
        disabled={disabled}
      />
      <KeyValueMapField
        name={`${prefix}.exclusions.labels`}
        label="Excluded Labels"
        disabled={disabled}
      />
    </>
  );
}
