/**
 * Health checks and catalog scrapers are edited by the typed editor (type picker and forms);
 * this page turns their stored row into the editor's values and the editor's values back into
 * the §21 bodies, keeping to the columns each table has.
 */
import type { SettingsResource } from '../../../api/schemas/settingsResources';
import type { ResourceTableName } from '../resourceTables';
import { RESOURCE_TABLES } from '../resourceTables';
import type { TypedValues } from '../../../widgets/slots/slotTypes';
import { UI_SOURCE } from '../../../api/recordSource';

/** The columns of each typed table that the editor's values write. */
export const TYPED_COLUMNS: Readonly<Partial<Record<ResourceTableName, readonly string[]>>> = {
  canaries: ['name', 'namespace', 'labels', 'spec', 'source', 'agent_id'],
  config_scrapers: ['name', 'namespace', 'spec', 'source'],
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function labelsOf(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [key, typeof v === 'string' ? v : String(v)]),
  );
}

/** The typed editor's values of a stored row. */
export function toTypedValues(row: SettingsResource): TypedValues {
  const values: TypedValues = {
    id: row.id,
    name: row.name ?? '',
    spec: isRecord(row.spec) ? row.spec : {},
    source: row.source ?? null,
  };
  if (row.namespace) values.namespace = row.namespace;
  if (row.icon) values.icon = row.icon;
  if (typeof row.agent_id === 'string' && row.agent_id) values.agent_id = row.agent_id;
  const labels = labelsOf(row.labels);
  if (labels) values.labels = labels;
  return values;
}

/** The editor's values narrowed to the table's columns, without the unset ones. */
export function typedColumns(
  table: ResourceTableName,
  values: TypedValues,
): Record<string, unknown> {
  const allowed = TYPED_COLUMNS[table] ?? ['name', 'spec', 'source'];
  const record = values as unknown as Record<string, unknown>;
  return Object.fromEntries(
    allowed
      .filter((column) => record[column] !== undefined)
      .map((column) => [column, record[column]]),
  );
}

/**
 * `createResource`'s body (`created_by` is added by the endpoint): a console record, in the
 * table's default namespace when the editor gave none (spec 002 §3.6, §9).
 */
export function typedCreateValues(
  table: ResourceTableName,
  values: TypedValues,
): Record<string, unknown> {
  const namespace = RESOURCE_TABLES[table].defaults.namespace;
  return {
    ...(namespace ? { namespace } : {}),
    ...typedColumns(table, values),
    source: values.source || UI_SOURCE,
  };
}

/** `updateResource`'s body: the stored row overlaid by the editor's values. */
export function typedUpdateResource(
  table: ResourceTableName,
  row: SettingsResource,
  values: TypedValues,
): Record<string, unknown> {
  const stored: Record<string, unknown> = { ...row };
  for (const key of ['agent', 'created_by']) {
    if (isRecord(stored[key])) delete stored[key];
  }
  return { ...stored, ...typedColumns(table, values) };
}
