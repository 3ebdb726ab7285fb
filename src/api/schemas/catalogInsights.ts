import { array, string, type } from 'superstruct';
import type { Infer } from 'superstruct';
import { InsightConfigStruct } from './configItem';
import { optionalText as text, maybe } from './fields';

/** CAT-05: a config named by id (`id,name,config_class,type`). */
export const ConfigRefStruct = InsightConfigStruct;
export type ConfigRef = Infer<typeof ConfigRefStruct>;
export const ConfigRefsStruct = array(ConfigRefStruct);

/** CAT-27: one insight of the estate's list, with its config embedded. */
export const InsightItemStruct = type({
  id: string(),
  analysis_type: text(),
  analyzer: text(),
  severity: text(),
  summary: text(),
  status: text(),
  first_observed: text(),
  last_observed: text(),
  config: maybe(InsightConfigStruct),
});
export type InsightItem = Infer<typeof InsightItemStruct>;
export const InsightItemsStruct = array(InsightItemStruct);

/** CAT-29: a `config_analysis` row of a config linked to the component. */
export const ComponentAnalysisStruct = type({
  id: string(),
  config_id: text(),
  analyzer: text(),
  analysis_type: text(),
  severity: text(),
  summary: text(),
  status: text(),
  message: text(),
  first_observed: text(),
  last_observed: text(),
});
export type ComponentAnalysis = Infer<typeof ComponentAnalysisStruct>;
export const ComponentAnalysesStruct = array(ComponentAnalysisStruct);

/**
 * `rpc/config_analysis_filter_options`: every value the insights list's filters offer (analysis
 * types, analyzers, sources, config types, sorted) and the config items with insights, by name.
 */
export const InsightFilterOptionsStruct = type({
  types: maybe(array(string())),
  analyzers: maybe(array(string())),
  sources: maybe(array(string())),
  config_types: maybe(array(string())),
  catalogs: maybe(array(InsightConfigStruct)),
});
export type InsightFilterOptions = Infer<typeof InsightFilterOptionsStruct>;
