import { array, number, string, type, union } from 'superstruct';
import type { Infer } from 'superstruct';
import {
  optionalNumber as count,
  optionalStringMap as stringMap,
  optionalText as text,
  maybe,
  configRefColumns,
  insightColumns,
  configItemColumns,
  optionalCounts,
  optionalBoolean,
  optionalJson,
  rowTimes,
  idAndName,
} from './fields';
import { runStateColumns } from './playbooks';

/** `summary` of CAT-03: how many of each related thing the item has. */
export const ConfigSummaryStruct = type({
  relationships: count(),
  analysis: count(),
  changes: count(),
  playbook_runs: count(),
  checks: count(),
});
export type ConfigSummary = Infer<typeof ConfigSummaryStruct>;

/** `scraper` of CAT-03: the catalog scraper that found the item. */
export const ConfigScraperStruct = type(idAndName);

/**
 * CAT-03 (`config_detail`): the `config_items` columns the page shows, the costs, and the
 * view's own `last_scraped_time`, `agent_name`, `summary` and `scraper`.
 */
export const ConfigDetailStruct = type({
  ...configItemColumns,
  ready: optionalBoolean(),
  description: text(),
  /** The scraped document: JSON (an object or array, or JSON text). */
  config: optionalJson(),
  path: text(),
  external_id: maybe(union([array(string()), string()])),
  agent_id: text(),
  delete_reason: text(),
  last_scraped_time: text(),
  agent_name: text(),
  summary: maybe(ConfigSummaryStruct),
  scraper: maybe(ConfigScraperStruct),
});
export type ConfigDetail = Infer<typeof ConfigDetailStruct>;
export const ConfigDetailRowsStruct = array(ConfigDetailStruct);

/** CAT-36: an item whose location holds this one (the breadcrumb). */
export const ConfigParentStruct = type({ ...idAndName, type: text() });
export type ConfigParent = Infer<typeof ConfigParentStruct>;
export const ConfigParentsStruct = array(ConfigParentStruct);

/** A topology component linked to a config (CAT-33's embed). */
export const LinkedComponentStruct = type({ ...idAndName, icon: text() });
export type LinkedComponent = Infer<typeof LinkedComponentStruct>;

/** CAT-33: one link row, the component embedded. */
export const ConfigComponentLinkStruct = type({ components: maybe(LinkedComponentStruct) });
export type ConfigComponentLink = Infer<typeof ConfigComponentLinkStruct>;
export const ConfigComponentLinksStruct = array(ConfigComponentLinkStruct);

/** A link made by hand (`selector_id=manual`): only the component's id is read. */
export const ManualComponentLinkStruct = type({ component_id: string() });
export type ManualComponentLink = Infer<typeof ManualComponentLinkStruct>;
export const ManualComponentLinksStruct = array(ManualComponentLinkStruct);

/** CAT-18: a change type. */
export const ChangeTypeStruct = type({ change_type: text() });
export type ChangeTypeRow = Infer<typeof ChangeTypeStruct>;
export const ChangeTypesStruct = array(ChangeTypeStruct);

/** Who made a change: a person's id (or, from some backends, the person). */
const ChangeAuthorStruct = union([string(), type({ id: text(), name: text(), email: text() })]);

/** CAT-19: one change (`ChangeRow`), with its config's name, type and tags. */
export const ConfigChangeStruct = type({
  id: string(),
  config_id: text(),
  external_change_id: text(),
  change_type: text(),
  severity: text(),
  source: text(),
  summary: text(),
  count: count(),
  first_observed: text(),
  created_at: text(),
  deleted_at: text(),
  name: text(),
  type: text(),
  config_class: text(),
  tags: stringMap(),
  path: text(),
  created_by: maybe(ChangeAuthorStruct),
  external_created_by: text(),
});
export type ConfigChange = Infer<typeof ConfigChangeStruct>;

/** CAT-19's answer. Every key may be missing: an empty result can be `{}`. */
export const CatalogChangesResponseStruct = type({
  summary: optionalCounts(),
  total: count(),
  changes: maybe(array(ConfigChangeStruct)),
});
export type CatalogChangesResponse = Infer<typeof CatalogChangesResponseStruct>;

/** The config embedded in an insight (`config:configs(id,name,config_class,type)`). */
export const InsightConfigStruct = type(configRefColumns);

/** CAT-24: an insight (config analysis) of the item. */
export const ConfigInsightStruct = type({ ...insightColumns, config: maybe(InsightConfigStruct) });
export type ConfigInsight = Infer<typeof ConfigInsightStruct>;
export const ConfigInsightsStruct = array(ConfigInsightStruct);

/**
 * One of an insight's properties (duty's `types.Property`): a name or label, and its text, or
 * its value with a unit.
 */
export const InsightPropertyStruct = type({
  name: text(),
  label: text(),
  text: text(),
  value: maybe(union([number(), string()])),
  unit: text(),
  order: maybe(number()),
});
export type InsightProperty = Infer<typeof InsightPropertyStruct>;

/** CAT-25: one insight, with its source, status, summary and properties. */
export const ConfigInsightDetailStruct = type({
  ...insightColumns,
  source: text(),
  status: text(),
  summary: text(),
  properties: maybe(array(InsightPropertyStruct)),
  config: maybe(InsightConfigStruct),
});
export type ConfigInsightDetail = Infer<typeof ConfigInsightDetailStruct>;
export const ConfigInsightDetailsStruct = array(ConfigInsightDetailStruct);

/** CAT-30: a config reached from the item through its relationships (or an ancestor). */
export const RelatedConfigStruct = type({
  ...configRefColumns,
  related_ids: maybe(array(string())),
  tags: stringMap(),
  changes: count(),
  /** Open insights by analysis type. */
  analysis: stringMap(),
  ...rowTimes,
  agent_id: text(),
  health: text(),
  ready: optionalBoolean(),
  status: text(),
  path: text(),
});
export type RelatedConfig = Infer<typeof RelatedConfigStruct>;
export const RelatedConfigsStruct = array(RelatedConfigStruct);

/** The playbook of a run (PB-10's `playbooks(id,name,title,spec,icon)`; the spec is not read). */
const RunPlaybookStruct = type({ ...idAndName, title: text(), icon: text() });

/** PB-10: a run of a playbook on the item. */
export const PlaybookRunStruct = type({
  ...runStateColumns,
  parent_id: text(),
  config_id: text(),
  created_by: maybe(type({ id: string(), name: text(), avatar: text() })),
  playbooks: maybe(RunPlaybookStruct),
});
export type PlaybookRun = Infer<typeof PlaybookRunStruct>;
export const PlaybookRunsStruct = array(PlaybookRunStruct);

/** CAT-37: a health check linked to the item. */
export const ConfigCheckStruct = type({
  id: string(),
  config_id: text(),
  name: text(),
  icon: text(),
  type: text(),
  status: text(),
  severity: text(),
  last_runtime: text(),
  next_runtime: text(),
  last_transition_time: text(),
});
export type ConfigCheck = Infer<typeof ConfigCheckStruct>;
export const ConfigChecksStruct = array(ConfigCheckStruct);
