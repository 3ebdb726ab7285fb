/**
 * The values of the topology and log backend forms (spec 002 §2.3, §3.5): name, namespace
 * (topologies), labels as pairs and the spec as YAML text, to and from a stored record. Pure.
 */
import type { KeyValuePair } from '../../../ui/form/KeyValueField';
import { fromPairs } from '../../../ui/form/KeyValueField';
import { labelPairs, specToYaml, yamlToSpec } from '../../../ui/form/specRecord';

/** A topology's namespace unless the user says otherwise (spec 002 §9). */
export const DEFAULT_TOPOLOGY_NAMESPACE = 'default';

/** What the forms read of a stored record. */
export interface SpecRecord {
  id?: string | undefined;
  name?: string | null | undefined;
  namespace?: string | null | undefined;
  labels?: Record<string, unknown> | null | undefined;
  spec?: unknown;
  source?: string | null | undefined;
}

export interface SpecFormValues {
  name: string;
  namespace?: string;
  labels: KeyValuePair[];
  /** The spec as YAML text. */
  spec: string;
}

/** What the forms hand over to be saved: the columns they edit. */
export interface SpecFormOutput {
  name: string;
  namespace?: string;
  labels: Record<string, string>;
  spec: Record<string, unknown>;
}

/** The form's values of a record (or a new one, namespaced when `namespace` is given). */
export function toSpecFormValues(
  record: SpecRecord | undefined,
  options: { namespace?: string } = {},
): SpecFormValues {
  const values: SpecFormValues = {
    name: record?.name ?? '',
    labels: labelPairs(record?.labels),
    spec: specToYaml(record?.spec),
  };
  if (options.namespace !== undefined) {
    values.namespace = record ? (record.namespace ?? '') : options.namespace;
  }
  return values;
}

/**
 * The values to save: labels as a map, the spec parsed (blank is an empty map). Throws when the
 * spec does not parse or is not a map, which the form's validation stops before a save.
 */
export function fromSpecFormValues(values: SpecFormValues): SpecFormOutput {
  const output: SpecFormOutput = {
    name: values.name.trim(),
    labels: fromPairs(values.labels ?? []),
    spec: yamlToSpec(values.spec),
  };
  if (values.namespace !== undefined) output.namespace = values.namespace.trim();
  return output;
}
