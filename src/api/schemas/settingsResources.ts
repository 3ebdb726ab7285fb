import { array, string, type, unknown } from 'superstruct';
import type { Infer } from 'superstruct';
import {
  optionalStringMap,
  optionalText,
  maybe,
  rowTimes,
  namespacedName,
  personOrId,
  jobStatusColumns,
} from './fields';
import { PersonSummaryStruct } from './lookups';

/**
 * A row of a generic settings table (api.md §21): teams, incident_rules, canaries, topologies,
 * config_scrapers, read from the table itself or from its `{table}_with_status` view. Only
 * `id` is sure to be there; the columns differ per table, and the `job_*` columns of the view
 * (the resource's last job, as INT-01 lists them) are null before the first run.
 */
export const SettingsResourceStruct = type({
  id: string(),
  ...namespacedName,
  description: optionalText(),
  icon: optionalText(),
  source: optionalText(),
  schedule: optionalText(),
  labels: optionalStringMap(),
  spec: maybe(unknown()),
  agent_id: optionalText(),
  /** The agent embed of topologies (`agent:agent_id(id,name,description)`) or the view's. */
  agent: maybe(type({ id: optionalText(), name: optionalText(), description: optionalText() })),
  /** The embedded creator (`created_by(A)`), or the bare id where it is not embedded. */
  created_by: personOrId(),
  ...rowTimes,
  ...jobStatusColumns,
  last_runtime: optionalText(),
  /** Views: when the view last ran and its error (VIEW-01). */
  last_ran: optionalText(),
  error: optionalText(),
  next_runtime: optionalText(),
});
export type SettingsResource = Infer<typeof SettingsResourceStruct>;

export const SettingsResourcesStruct = array(SettingsResourceStruct);

/** AUTH-20: a membership with the person embedded under `person_id`. */
export const TeamMemberRowStruct = type({
  team_id: optionalText(),
  person_id: maybe(PersonSummaryStruct),
});
export type TeamMemberRow = Infer<typeof TeamMemberRowStruct>;

export const TeamMemberRowsStruct = array(TeamMemberRowStruct);
