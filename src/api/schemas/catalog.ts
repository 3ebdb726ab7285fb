import { array, string, type } from 'superstruct';
import type { Infer } from 'superstruct';
import {
  optionalCounts as counts,
  optionalNumeric as amount,
  optionalText as text,
  maybe,
  configItemColumns,
  optionalNumber,
  changeTimes,
} from './fields';

/** CAT-01: a row of the catalog list. */
export const ConfigListItemStruct = type({
  ...configItemColumns,
  changes: optionalNumber(),
  analysis: counts(),
  agent: maybe(type({ id: string(), name: text() })),
});
export type ConfigListItem = Infer<typeof ConfigListItemStruct>;
export const ConfigListStruct = array(ConfigListItemStruct);

/**
 * CAT-02: one group of the summary. The group's values sit under their column names (`type`,
 * or a tag key), so the row is open-ended.
 */
export const ConfigSummaryRowStruct = type({
  type: text(),
  count: optionalNumber(),
  health: counts(),
  changes: optionalNumber(),
  analysis: counts(),
  ...changeTimes,
  cost_30d: amount(),
  cost_total_30d: amount(),
});
export type ConfigSummaryRow = Infer<typeof ConfigSummaryRowStruct> & Record<string, unknown>;
export const ConfigSummaryStruct = array(ConfigSummaryRowStruct);

/** CAT-13 */
export const TagKeysStruct = array(type({ key: string() }));
/** CAT-14 */
export const ConfigTypesStruct = array(type({ type: text() }));
/** CAT-15 */
export const ConfigStatusesStruct = array(type({ status: text() }));
/** CAT-12 */
export const ConfigLabelsStruct = array(type({ key: string(), value: text() }));
