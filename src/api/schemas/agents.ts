import { array, nullable, optional, string, type } from 'superstruct';
import type { Infer } from 'superstruct';

/** AGENT-08: an agent's name, for pickers. */
export const AgentNameStruct = type({
  id: string(),
  name: string(),
  description: optional(nullable(string())),
});
export type AgentName = Infer<typeof AgentNameStruct>;

export const AgentNamesStruct = array(AgentNameStruct);
