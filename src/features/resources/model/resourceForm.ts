/**
 * The generic resource form (spec 002 §2.8, §3.6): how a stored row fills it, and what is sent
 * back: the values plus `created_by` for a new record (api.md §21 `createResource`), the stored
 * row overlaid by the values for an existing one (`updateResource`). The spec is edited as YAML;
 * empty text is an empty spec. A schedule field, where the table has one, stands for both the
 * `schedule` column and the spec's `schedule` key.
 */
import { dump, load } from 'js-yaml';
import type { SettingsResource } from '../../../api/schemas/settingsResources';
import type { KeyValuePair } from '../../../ui/form/KeyValueField';
import { fromPairs, toPairs } from '../../../ui/form/KeyValueField';
import type { ResourceTable } from '../resourceTables';

/** The only source whose records the console may change; an empty source counts as it. */
export const UI_SOURCE = 'UI';

export interface ResourceFormValues {
  name?: string;
  namespace?: string;
  icon?: string;
  labels?: KeyValuePair[];
  schedule?: string;
  /** The spec as YAML. */
  spec?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Whether a record of this source is managed elsewhere (a CRD, a file): read-only. */
export function isManagedElsewhere(source: string | null | undefined): boolean {
  const text = (source ?? '').trim();
  return text !== '' && text !== UI_SOURCE;
}

/** A spec as the editor shows it: YAML, or nothing for an empty spec. */
export function specToYaml(spec: unknown): string {
  if (spec === undefined || spec === null) return '';
  if (isRecord(spec) && Object.keys(spec).length === 0) return '';
  return dump(spec, { lineWidth: -1, noRefs: true });
}

/** Whether a YAML text holds nothing but blank lines and comments. */
function isBlankYaml(text: string): boolean {
  return text.split('\n').every((line) => /^\s*(#.*)?$/.test(line));
}

/**
 * The spec of the editor's YAML: an empty text is `{}`. Throws when the text does not parse or
 * is not a mapping (the form's validation stops both before a save).
 */
export function yamlToSpec(text: string | undefined): Record<string, unknown> {
  if (isBlankYaml(text ?? '')) return {};
  const parsed: unknown = load(text ?? '');
  if (parsed === undefined || parsed === null) return {};
  if (!isRecord(parsed)) throw new Error('The spec must be a YAML mapping');
  return parsed;
}

/** Why the spec's text is not a mapping, when it parses to something else. */
export function specShapeError(text: string | undefined): string | undefined {
  try {
    yamlToSpec(text);
    return undefined;
  } catch (error) {
    // Syntax errors are the code field's to report; this one is about the shape.
    return error instanceof Error && error.message === 'The spec must be a YAML mapping'
      ? error.message
      : undefined;
  }
}

function stringMap(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [key, typeof v === 'string' ? v : String(v)]),
  );
}

/** The spec's own schedule (topologies keep one in the spec as well as in a column). */
function specSchedule(spec: unknown): string {
  return isRecord(spec) && typeof spec.schedule === 'string' ? spec.schedule : '';
}

/** The spec without its schedule, which has a field of its own. */
function withoutSchedule(spec: unknown): unknown {
  if (!isRecord(spec) || !('schedule' in spec)) return spec;
  const rest = { ...spec };
  delete rest.schedule;
  return rest;
}

/** The form's starting values: the table's defaults for a new record, else the row's. */
export function toFormValues(
  config: ResourceTable,
  row?: SettingsResource | null,
): ResourceFormValues {
  const { fields, defaults } = config;
  const spec = row ? row.spec : defaults.spec;
  const values: ResourceFormValues = {
    name: row?.name ?? '',
    spec: specToYaml(fields.schedule ? withoutSchedule(spec) : spec),
  };
  if (fields.namespace) values.namespace = row ? (row.namespace ?? '') : (defaults.namespace ?? '');
  if (fields.icon) values.icon = row ? (row.icon ?? '') : (defaults.icon ?? '');
  if (fields.labels) values.labels = toPairs(stringMap(row?.labels));
  if (fields.schedule) values.schedule = row?.schedule || specSchedule(spec);
  return values;
}

const trimmed = (text: string | undefined) => (text ?? '').trim();

/** The columns the form edits, from its values: only the table's fields. */
export function formColumns(
  config: ResourceTable,
  values: ResourceFormValues,
): Record<string, unknown> {
  const { fields } = config;
  const columns: Record<string, unknown> = { name: trimmed(values.name) };
  if (fields.namespace) columns.namespace = trimmed(values.namespace) || config.defaults.namespace;
  if (fields.icon) columns.icon = trimmed(values.icon) || config.defaults.icon;
  if (fields.labels) columns.labels = fromPairs(values.labels ?? []);
  const spec = yamlToSpec(values.spec);
  if (fields.schedule) {
    // Kept in the column and in the spec, where the scheduler reads it.
    const schedule = trimmed(values.schedule);
    columns.schedule = schedule || null;
    if (schedule) spec.schedule = schedule;
    else delete spec.schedule;
  }
  columns.spec = spec;
  return columns;
}

/** `createResource`'s body (`created_by` is added by the endpoint): a console record. */
export function toCreateValues(
  config: ResourceTable,
  values: ResourceFormValues,
): Record<string, unknown> {
  return { ...formColumns(config, values), source: UI_SOURCE };
}

/** Embeds and view columns the list adds, which the table itself does not have. */
const NOT_TABLE_COLUMNS = ['agent', 'created_by'] as const;

/**
 * `updateResource`'s body: the stored row overlaid by the form's columns. An embedded creator
 * (an object) is not a column value and stays out; a plain id is sent back as it was.
 */
export function toUpdateResource(
  config: ResourceTable,
  row: SettingsResource,
  values: ResourceFormValues,
): Record<string, unknown> {
  const stored: Record<string, unknown> = { ...row };
  for (const key of NOT_TABLE_COLUMNS) {
    if (isRecord(stored[key])) delete stored[key];
  }
  return { ...stored, ...formColumns(config, values) };
}
