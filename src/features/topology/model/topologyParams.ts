import type { TopologyArgs } from '../../../api/endpoints/topology';
import type { TopologyComponent } from '../../../api/schemas/topology';

/** The dashboard's filters, as the address holds them. Missing means "All". */
export interface TopologyFilters {
  /** A health status (TOPO-01 `status`). */
  status?: string;
  /** A component type (sent with `flatten=true`). */
  type?: string;
  /** A team name. */
  team?: string;
  /** A `key=value` label. */
  labels?: string;
  /** An agent's id. */
  agent?: string;
  /** Default `status`. */
  sortBy: string;
  /** Default `desc`. */
  sortOrder: 'asc' | 'desc';
  /** `showHiddenComponents=yes|no`; missing means the preference decides. */
  showHidden?: boolean;
}

export const DEFAULT_SORT_BY = 'status';
export const DEFAULT_SORT_ORDER = 'desc';

/** Address parameters of the dashboard. */
export const TOPOLOGY_PARAMS = {
  status: 'status',
  type: 'type',
  team: 'team',
  labels: 'labels',
  agent: 'agent',
  sortBy: 'sortBy',
  sortOrder: 'sortOrder',
  showHidden: 'showHiddenComponents',
} as const;

function value(params: URLSearchParams, key: string): string | undefined {
  const text = params.get(key);
  return text === null || text === '' || text === 'All' ? undefined : text;
}

/** The filters an address holds. */
export function readTopologyFilters(params: URLSearchParams): TopologyFilters {
  const hidden = params.get(TOPOLOGY_PARAMS.showHidden);
  const filters: TopologyFilters = {
    sortBy: value(params, TOPOLOGY_PARAMS.sortBy) ?? DEFAULT_SORT_BY,
    sortOrder: params.get(TOPOLOGY_PARAMS.sortOrder) === 'asc' ? 'asc' : DEFAULT_SORT_ORDER,
  };
  const status = value(params, TOPOLOGY_PARAMS.status);
  const type = value(params, TOPOLOGY_PARAMS.type);
  const team = value(params, TOPOLOGY_PARAMS.team);
  const labels = value(params, TOPOLOGY_PARAMS.labels);
  const agent = value(params, TOPOLOGY_PARAMS.agent);
  if (status) filters.status = status;
  if (type) filters.type = type;
  if (team) filters.team = team;
  if (labels) filters.labels = labels;
  if (agent) filters.agent = agent;
  if (hidden === 'yes') filters.showHidden = true;
  if (hidden === 'no') filters.showHidden = false;
  return filters;
}

/**
 * The address with some filters changed; defaults are left out, so the bare dashboard has a
 * bare address. Other parameters stay.
 */
export function writeTopologyFilters(
  current: URLSearchParams,
  changes: Partial<TopologyFilters>,
): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (key: string, text: string | undefined, fallback?: string) => {
    if (text === undefined || text === '' || text === 'All' || text === fallback) next.delete(key);
    else next.set(key, text);
  };
  const p = TOPOLOGY_PARAMS;
  if ('status' in changes) set(p.status, changes.status);
  if ('type' in changes) set(p.type, changes.type);
  if ('team' in changes) set(p.team, changes.team);
  if ('labels' in changes) set(p.labels, changes.labels);
  if ('agent' in changes) set(p.agent, changes.agent);
  if ('sortBy' in changes) set(p.sortBy, changes.sortBy, DEFAULT_SORT_BY);
  if ('sortOrder' in changes) set(p.sortOrder, changes.sortOrder, DEFAULT_SORT_ORDER);
  if ('showHidden' in changes) {
    set(
      p.showHidden,
      changes.showHidden === undefined ? undefined : changes.showHidden ? 'yes' : 'no',
    );
  }
  return next;
}

/** Whether any filter narrows the cards (sorting does not). */
export function hasFilters(filters: TopologyFilters): boolean {
  return Boolean(filters.status || filters.type || filters.team || filters.labels || filters.agent);
}

/** The changes that clear every filter (sorting and the hidden switch stay). */
export const CLEARED: Partial<TopologyFilters> = {
  status: undefined,
  type: undefined,
  team: undefined,
  labels: undefined,
  agent: undefined,
};

/** TOPO-01's arguments for a page: the component (if any), the filters and the hidden setting. */
export function topologyArgs(
  id: string | undefined,
  filters: TopologyFilters,
  showHidden: boolean,
): TopologyArgs {
  return {
    ...(id ? { id } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.type ? { type: filters.type } : {}),
    ...(filters.team ? { team: filters.team } : {}),
    ...(filters.labels ? { labels: filters.labels } : {}),
    ...(filters.agent ? { agentId: filters.agent } : {}),
    sortBy: filters.sortBy,
    sortOrder: filters.sortOrder,
    showHidden,
  };
}

/**
 * The filters a backend may ignore (TOPO-01 reads neither `team`, `hidden` nor `agent_id`),
 * applied to the cards and their children here as well: hidden components go when they are
 * not shown, a team keeps the components it owns, an agent those it reports.
 */
export function keepComponent(
  component: TopologyComponent,
  filters: Pick<TopologyFilters, 'team' | 'agent'>,
  showHidden: boolean,
): boolean {
  if (!showHidden && component.hidden === true) return false;
  if (filters.agent && component.agent_id && component.agent_id !== filters.agent) return false;
  if (filters.team && (component.owner ?? '').toLowerCase() !== filters.team.toLowerCase()) {
    return false;
  }
  return true;
}

/** Children a card lists: hidden ones go when hidden components are not shown. */
export function visibleChildren(
  component: TopologyComponent,
  showHidden: boolean,
): TopologyComponent[] {
  return (component.components ?? []).filter((child) => showHidden || child.hidden !== true);
}

/** The ids above a component, root first: `parents`, else its `path`. */
export function ancestorIds(component: TopologyComponent): string[] {
  if (component.parents && component.parents.length > 0) return component.parents;
  return (component.path ?? '').split('.').filter((id) => id !== '' && id !== component.id);
}
