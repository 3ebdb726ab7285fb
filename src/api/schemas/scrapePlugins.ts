import { array, string, type, unknown } from 'superstruct';
import type { Infer } from 'superstruct';
import { maybe, optionalText, personOrId, rowTimes } from './fields';

/**
 * A scrape plugin (`scrape_plugins`, duty schema/config.hcl): transforms every scraper applies,
 * its spec a map of `changes`, `retention`, `relationship`, `properties`, `locations` and
 * `aliases`. The list embeds its creator; a write answers the row with the creator's id.
 */
export const ScrapePluginRowStruct = type({
  id: string(),
  name: optionalText(),
  namespace: optionalText(),
  spec: maybe(unknown()),
  source: optionalText(),
  created_by: personOrId(),
  ...rowTimes,
});
export type ScrapePluginRow = Infer<typeof ScrapePluginRowStruct>;

export const ScrapePluginRowsStruct = array(ScrapePluginRowStruct);
