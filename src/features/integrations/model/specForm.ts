/**
 * The values of the topology and log backend forms (spec 002 §2.3, §3.5): name, namespace
 * (topologies), labels as pairs and the spec as YAML text, to and from a stored record. Pure.
 */
import { dump, load } from 'js-yaml';
import type { KeyValuePair } from '../../../ui/form/KeyValueField';
import { fromPairs, toPairs } from '../../../ui/form/KeyValueField';

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

/** Shown when the spec parses but is not a map of keys. */
export const SPEC_NOT_A_MAP = 'The spec must be a YAML mapping';

const isMap = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function labelPairs(labels: SpecRecord['labels']): KeyValuePair[] {
  if (!isMap(labels)) return [];
  return toPairs(
    Object.fromEntries(
      Object.entries(labels).map(([key, value]) => [
        key,
        typeof value === 'string' ? value : String(value),
      ]),
    ),
  );
}

/** A spec as the editor shows it: YAML of the map, empty for none. */
export function specText(spec: unknown): string {
  if (!isMap(spec) || Object.keys(spec).length === 0) return '';
  return dump(spec, { noRefs: true, lineWidth: -1 });
}

/** The form's values of a record (or a new one, namespaced when `namespace` is given). */
export function toSpecFormValues(
  record: SpecRecord | undefined,
  options: { namespace?: string } = {},
): SpecFormValues {
  const values: SpecFormValues = {
    name: record?.name ?? '',
    labels: labelPairs(record?.labels),
    spec: specText(record?.spec),
  };
  if (options.namespace !== undefined) {
    values.namespace = record ? (record.namespace ?? '') : options.namespace;
  }
  return values;
}

/** Why the spec text is not a map of keys (syntax errors are the code field's to say). */
export function specMapError(text: string | undefined): string | undefined {
  if (!text || text.trim() === '') return undefined;
  try {
    const value = load(text);
    return value === null || value === undefined || isMap(value) ? undefined : SPEC_NOT_A_MAP;
  } catch {
    return undefined;
  }
}

/** The values to save: labels as a map, the spec parsed (blank is an empty map). */
export function fromSpecFormValues(values: SpecFormValues): SpecFormOutput {
  const text = values.spec ?? '';
  const parsed = text.trim() === '' ? {} : load(text);
  const output: SpecFormOutput = {
    name: values.name.trim(),
    labels: fromPairs(values.labels ?? []),
    spec: isMap(parsed) ? parsed : {},
  };
  if (values.namespace !== undefined) output.namespace = values.namespace.trim();
  return output;
}
