import { array, type } from 'superstruct';
import type { Infer } from 'superstruct';
import { optionalText } from './fields';
import { SettingsResourceStruct } from './settingsResources';

/**
 * A row of INT-01 (`integrations_with_status`): a scraper, topology or log backend with the
 * columns of its last job, tagged by `integration_type`. The definition and job columns are
 * those of a generic settings row (api.md §21), so the same struct is extended.
 */
export const IntegrationRowStruct = type({
  ...SettingsResourceStruct.schema,
  /** `scrapers`, `topologies` or `logging_backends`. */
  integration_type: optionalText(),
});
export type IntegrationRow = Infer<typeof IntegrationRowStruct>;

export const IntegrationRowsStruct = array(IntegrationRowStruct);
