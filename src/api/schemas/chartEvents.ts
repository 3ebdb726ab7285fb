import { array, string, type } from 'superstruct';
import type { Infer } from 'superstruct';
import { EmbeddedPersonStruct, maybe, optionalText } from './fields';

/** A config change drawn on a chart: what changed, on which config, who made it and when. */
export const ChartChangeStruct = type({
  id: string(),
  config_id: optionalText(),
  change_type: optionalText(),
  summary: optionalText(),
  source: optionalText(),
  external_created_by: optionalText(),
  created_at: string(),
  config: maybe(type({ id: optionalText(), name: optionalText(), type: optionalText() })),
});
export type ChartChange = Infer<typeof ChartChangeStruct>;
export const ChartChangesStruct = array(ChartChangeStruct);

/** A playbook run drawn on a chart: its playbook, status, who started it and when. */
export const ChartRunStruct = type({
  id: string(),
  status: optionalText(),
  created_at: string(),
  start_time: optionalText(),
  created_by: maybe(EmbeddedPersonStruct),
  playbooks: maybe(type({ id: optionalText(), name: optionalText(), title: optionalText() })),
});
export type ChartRun = Infer<typeof ChartRunStruct>;
export const ChartRunsStruct = array(ChartRunStruct);

/** An incident drawn on a chart: its title, who declared it and when. */
export const ChartIncidentStruct = type({
  id: string(),
  incident_id: optionalText(),
  title: string(),
  severity: optionalText(),
  created_at: string(),
  created_by: maybe(EmbeddedPersonStruct),
});
export type ChartIncident = Infer<typeof ChartIncidentStruct>;
export const ChartIncidentsStruct = array(ChartIncidentStruct);
