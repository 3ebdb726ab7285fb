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
  status: text(),
  message: text(),
  first_observed: text(),
  last_observed: text(),
});
export type ComponentAnalysis = Infer<typeof ComponentAnalysisStruct>;
export const ComponentAnalysesStruct = array(ComponentAnalysisStruct);

/** CAT-16: an analysis type. */
export const AnalysisTypeStruct = type({ analysis_type: text() });
export type AnalysisTypeRow = Infer<typeof AnalysisTypeStruct>;
export const AnalysisTypesStruct = array(AnalysisTypeStruct);

/** CAT-17: an analyzer. */
export const AnalyzerStruct = type({ analyzer: text() });
export type AnalyzerRow = Infer<typeof AnalyzerStruct>;
export const AnalyzersStruct = array(AnalyzerStruct);
