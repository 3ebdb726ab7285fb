import { array, number, optional, record, string, type, union } from 'superstruct';
import type { Describe, Infer } from 'superstruct';
import {
  optionalNumber as count,
  optionalNumeric as numeric,
  optionalStringMap as stringMap,
  optionalText as text,
  maybe,
  configRefColumns,
  insightColumns,
  optionalCounts,
  optionalBoolean,
  rowTimes,
  namespacedName,
  idAndName,
} from './fields';
import type { ResourceIncident } from './incidents';
import { ResourceIncidentStruct, ResourceIncidentsStruct } from './incidents';

/** How a property is shown (api.md TOPO-01). */
export type PropertyType = 'url' | 'badge' | 'currency' | 'text' | 'age' | 'hidden';

/** One property of a component: a text, or a value with a unit and an optional range. */
export const ComponentPropertyStruct = type({
  name: text(),
  label: text(),
  icon: text(),
  type: text(),
  text: text(),
  value: numeric(),
  unit: text(),
  max: numeric(),
  min: numeric(),
  headline: optionalBoolean(),
  color: text(),
  url: text(),
  links: maybe(array(type({ label: text(), url: text() }))),
});
export type ComponentProperty = Infer<typeof ComponentPropertyStruct>;

/** `summary` of a component: its children by health, its checks, incidents and insights. */
export const ComponentSummaryStruct = type({
  healthy: count(),
  unhealthy: count(),
  warning: count(),
  unknown: count(),
  checks: optionalCounts(),
  /** Incident type → severity → count. */
  incidents: maybe(record(string(), record(string(), number()))),
  /** Analysis type → severity → count. */
  insights: maybe(record(string(), record(string(), number()))),
});
export type ComponentSummary = Infer<typeof ComponentSummaryStruct>;

/** A component of TOPO-01, with its children. */
export interface TopologyComponent {
  id: string;
  name?: string | null;
  namespace?: string | null;
  title?: string | null;
  icon?: string | null;
  type?: string | null;
  text?: string | null;
  description?: string | null;
  path?: string | null;
  parent_id?: string | null;
  topology_id?: string | null;
  agent_id?: string | null;
  external_id?: string | null;
  owner?: string | null;
  hidden?: boolean | null;
  status?: string | null;
  health?: string | null;
  status_reason?: string | null;
  labels?: Record<string, unknown> | null;
  tags?: Record<string, unknown> | null;
  properties?: ComponentProperty[] | null;
  components?: TopologyComponent[] | null;
  summary?: ComponentSummary | null;
  logs?: Array<{ name?: string | null }> | null;
  is_leaf?: boolean | null;
  parents?: string[] | null;
  children?: string[] | null;
  cost_per_minute?: number | string | null;
  cost_total_1d?: number | string | null;
  cost_total_7d?: number | string | null;
  cost_total_30d?: number | string | null;
  created_at?: string | null;
  updated_at?: string | null;
  deleted_at?: string | null;
}

/** Every field the console reads of a component but its children. */
const componentFields = {
  id: string(),
  ...namespacedName,
  title: text(),
  icon: text(),
  type: text(),
  text: text(),
  description: text(),
  path: text(),
  parent_id: text(),
  topology_id: text(),
  agent_id: text(),
  external_id: text(),
  owner: text(),
  hidden: optionalBoolean(),
  status: text(),
  health: text(),
  status_reason: text(),
  labels: stringMap(),
  tags: stringMap(),
  properties: maybe(array(ComponentPropertyStruct)),
  summary: maybe(ComponentSummaryStruct),
  logs: maybe(array(type({ name: text() }))),
  is_leaf: optionalBoolean(),
  parents: maybe(array(string())),
  children: maybe(array(string())),
  cost_per_minute: numeric(),
  cost_total_1d: numeric(),
  cost_total_7d: numeric(),
  cost_total_30d: numeric(),
  ...rowTimes,
};

/**
 * A component a card lists among its children: only what the list shows is read, checked and
 * kept (the answer keeps nothing else of a child).
 */
export const ListedChildStruct = type({
  ...idAndName,
  title: text(),
  icon: text(),
  type: text(),
  status: text(),
  health: text(),
  hidden: optionalBoolean(),
});

/** The fields the answer keeps of a card's child. */
export const LISTED_CHILD_FIELDS: readonly string[] = Object.keys(ListedChildStruct.schema);

/** A card: the component in full, its children as listed. Checked when the card is drawn. */
export const CardStruct = type({
  ...componentFields,
  components: maybe(array(ListedChildStruct)),
}) as unknown as Describe<TopologyComponent>;

/**
 * What is read of every card of an answer, drawn or not: its id, the fields the filters and
 * the status narrowing read, and the names, kinds and values of its properties (the sort
 * choices). The rest of a card is checked (`CardStruct`) when it is drawn.
 */
const CardOutlineStruct = type({
  id: string(),
  status: text(),
  hidden: optionalBoolean(),
  agent_id: text(),
  owner: text(),
  properties: maybe(array(type({ name: text(), type: text(), value: numeric() }))),
});

/**
 * TOPO-01 as the console reads it: the component of a component page (without its children),
 * the cards and each card's children (as listed), and the filters' choices. What lies deeper in
 * the tree is never read, so it is neither checked nor kept: checking every level of a large
 * estate would cost more than drawing it. The answer's check covers the page's component, the
 * choices and each card's outline (`CardOutlineStruct`); a card in full is checked when it is
 * first drawn, the first ones before they are drawn and the rest after that.
 */
export interface Topology {
  /** The component whose page it is; none on the dashboard of the roots. */
  component?: TopologyComponent;
  cards: TopologyComponent[];
  healthStatuses: string[];
  teams: string[];
  /** Label key → its values. */
  tags: Record<string, string[]>;
  types: string[];
}

export const TopologyStruct: Describe<Topology> = type({
  component: optional(type(componentFields)),
  cards: array(CardOutlineStruct),
  healthStatuses: array(string()),
  teams: array(string()),
  tags: record(string(), array(string())),
  types: array(string()),
}) as unknown as Describe<Topology>;

/** HEALTH-10: a check attached to a component. */
export const ComponentCheckStruct = type({
  id: string(),
  component_id: text(),
  name: text(),
  icon: text(),
  type: text(),
  status: text(),
  severity: text(),
  next_runtime: text(),
  last_runtime: text(),
  last_transition_time: text(),
  created_at: text(),
});
export type ComponentCheck = Infer<typeof ComponentCheckStruct>;
export const ComponentChecksStruct = array(ComponentCheckStruct);

/** TOPO-09: a team owning a component. */
export const ComponentTeamStruct = type({
  component_id: text(),
  team_id: text(),
  role: text(),
  selector_id: text(),
  team: maybe(
    type({ id: string(), name: text(), icon: text(), created_at: text(), updated_at: text() }),
  ),
});
export type ComponentTeam = Infer<typeof ComponentTeamStruct>;
export const ComponentTeamsStruct = array(ComponentTeamStruct);

const ConfigRefStruct = type({ ...configRefColumns, deleted_at: text() });

/** CAT-32: a config linked to a component. */
export const ComponentConfigStruct = type({
  component_id: text(),
  config_id: text(),
  selector_id: text(),
  deleted_at: text(),
  configs: maybe(ConfigRefStruct),
});
export type ComponentConfig = Infer<typeof ComponentConfigStruct>;
export const ComponentConfigsStruct = array(ComponentConfigStruct);

const AnalysisStruct = type(insightColumns);

/** CAT-28: a row of `analysis_by_component` with the insight nested in its config. */
export const ComponentInsightRowStruct = type({
  analysis_id: text(),
  config: maybe(
    type({
      ...configRefColumns,
      analysis: maybe(array(AnalysisStruct)),
    }),
  ),
});
export type ComponentInsightRow = Infer<typeof ComponentInsightRowStruct>;
export const ComponentInsightRowsStruct = array(ComponentInsightRowStruct);

/** An insight of a config linked to a component, as the panel lists it. */
export interface ComponentInsight {
  id: string;
  analyzer?: string | null;
  analysis_type?: string | null;
  message?: string | null;
  severity?: string | null;
  first_observed?: string | null;
  config: { id: string; name?: string | null; type?: string | null };
}

/** CAT-22: a change of a config linked to a component (`created_at` is the config, aliased). */
export const ComponentChangeStruct = type({
  id: string(),
  type: text(),
  config_id: text(),
  name: text(),
  change_type: text(),
  config_class: text(),
  created_at: maybe(union([string(), type({ id: string(), name: text(), type: text() })])),
});
export type ComponentChange = Infer<typeof ComponentChangeStruct>;
export const ComponentChangesStruct = array(ComponentChangeStruct);

/** INC-04: an incident of a component (a row of `incidents_by_component`). */
export const ComponentIncidentStruct = ResourceIncidentStruct;
export type ComponentIncident = ResourceIncident;
export const ComponentIncidentsStruct = ResourceIncidentsStruct;

/** TOPO-05: a component's name (breadcrumbs). */
export const ComponentNameStruct = type({ ...idAndName, icon: text(), type: text() });
export type ComponentName = Infer<typeof ComponentNameStruct>;
export const ComponentNamesStruct = array(ComponentNameStruct);
