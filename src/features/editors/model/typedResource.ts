/**
 * The pure rules of the typed resource editor: which spec key a type is stored under, the type
 * of a stored spec, the form's values, the check entry's name that follows the resource's
 * name, the picker's search, and the JSON schema a spec is checked against.
 */
import type {
  EntryDefaults,
  PickerType,
  TypedValues,
} from '../../../../machines/editors/typePicker';
import type { KeyValuePair } from '../../../ui/form/KeyValueField';
import { fromPairs, toPairs } from '../../../ui/form/KeyValueField';
import type { EditorType, TypedResourceValues } from '../types';
import { CUSTOM_TYPE } from '../types';

/** Keys of a spec that are not a type (spec 002 §2.11). */
const NOT_TYPES: ReadonlySet<string> = new Set(['schedule', 'retention']);

/** The spec key a type's entries are stored under; none for the custom type. */
export function specKeyOf(type: Pick<EditorType, 'id' | 'specKey'>): string | undefined {
  if (type.id === CUSTOM_TYPE) return undefined;
  return type.specKey ?? type.id;
}

/**
 * The type of a stored spec (spec 002 §2.11): the first key, in the spec's order, other than
 * `schedule` and `retention` that is a known type's spec key. Keys that are no type (a
 * canary's `env`, `owner`, `icon`, or a type this console does not know) are passed over, and
 * a spec with no known key at all is custom: its YAML is then edited as it is, nothing lost.
 * A key shared by several types (`folder`) is the type whose id it is.
 */
export function inferType(
  spec: Readonly<Record<string, unknown>> | null | undefined,
  types: readonly EditorType[],
): string {
  for (const key of Object.keys(spec ?? {})) {
    if (NOT_TYPES.has(key)) continue;
    const exact = types.find((type) => type.id === key && specKeyOf(type) === key);
    const shared = exact ?? types.find((type) => specKeyOf(type) === key);
    if (shared) return shared.id;
  }
  return CUSTOM_TYPE;
}

/** What the machine needs of the picker's types. */
export function pickerTypes(types: readonly EditorType[]): PickerType[] {
  return types.map((type) => {
    const picker: PickerType = { id: type.id, hasForm: type.Form !== undefined };
    const specKey = specKeyOf(type);
    if (specKey !== undefined) picker.specKey = specKey;
    return picker;
  });
}

/** A new entry's values for a type id: the type's defaults (none for code-only types). */
export function typeDefaults(types: readonly EditorType[]): EntryDefaults {
  return (typeId) => types.find((type) => type.id === typeId)?.defaults?.() ?? {};
}

/** The types whose label (or id) contains the search, case-insensitively; all when empty. */
export function filterTypes(types: readonly EditorType[], query: string): EditorType[] {
  const text = query.trim().toLowerCase();
  if (text === '') return [...types];
  return types.filter(
    (type) => type.label.toLowerCase().includes(text) || type.id.toLowerCase().includes(text),
  );
}

/**
 * The editor's react-final-form values: the resource's, with labels as rows of pairs. Neither
 * canaries nor scrape configs have an icon of their own: a check's icon is its entry's (the
 * form's "Check icon"), a scraper's the one its type's form offers.
 */
export interface EditorFormValues {
  name: string;
  labels: KeyValuePair[];
  spec: Record<string, unknown>;
  /** The agent a health check runs on (its canary's `agent_id`), when the row names one. */
  agent_id?: string;
}

/** The form's values of a resource's values. */
export function toFormValues(values: TypedValues): EditorFormValues {
  const form: EditorFormValues = {
    name: values.name,
    labels: toPairs(values.labels),
    spec: values.spec,
  };
  if (values.agent_id) form.agent_id = values.agent_id;
  return form;
}

/**
 * The resource's values of the form's, over the stored ones (id, namespace, source are kept):
 * the name trimmed, an empty schedule left out, and the agent chosen (if any).
 */
export function fromFormValues(
  form: EditorFormValues,
  base: Readonly<TypedResourceValues> | undefined,
): TypedResourceValues {
  const { schedule, ...spec } = form.spec ?? {};
  const values: TypedResourceValues = {
    ...base,
    name: (form.name ?? '').trim(),
    labels: fromPairs(form.labels ?? []),
    spec: typeof schedule === 'string' && schedule.trim() !== '' ? { ...spec, schedule } : spec,
  };
  if (form.agent_id) values.agent_id = form.agent_id;
  return values;
}

/**
 * The check entry's name follows the resource's name while they are equal (spec 002 §3.8): the
 * path of the first entry's name and its new value, or undefined when it keeps its own name.
 */
export function mirroredName(
  spec: Readonly<Record<string, unknown>>,
  specKey: string | undefined,
  previousName: string,
  nextName: string,
): { path: string; value: string } | undefined {
  if (specKey === undefined || previousName === nextName) return undefined;
  const entries = spec[specKey];
  if (!Array.isArray(entries) || entries.length === 0) return undefined;
  const first: unknown = entries[0];
  if (typeof first !== 'object' || first === null) return undefined;
  const current = (first as { name?: unknown }).name;
  const same = current === undefined || current === null || current === previousName;
  return same ? { path: `spec.${specKey}[0].name`, value: nextName } : undefined;
}

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A local `$ref` (`#/$defs/Canary`, `#/definitions/Canary`) resolved in the schema. */
function resolveRef(root: Schema, node: Schema): Schema {
  const ref = node.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return node;
  let target: unknown = root;
  for (const part of ref.slice(2).split('/')) {
    target = isSchema(target) ? target[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  }
  return isSchema(target) ? target : node;
}

/**
 * The schema of a spec: a schema of the whole resource (a CRD's `apiVersion`, `kind`,
 * `metadata`, `spec`) is narrowed to its `spec` property, keeping its definitions so that
 * references still resolve; any other schema is the spec's own.
 */
export function specSchemaOf(schema: Schema): Schema {
  const root = resolveRef(schema, schema);
  const properties = root.properties;
  if (!isSchema(properties) || !isSchema(properties.spec)) return schema;
  const narrowed: Schema = { ...properties.spec };
  for (const key of ['$schema', '$defs', 'definitions']) {
    if (key in schema) narrowed[key] = schema[key];
  }
  return narrowed;
}
