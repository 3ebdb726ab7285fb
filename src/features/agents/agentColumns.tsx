import { Tag } from '@blueprintjs/core';
import type { AgentSummary } from '../../api/schemas/agents';
import { relativeOrDate } from '../../lib/relativeTime';
import type { FormatDateFn } from '../../shell/useFormatDate';
import type { DataTableColumn } from '../../ui/DataTable/DataTable';
import {
  AGENT_SORT_KEYS,
  NEVER_SEEN,
  STALE_HINT,
  STALE_LABEL,
  agentCount,
  isAgentStale,
} from './model/agentRow';

export interface AgentColumnsOptions {
  formatDate: FormatDateFn;
  /** The instant last seen times are aged against (when the page was read). */
  now: Date;
}

/** When the agent last reported, as an age, with the stale marker when it is silent too long. */
export function LastSeen({
  agent,
  now,
  formatDate,
}: { agent: AgentSummary } & AgentColumnsOptions) {
  const stale = isAgentStale(agent.last_seen, now, agent.id);
  const shown = agent.last_seen ? relativeOrDate(agent.last_seen, formatDate, now) : '';
  return (
    <span
      className="mc-agent-last-seen"
      title={agent.last_seen ? formatDate(agent.last_seen) : undefined}
    >
      <span>{shown || NEVER_SEEN}</span>
      {stale && (
        <Tag
          minimal
          intent="warning"
          icon="time"
          title={STALE_HINT}
          aria-label={`${STALE_LABEL}: ${STALE_HINT}`}
        >
          {STALE_LABEL}
        </Tag>
      )}
    </span>
  );
}

const countColumn = (
  id: keyof typeof AGENT_SORT_KEYS,
  header: string,
  value: (agent: AgentSummary) => number | string | null | undefined,
): DataTableColumn<AgentSummary> => ({
  id,
  header,
  sortKey: AGENT_SORT_KEYS[id],
  width: 100,
  align: 'right',
  cell: (agent) => agentCount(value(agent)),
});

/**
 * The agents list's columns: Name, Hostname, Version, IP, Last Seen (with the stale marker), and
 * the counts of configs, checks, scrapers and playbook runs; all sort on the server.
 */
export function agentColumns(options: AgentColumnsOptions): DataTableColumn<AgentSummary>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      sortKey: AGENT_SORT_KEYS.name,
      minWidth: 180,
      cell: (agent) => agent.name,
    },
    {
      id: 'hostname',
      header: 'Hostname',
      sortKey: AGENT_SORT_KEYS.hostname,
      minWidth: 160,
      cell: (agent) => agent.hostname ?? '',
    },
    {
      id: 'version',
      header: 'Version',
      sortKey: AGENT_SORT_KEYS.version,
      width: 110,
      cell: (agent) => agent.version ?? '',
    },
    {
      id: 'ip',
      header: 'IP',
      sortKey: AGENT_SORT_KEYS.ip,
      width: 130,
      cell: (agent) => agent.ip ?? '',
    },
    {
      id: 'lastSeen',
      header: 'Last Seen',
      sortKey: AGENT_SORT_KEYS.lastSeen,
      width: 170,
      cell: (agent) => <LastSeen agent={agent} {...options} />,
    },
    countColumn('configs', 'Configs', (agent) => agent.config_count),
    countColumn('checks', 'Checks', (agent) => agent.checks_count),
    countColumn('scrapers', 'Scrapers', (agent) => agent.config_scrapper_count),
    countColumn('playbookRuns', 'Playbook Runs', (agent) => agent.playbook_runs_count),
  ];
}
