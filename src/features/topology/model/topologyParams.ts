import type { TopologyArgs } from '../../../api/endpoints/topology';
import type { Topology, TopologyComponent } from '../../../api/schemas/topology';
import type { UrlStateOf } from '../../../lib/urlState';
import { boolean, defineUrlState, oneOf } from '../../../lib/urlState';

export const DEFAULT_SORT_BY = 'status';
export const DEFAULT_SORT_ORDER = 'desc';

/** Empty text and `All` are no choice. */
const chosen = (value: string): value is string => value !== '' && value !== 'All';
const choice = () => oneOf(chosen, { filter: true });

/**
 * The dashboard's filters, sort and hidden switch in the address; missing means "All", and
 * defaults are left out, so the bare dashboard has a bare address. Every change is a history
 * entry.
 */
export const TOPOLOGY_STATE = defineUrlState(
  {
    /** A health status (TOPO-01 `status`). */
    status: choice(),
    /** A component type (sent with `flatten=true`). */
    type: choice(),
    /** A team name. */
    team: choice(),
    /** A `key=value` label. */
    labels: choice(),
    /** An agent's id. */
    agent: choice(),
    sortBy: oneOf(chosen, { default: DEFAULT_SORT_BY }),
    sortOrder: oneOf(['asc', 'desc'], { default: DEFAULT_SORT_ORDER }),
    /** `showHiddenComponents=yes|no`; missing means the preference decides. */
    showHidden: boolean({ param: 'showHiddenComponents', words: ['yes', 'no'] }),
  },
  { history: 'push', pageParam: null },
);

/** The dashboard's filters, as the address holds them. */
export type TopologyFilters = UrlStateOf<typeof TOPOLOGY_STATE.fields>;

/** Whether any filter narrows the cards (sorting does not). */
export function hasFilters(filters: TopologyFilters): boolean {
  return TOPOLOGY_STATE.isFiltered(filters);
}

/** The changes that clear every filter (sorting and the hidden switch stay). */
export const CLEARED: Partial<TopologyFilters> = TOPOLOGY_STATE.filterDefaults();

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
  filters: Partial<Pick<TopologyFilters, 'team' | 'agent'>>,
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

/** The same request for every status: `args` without its status, or undefined when it has none. */
export function everyStatusArgs(args: TopologyArgs): TopologyArgs | undefined {
  if (!args.status) return undefined;
  const { status: _status, ...rest } = args;
  return rest;
}

/**
 * The answer for `status` (a comma list) drawn from the answer for every status: TOPO-01's
 * status filter keeps the cards whose status is in the list and leaves their children, the
 * page's component and the filters' choices as they are.
 */
export function narrowToStatus(topology: Topology, status: string): Topology {
  const statuses = status
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  return {
    ...topology,
    cards: topology.cards.filter((card) => statuses.includes(card.status ?? '')),
  };
}
