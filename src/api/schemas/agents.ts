import { array, string, type } from 'superstruct';
import type { Infer } from 'superstruct';
import {
  optionalNumeric,
  optionalStringMap,
  optionalText,
  changeTimes,
  personOrId,
} from './fields';

/** AGENT-08: an agent's name, for pickers. */
export const AgentNameStruct = type({
  id: string(),
  name: string(),
  description: optionalText(),
});
export type AgentName = Infer<typeof AgentNameStruct>;

export const AgentNamesStruct = array(AgentNameStruct);

/** One row of AGENT-01 / AGENT-02 (`agents_summary`): the agent, its creator and its counts. */
export const AgentSummaryStruct = type({
  id: string(),
  name: string(),
  hostname: optionalText(),
  description: optionalText(),
  ip: optionalText(),
  version: optionalText(),
  username: optionalText(),
  person_id: optionalText(),
  properties: optionalStringMap(),
  tls: optionalText(),
  last_seen: optionalText(),
  last_received: optionalText(),
  created_by: personOrId(),
  ...changeTimes,
  config_count: optionalNumeric(),
  checks_count: optionalNumeric(),
  config_scrapper_count: optionalNumeric(),
  playbook_runs_count: optionalNumeric(),
});
export type AgentSummary = Infer<typeof AgentSummaryStruct>;

export const AgentSummariesStruct = array(AgentSummaryStruct);

/** AGENT-03's answer (201): the new agent's id and the credentials it signs in with. */
export const GeneratedAgentStruct = type({
  id: string(),
  username: string(),
  access_token: string(),
});
export type GeneratedAgent = Infer<typeof GeneratedAgentStruct>;
