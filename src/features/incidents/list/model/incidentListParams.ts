import type { IncidentListFilters } from '../../../../api/endpoints/incidents';
import { DEFAULT_INCIDENT_STATUS } from '../../model/incidentValues';

/**
 * The incident list's filters as its address holds them (api.md INC-01): the search by title,
 * status, severity, type, owner (`created_by`) and a component with evidence on it. The
 * page, its size and the sort have their own parameters (`useListPage`).
 */
export const INCIDENT_FILTER_PARAMS = {
  search: 'search',
  status: 'status',
  severity: 'severity',
  type: 'type',
  owner: 'owner',
  component: 'component',
} as const;

export type IncidentFilterName = keyof typeof INCIDENT_FILTER_PARAMS;

/** The value of `status` that lists incidents of every status. */
export const ALL_STATUSES = 'all';

/** The status listed while the address names none. */
export const DEFAULT_LIST_STATUS = DEFAULT_INCIDENT_STATUS;

/** The list's filters; `status` is always set (`all`, or one status). */
export interface IncidentUrlFilters extends IncidentListFilters {
  search: string;
  status: string;
}

const NAMES = Object.keys(INCIDENT_FILTER_PARAMS) as IncidentFilterName[];

/**
 * The filters of `params`. Missing and blank parameters are left out, except `status`, which
 * is `open` when the address names none (the list's default).
 */
export function readIncidentFilters(params: URLSearchParams): IncidentUrlFilters {
  const filters: IncidentUrlFilters = { search: '', status: DEFAULT_LIST_STATUS };
  for (const name of NAMES) {
    const value = params.get(INCIDENT_FILTER_PARAMS[name])?.trim();
    if (value) filters[name] = value;
  }
  return filters;
}

/**
 * A copy of `params` with the changed filters written in. An empty or undefined value removes
 * its parameter; so does the default status, so that `/incidents` stays the address of the
 * default list. Other parameters stay, except the page, which goes back to the first.
 */
export function writeIncidentFilters(
  params: URLSearchParams,
  changes: Partial<IncidentUrlFilters>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of NAMES) {
    if (!(name in changes)) continue;
    const key = INCIDENT_FILTER_PARAMS[name];
    const value = changes[name]?.trim();
    if (!value || (name === 'status' && value === DEFAULT_LIST_STATUS)) next.delete(key);
    else next.set(key, value);
  }
  next.delete('pageIndex');
  return next;
}

/** Whether the list shows anything but the default (open incidents, no other filter). */
export function hasIncidentFilters(filters: IncidentUrlFilters): boolean {
  return NAMES.some((name) =>
    name === 'status' ? filters.status !== DEFAULT_LIST_STATUS : Boolean(filters[name]),
  );
}

/** A copy of `params` back at the default list, on its first page; page size and sort stay. */
export function clearIncidentFilters(params: URLSearchParams): URLSearchParams {
  return writeIncidentFilters(
    params,
    Object.fromEntries(NAMES.map((name) => [name, undefined])) as Partial<IncidentUrlFilters>,
  );
}
