/**
 * The shapes of notification rules (api.md §13): a row of `notifications_summary` (NOTIF-01,
 * the rule with its send statistics and job status) and a row of `notifications` (NOTIF-02).
 * Both embed the person, team and creator. Columns a backend leaves out or empty are tolerated
 * as absent or null, so a view that lacks a column still lists its rules.
 */
import { array, string, type, unknown } from 'superstruct';
import type { Infer } from 'superstruct';
import {
  optionalBoolean,
  optionalNumeric,
  optionalStringMap,
  optionalText as text,
  EmbeddedPersonStruct,
  maybe,
  rowTimes,
  EmbeddedTeamStruct,
} from './fields';

/** Where a rule comes from; only rules made in the console (`UI`, or none) can be changed. */
export const RULE_SOURCES = ['UI', 'KubernetesCRD'] as const;

/** One custom service of a rule (`custom_services[]`). */
export const RuleServiceStruct = type({
  name: text(),
  filters: text(),
  url: text(),
  connection: text(),
  properties: optionalStringMap(),
});
export type RuleService = Infer<typeof RuleServiceStruct>;

/**
 * One inhibition of a rule (`inhibitions[]`, Mission Control's `NotificationInihibition`): a
 * send for a resource whose type is in `to` is inhibited when the rule sent, within its window,
 * for a related resource of type `from`; related through relationships in `direction`
 * (`incoming`, `outgoing` or `all`), at most `depth` hops away, soft ones too when `soft`.
 */
export const RuleInhibitionStruct = type({
  direction: text(),
  from: text(),
  to: maybe(array(string())),
  depth: optionalNumeric(),
  soft: optionalBoolean(),
});
export type RuleInhibition = Infer<typeof RuleInhibitionStruct>;

/** The columns a rule has in both the table and the summary view. */
const ruleColumns = {
  id: string(),
  namespace: text(),
  name: text(),
  title: text(),
  events: maybe(array(string())),
  source: text(),
  template: text(),
  filter: text(),
  properties: optionalStringMap(),
  person_id: text(),
  team_id: text(),
  playbook_id: text(),
  custom_services: maybe(array(RuleServiceStruct)),
  repeat_interval: text(),
  /** Nanoseconds (a Go duration), a number or its text. */
  wait_for: optionalNumeric(),
  /** Nanoseconds waited after `wait_for` before Kubernetes configs' health is read again. */
  wait_for_eval_period: optionalNumeric(),
  /** What sends of the rule are grouped by for `repeat_interval` (`type`, `tag:namespace`). */
  group_by: maybe(array(string())),
  /** Sends of related resources that keep the rule from sending (see `RuleInhibitionStruct`). */
  inhibitions: maybe(array(RuleInhibitionStruct)),
  ...rowTimes,
  created_by: maybe(EmbeddedPersonStruct),
  person: maybe(EmbeddedPersonStruct),
  team: maybe(EmbeddedTeamStruct),
};

/** NOTIF-02: one row of `notifications`. */
export const NotificationRuleStruct = type(ruleColumns);
export type NotificationRule = Infer<typeof NotificationRuleStruct>;
export const NotificationRulesStruct = array(NotificationRuleStruct);

/** NOTIF-01: one row of `notifications_summary`: the rule, its job and its sends. */
export const RuleSummaryStruct = type({
  ...ruleColumns,
  job_status: text(),
  job_name: text(),
  job_details: maybe(type({ errors: maybe(unknown()) })),
  pending: optionalNumeric(),
  sent: optionalNumeric(),
  failed: optionalNumeric(),
  avg_duration_ms: optionalNumeric(),
  most_common_error: text(),
  error: text(),
  error_at: text(),
});
export type RuleSummary = Infer<typeof RuleSummaryStruct>;
export const RuleSummariesStruct = array(RuleSummaryStruct);
