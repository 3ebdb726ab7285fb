/**
 * The generic resource form (spec 002 §2.8, §3.6): how a stored row fills it, and what is sent
 * back: the values plus `created_by` for a new record (api.md §21 `createResource`), the stored
 * row overlaid by the values for an existing one (`updateResource`). The spec is edited as YAML;
 * empty text is an empty spec. A schedule field, where the table has one, stands for both the
 * `schedule` column and the spec's `schedule` key.
 */
import type { SettingsResource } from '../../../api/schemas/settingsResources';
import { fromPairs } from '../../../ui/form/KeyValueField';
import type { SpecRecordValues } from '../../../ui/form/specRecord';
import { isSpecMap, labelPairs, specToYaml, yamlToSpec } from '../../../ui/form/specRecord';
import type { ResourceTable } from '../resourceTables';
import { UI_SOURCE } from '../../../api/recordSource';

export { UI_SOURCE, isManagedElsewhere } from '../../../api/recordSource';

export type ResourceFormValues = SpecRecordValues;

/** The spec's own schedule (topologies keep one in the spec as well as in a column). */
function specSchedule(spec: unknown): string {
  return isSpecMap(spec) && typeof spec.schedule === 'string' ? spec.schedule : '';
}

/** The spec without its schedule, which has a field of its own. */
function withoutSchedule(spec: unknown): unknown {
  if (!isSpecMap(spec) || !('schedule' in spec)) return spec;
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
  if (fields.labels) values.labels = labelPairs(row?.labels);
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
    if (isSpecMap(stored[key])) delete stored[key];
  }
  return { ...stored, ...formColumns(config, values) };
}
