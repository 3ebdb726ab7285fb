/**
 * Pure readings of an agent's summary row (AGENT-01): whether it has been silent too long, its
 * counts, and who created it.
 */
import type { AgentSummary } from '../../../api/schemas/agents';
import { LOCAL_AGENT_ID } from '../../../api/schemas/healthSummary';
import type { DateInput } from '../../../lib/dates';
import { toDate } from '../../../lib/dates';

/**
 * An agent not heard from for longer than this is marked stale. Neither spec gives a figure;
 * agents report about once a minute, so five minutes is several missed reports, not one late.
 */
export const AGENT_STALE_AFTER_MS = 5 * 60_000;

/** The marker next to the last seen time of a stale agent, and its explanation. */
export const STALE_LABEL = 'Stale';
export const STALE_HINT = 'Not seen for more than 5 minutes';
/** The last seen cell of an agent that never reported. */
export const NEVER_SEEN = 'Never';

/**
 * Whether the agent has been silent for longer than `AGENT_STALE_AFTER_MS` at `now`. An agent
 * that never reported (no or an unreadable `last_seen`) is stale too, but for the local agent,
 * which stands for Mission Control itself and never reports.
 */
export function isAgentStale(lastSeen: DateInput, now: Date, id?: string): boolean {
  if (id === LOCAL_AGENT_ID) return false;
  const date = toDate(lastSeen);
  if (!date) return true;
  return now.getTime() - date.getTime() > AGENT_STALE_AFTER_MS;
}

/** A count column as a number: the backend sends null (or text from some drivers) for none. */
export function agentCount(value: number | string | null | undefined): number {
  const count = typeof value === 'string' ? Number(value) : value;
  return typeof count === 'number' && Number.isFinite(count) ? count : 0;
}

/** Who created the agent: the embedded person's name or email, else nothing. */
export function agentCreator(agent: AgentSummary): string {
  const creator = agent.created_by;
  if (!creator || typeof creator === 'string') return '';
  return creator.name || creator.email || '';
}

/** The columns AGENT-01 can sort by, by column id. */
export const AGENT_SORT_KEYS = {
  name: 'name',
  hostname: 'hostname',
  version: 'version',
  ip: 'ip',
  lastSeen: 'last_seen',
  configs: 'config_count',
  checks: 'checks_count',
  scrapers: 'config_scrapper_count',
  playbookRuns: 'playbook_runs_count',
  created: 'created_at',
} as const;
