import { useGetAgentNamesQuery } from '../../api/endpoints/agents';
import { LOCAL_AGENT_ID } from '../../api/schemas/healthSummary';
import type { SelectOption } from '../../ui/form/SelectField';
import { SelectField } from '../../ui/form/SelectField';

/** The field's words. */
export const AGENT_FIELD = {
  label: 'Agent',
  local: 'local',
  helperText: 'Where the checks run: this Mission Control (local) or a registered agent',
} as const;

/** The choices: local first, then every registered agent by name. */
export function agentOptions(agents: readonly { id: string; name: string }[]): SelectOption[] {
  const remote = agents
    .filter((agent) => agent.id !== LOCAL_AGENT_ID)
    .map((agent) => ({ value: agent.id, label: agent.name || agent.id }))
    .sort((a, b) => a.label.localeCompare(b.label, undefined, { sensitivity: 'base' }));
  return [{ value: LOCAL_AGENT_ID, label: AGENT_FIELD.local }, ...remote];
}

/**
 * The agent a health check runs on (the canary's `agent_id`): local, or one of the agents of
 * AGENT-08. A canary that names none runs locally, so local is what an empty value shows.
 */
export function AgentField({ name }: { name: string }) {
  const { data: agents = [] } = useGetAgentNamesQuery();
  return (
    <SelectField
      name={name}
      label={AGENT_FIELD.label}
      helperText={AGENT_FIELD.helperText}
      options={agentOptions(agents)}
    />
  );
}
