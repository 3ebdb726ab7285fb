/**
 * The §21 bodies the integrations pages send for the records they create and update: custom
 * topologies, catalog scrapers and log backends, from their forms' values. Pure.
 */
import type { TypedValues } from '../../../../machines/editors/typePicker';
import type { SpecFormOutput, SpecRecord } from './specForm';
import { UI_SOURCE } from './integrationRow';

const isMap = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The columns of `config_scrapers` the scraper editor writes. */
const SCRAPER_COLUMNS = ['name', 'namespace', 'spec', 'source'] as const;

/** A new topology (`created_by` is added by the endpoint): a console record. */
export function topologyCreateValues(values: SpecFormOutput): Record<string, unknown> {
  return { ...values, source: UI_SOURCE };
}

/**
 * A stored record overlaid by the form's values (§21 `updateResource`); embedded objects the
 * read may carry (the agent, the creator) are left out.
 */
export function mergedRecord(
  row: Readonly<Record<string, unknown>>,
  values: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const stored: Record<string, unknown> = { ...row };
  for (const key of ['agent', 'created_by']) {
    if (isMap(stored[key])) delete stored[key];
  }
  return { ...stored, ...values };
}

/** The scraper editor's values narrowed to the table's columns, without the unset ones. */
export function scraperColumns(values: TypedValues): Record<string, unknown> {
  const record = values as unknown as Record<string, unknown>;
  return Object.fromEntries(
    SCRAPER_COLUMNS.filter((column) => record[column] !== undefined).map((column) => [
      column,
      record[column],
    ]),
  );
}

/** A new catalog scraper: a console record unless the editor says otherwise. */
export function scraperCreateValues(values: TypedValues): Record<string, unknown> {
  return { ...scraperColumns(values), source: values.source || UI_SOURCE };
}

/** The scraper editor's values of a stored row. */
export function toScraperValues(row: SpecRecord & { icon?: string | null }): TypedValues {
  const values: TypedValues = {
    name: row.name ?? '',
    spec: isMap(row.spec) ? row.spec : {},
    source: row.source ?? null,
  };
  if (row.id) values.id = row.id;
  if (row.namespace) values.namespace = row.namespace;
  return values;
}
