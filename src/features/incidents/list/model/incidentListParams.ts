import type { IncidentListFilters } from '../../../../api/endpoints/incidents';
import type { UrlStateOf } from '../../../../lib/urlState';
import { defineUrlState, text } from '../../../../lib/urlState';
import { ownedField } from '../../../../widgets/ownedByMyTeams';
import { DEFAULT_INCIDENT_STATUS } from '../../model/incidentValues';

/** The value of `status` that lists incidents of every status. */
export const ALL_STATUSES = 'all';

/** The status listed while the address names none. */
export const DEFAULT_LIST_STATUS = DEFAULT_INCIDENT_STATUS;

/**
 * The incident list's filters as its address holds them (api.md INC-01): the search by title,
 * status (`open` unless named, so `/incidents` stays the address of the default list; `all`
 * for every status), severity, type, owner (`created_by`) and a component with evidence on
 * it, and `owned=mine` (evidence on an item the user's teams own). A change goes back to the first page and is a history entry. The page, its size and the
 * sort are `useListPage`'s.
 */
export const INCIDENT_FILTERS = defineUrlState(
  {
    search: text({ default: '', trim: true, filter: true }),
    status: text({ default: DEFAULT_LIST_STATUS, trim: true, filter: true }),
    severity: text({ trim: true, filter: true }),
    type: text({ trim: true, filter: true }),
    owner: text({ trim: true, filter: true }),
    component: text({ trim: true, filter: true }),
    owned: ownedField(),
  },
  { history: 'push' },
);

/** The list's filters; `status` is always set (`all`, or one status). */
export type IncidentUrlFilters = UrlStateOf<typeof INCIDENT_FILTERS.fields> & IncidentListFilters;
